"""python3 -m qemu.harness run: boot the built test kernels and report.

'make run' builds the plugin, both kernels (warning mode, then fix-up
mode) and the initramfs first, then calls this to print, for each kernel,
what the plugin reported during its build and how its boot went: the
KUnit self-test, rcutorture, the fix-up report, and how the boot ended.
"""
import argparse
import sys

from rcuderef import layout

from . import boot, console, fixups, kbuild, ktap, torture


def report_build(kb, src, mode):
    with open(kb.log) as f:
        compiles = list(kbuild.c_compiles(f.read()))
    with open(kb.err) as f:
        err = f.read()
    loaded = sum(1 for w in compiles if kbuild.plugin_loaded(w))
    warnings = kbuild.plugin_warnings(err, src)
    print("%s: plugin loaded for %d of %d C files of the kernel build" % (
        mode, loaded, len(compiles)))
    print("%s: plugin: %d warning(s)" % (mode, len(warnings)))
    for f, line, msg in warnings:
        print("%s:   %s:%d: %s" % (mode, f, line, msg))
    return err


def run_mode(lay, args, mode):
    src = lay.kernel_src
    kb = kbuild.kernel_build(mode, lay)
    err = report_build(kb, src, mode)
    built = sorted(fixups.build_sites(err, src))
    if mode == "fixup":
        print("%s: plugin: %d site(s) fixed (\"fix-up:\" notes)" % (mode, len(built)))
    log = lay.console_log(mode)
    res = boot.boot(kb.image, lay.initramfs, log, timeout=args.timeout,
                    append=torture.cmdline(), karch=lay.karch)
    con = console.parse(res.console)
    print("%s: boot: %s, console log in %s" % (
        mode, " ".join(boot.MACHINES[lay.karch].args), log))
    right = console.is_version(con.version, lay.kernel)
    print("%s: boot: booted Linux %s (banner), asked for Linux %s%s" % (
        mode, con.version or "(no banner)", lay.kernel, "" if right else ": WRONG KERNEL"))
    for line in con.init_lines:
        print("%s: boot: init: %s" % (mode, line))
    for suite in ktap.parse(res.console).subtests:
        passed = sum(1 for t in suite.subtests if t.ok and not t.skipped)
        print("%s: boot: KUnit suite %s: %d/%d cases passed" % (
            mode, suite.name, passed, len(suite.subtests)))
    ok = con.clean and right and not res.timed_out
    if mode == "fixup":
        rep = fixups.parse(res.console, src)
        same = sorted(rep.sites) == built
        print("%s: boot: fix-up report: %s; %s the build's notes" % (
            mode, fixups.summary(rep), "equals" if same else "DIFFERS from"))
        ok = ok and same
    tort = torture.parse(res.console)
    print("%s: boot: %s" % (mode, torture.summary(tort)))
    print("%s: boot: %s%s" % (mode, console.summary(con),
                              " (timed out)" if res.timed_out else ""))
    return ok and tort.ok


def run(args):
    lay = layout.current(args.build, args.kernel, args.karch)
    print("rcu-deref: Linux %s (KERNEL=%s; supported: %s, default the newest) "
          "for %s (KARCH=%s; supported: %s)" % (
              lay.kernel, lay.kernel, " ".join(layout.KERNELS), lay.target.triplet,
              lay.karch, " ".join(layout.KERNEL_TARGETS)))
    results = [run_mode(lay, args, mode) for mode in kbuild.MODES]
    return 0 if all(results) else 1


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m qemu.harness")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="boot the built kernels and report")
    r.add_argument("--build", help="the build directory (relative: to the "
                   "repository; default: $RCU_DEREF_BUILD, else build)")
    r.add_argument("--kernel", help="the kernel version (default: "
                   "$RCU_DEREF_KERNEL, else the layout's default)")
    r.add_argument("--karch", help="the test kernels' architecture (default: "
                   "$RCU_DEREF_KARCH, else the layout's default)")
    r.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args(argv)
    try:
        return run(args)
    except layout.UnknownParameter as e:
        ap.error(str(e))


if __name__ == "__main__":
    sys.exit(main())
