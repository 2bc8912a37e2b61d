"""python3 -m qemu.harness run: boot the built test kernel and report.

'make run' builds the plugin, the kernel and the initramfs first, then
calls this to print what the plugin reported during the kernel build and
how the boot ended.
"""
import argparse
import os
import sys

from . import boot, console, kbuild, ktap


def report_build(kb):
    with open(kb.log) as f:
        compiles = list(kbuild.c_compiles(f.read()))
    with open(kb.err) as f:
        err = f.read()
    loaded = sum(1 for w in compiles if kbuild.plugin_loaded(w))
    src = os.path.join(os.path.dirname(os.path.dirname(kb.out)), "kernel", "src")
    warnings = kbuild.plugin_warnings(err, src)
    print("plugin: loaded for %d of %d C files of the kernel build" % (loaded, len(compiles)))
    print("plugin: %d warning(s)" % len(warnings))
    for f, line, msg in warnings:
        print("  %s:%d: %s" % (f, line, msg))


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
    for suite in ktap.parse(res.console).subtests:
        passed = sum(1 for t in suite.subtests if t.ok and not t.skipped)
        print("boot: KUnit suite %s: %d/%d cases passed" % (
            suite.name, passed, len(suite.subtests)))
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
