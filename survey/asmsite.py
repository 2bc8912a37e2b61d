"""Check one warning of the survey against the generated aarch64 assembly.

    /usr/bin/python3 survey/asmsite.py OBJECT SOURCE_BASENAME \
        --head L[,L] --dep L[,L] [--survey build/survey/V] [--show]
    /usr/bin/python3 survey/asmsite.py OBJECT \
        --head FILE:L[,FILE:L] --dep FILE:L[,...] [--function F[,F]] ...

Recompiles OBJECT (e.g. kernel/cgroup/cgroup.o) with its kbuild command
from SURVEY_DIR/compile_commands.json to assembly (-S; the kernel config
has debug info, so every instruction carries its source line), without
the plugin, and runs the repository's independent assembly checker
(rcuderef/asmcheck) on it: which memory accesses on the --dep lines of
SOURCE_BASENAME still depend, through registers, on the loads of the
--head lines.  This is the truth the triage relies on; it does not use
the plugin.

The second form names places by file basename and line, in any file of
the object (a head in include/linux/page-flags.h, an access in
asm/atomic_lse.h: inlined headers), each head analysed only in the
functions holding its loads, and only in the --function ones if given (the
function the plugin's warning names): rcuderef.asmcheck.aarch64's
check_places.
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from rcuderef import compile_commands, layout  # noqa: E402
from rcuderef.asmcheck.__main__ import describe  # noqa: E402
from rcuderef.asmcheck.aarch64 import analyze, check_places  # noqa: E402


def lines(text):
    """Lines (``6,7``) or places (``page-flags.h:253,list.h:76``)."""
    out = set()
    for x in text.split(","):
        x = x.strip()
        if not x:
            continue
        name, sep, line = x.rpartition(":")
        try:
            out.add((os.path.basename(name), int(line)) if sep else int(x))
        except ValueError:
            raise argparse.ArgumentTypeError("not a line or FILE:LINE: %r" % x)
    return out


def is_places(specs):
    return any(isinstance(x, tuple) for x in specs)


def show_places(opts, asm):
    if not (is_places(opts.head) and is_places(opts.dep)) or any(
            isinstance(x, int) for x in opts.head | opts.dep):
        raise SystemExit("asmsite: give every --head and --dep as FILE:LINE, "
                         "or every one as a line of SOURCE_BASENAME")
    functions = opts.function.split(",") if opts.function else None
    res = check_places(asm, opts.head, opts.dep, functions)
    print("%s: heads at %s%s" % (
        opts.object, ", ".join("%s:%d" % p for p in sorted(opts.head)),
        " in %s" % ", ".join(functions) if functions else ""))
    for h in res.heads:
        print("  head %s:%d: %s [%s]" % (h.file, h.line, h.text, h.function))
    for insn, a in res.accesses:
        if opts.show or not a.dependent:
            print("  %s:%d %s" % (insn.file, insn.line, describe(a)))
    print("verdict: %s" % res.verdict)


def assembly(survey, obj):
    try:
        argv, directory = compile_commands.find(survey, obj)
    except LookupError as e:
        raise SystemExit(str(e))
    cmd = compile_commands.rewrite(argv, cc=compile_commands.KERNEL_CC)
    with tempfile.TemporaryDirectory() as tmp:
        s = os.path.join(tmp, "out.s")
        subprocess.run(cmd + ["-S", "-o", s], cwd=directory, check=True)
        with open(s) as f:
            return f.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("object")
    ap.add_argument("source", nargs="?")
    ap.add_argument("--head", type=lines, required=True)
    ap.add_argument("--dep", type=lines, required=True)
    ap.add_argument("--survey", default=layout.current().survey)
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--function", help="limit to these functions (F[,F])")
    opts = ap.parse_args()
    if opts.source is None and not is_places(opts.head):
        ap.error("SOURCE_BASENAME is needed unless places are FILE:LINE")
    asm = assembly(os.path.abspath(opts.survey), opts.object)
    if is_places(opts.head) or is_places(opts.dep):
        show_places(opts, asm)
        return
    res = analyze(asm, opts.source, opts.head, opts.dep)
    print("%s %s: heads on lines %s" % (opts.object, opts.source, sorted(opts.head)))
    for h in res.heads:
        print("  head line %d: %s [%s]" % (h.line, h.text, h.function))
    for line, accesses in res.deps.items():
        state = ("vanished" if line in res.vanished_lines else
                 "BROKEN" if line in res.broken_lines else "intact")
        print("  dep line %d: %s" % (line, state))
        if opts.show or state != "intact":
            for a in accesses:
                print(describe(a))
    print("verdict: %s" % res.verdict)


if __name__ == "__main__":
    main()
