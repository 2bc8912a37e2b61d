"""python3 -m qemu.harness run: boot the built test kernels and report.

'make run' builds the plugin, both kernels (warning mode, then fix-up
mode) and the initramfs of each architecture first, then calls this to
print, for each architecture (--karch, repeated; default: every one of
the layout) and kernel, what the plugin reported during its build and how
its boot went: the KUnit self-test, rcutorture, the fix-up report, and
how the boot ended.
"""
import argparse
import sys

from rcuderef import layout

from . import boot, console, fixups, kbuild, ktap, torture


def report_build(lay, kb, mode):
    src = lay.kernel_src
    with open(kb.log) as f:
        compiles = list(kbuild.c_compiles(f.read(), lay))
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
    """Report on the kernel of mode; each line starts with a label, the
    architecture and the mode ("riscv fixup")."""
    src = lay.kernel_src
    kb = kbuild.kernel_build(mode, lay)
    label = "%s %s" % (lay.karch, mode)
    err = report_build(lay, kb, label)
    built = sorted(fixups.build_sites(err, src))
    if mode == "fixup":
        print("%s: plugin: %d site(s) fixed (\"fix-up:\" notes)" % (label, len(built)))
    log = lay.console_log(mode)
    res = boot.boot(kb.image, lay.initramfs, log, timeout=args.timeout,
                    append=torture.cmdline(), karch=lay.karch)
    con = console.parse(res.console)
    print("%s: boot: console log in %s" % (label, log))
    right = console.is_version(con.version, lay.kernel)
    print("%s: boot: booted Linux %s (banner), asked for Linux %s%s" % (
        label, con.version or "(no banner)", lay.kernel, "" if right else ": WRONG KERNEL"))
    for line in con.init_lines:
        print("%s: boot: init: %s" % (label, line))
    suites = ktap.parse(res.console).subtests
    for suite in suites:
        passed = sum(1 for t in suite.subtests if t.ok and not t.skipped)
        failed = [t.name for t in suite.subtests if not t.ok]
        print("%s: boot: KUnit suite %s: %d/%d cases passed%s" % (
            label, suite.name, passed, len(suite.subtests),
            "; FAILED: " + " ".join(failed) if failed else ""))
    ok = con.clean and right and not res.timed_out and bool(suites) \
        and all(suite.ok for suite in suites)
    if mode == "fixup":
        rep = fixups.parse(res.console, src)
        same = sorted(rep.sites) == built
        print("%s: boot: fix-up report: %s; %s the build's notes" % (
            label, fixups.summary(rep), "equals" if same else "DIFFERS from"))
        ok = ok and same
    tort = torture.parse(res.console)
    print("%s: boot: %s" % (label, torture.summary(tort)))
    print("%s: boot: %s%s" % (label, console.summary(con),
                              " (timed out)" if res.timed_out else ""))
    return ok and tort.ok


def run(args):
    results = []
    for karch in args.karch or layout.KARCHS:
        lay = layout.current(args.build, args.kernel, karch=karch)
        print("rcu-deref: Linux %s on %s (KERNEL=%s, KARCH=%s; supported: %s and %s, "
              "default the newest, every architecture)" % (
                  lay.kernel, lay.karch, lay.kernel, lay.karch, " ".join(layout.KERNELS),
                  " ".join(layout.KARCHS)))
        results += [run_mode(lay, args, mode) for mode in kbuild.MODES]
    return 0 if all(results) else 1


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m qemu.harness")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="boot the built kernels and report")
    r.add_argument("--build", help="the build directory (relative: to the "
                   "repository; default: $RCU_DEREF_BUILD, else build)")
    r.add_argument("--kernel", help="the kernel version (default: "
                   "$RCU_DEREF_KERNEL, else the layout's default)")
    r.add_argument("--karch", action="append", help="an architecture of the test "
                   "kernels (repeat it for several; default: every one, %s)" % (
                       " ".join(layout.KARCHS)))
    r.add_argument("--timeout", type=int, default=180)
    args = ap.parse_args(argv)
    try:
        return run(args)
    except layout.UnknownParameter as e:
        ap.error(str(e))


if __name__ == "__main__":
    sys.exit(main())
