"""python3 -m qemu.harness run: boot the built test kernel and report.

'make run' builds the plugin, the kernel and the initramfs first, then
calls this to print what the plugin reported during the kernel build and
how the boot ended.
"""
import argparse
import os
import sys

from . import boot, console, kbuild


def report_build(kb):
    with open(kb.log) as f:
        compiles = list(kbuild.c_compiles(f.read()))
    with open(kb.err) as f:
        err = f.read()
    loaded = sum(1 for w in compiles if kbuild.plugin_loaded(w))
    messages = kbuild.plugin_messages(err)
    print("plugin: loaded for %d of %d C files of the kernel build" % (loaded, len(compiles)))
    print("plugin: %d diagnostic line(s)" % len(messages))
    for m in messages:
        print("  " + m)


def run(args):
    kb = kbuild.KernelBuild(out=os.path.join(args.build, "qemu", "kernel-warn"))
    initrd = os.path.join(args.build, "qemu", "initramfs.cpio")
    report_build(kb)
    log = os.path.join(args.build, "qemu", "console-warn.log")
    res = boot.boot(kb.image, initrd, log, timeout=args.timeout)
    con = console.parse(res.console)
    print("boot: console log in %s" % log)
    for line in con.init_lines:
        print("boot: init: " + line)
    print("boot: " + console.summary(con) + (" (timed out)" if res.timed_out else ""))
    return 0 if con.clean and not res.timed_out else 1


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m qemu.harness")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="boot the built kernel and report")
    r.add_argument("--build", default="build")
    r.add_argument("--timeout", type=int, default=120)
    args = ap.parse_args(argv)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
