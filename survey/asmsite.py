"""Check one warning of the survey against the generated aarch64 assembly.

    /usr/bin/python3 survey/asmsite.py OBJECT SOURCE_BASENAME \
        --head L[,L] --dep L[,L] [--survey build/survey/V] [--show]

Recompiles OBJECT (e.g. kernel/cgroup/cgroup.o) with its kbuild command
from SURVEY_DIR/compile_commands.json to assembly (-S; the kernel config
has debug info, so every instruction carries its source line), without
the plugin, and runs the repository's independent assembly checker
(rcuderef/asmcheck) on it: which memory accesses on the --dep lines of
SOURCE_BASENAME still depend, through registers, on the loads of the
--head lines.  This is the truth the triage relies on; it does not use
the plugin.
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from rcuderef import compile_commands, layout  # noqa: E402
from rcuderef.asmcheck.__main__ import describe  # noqa: E402
from rcuderef.asmcheck.aarch64 import analyze  # noqa: E402


def lines(text):
    return {int(x) for x in text.split(",") if x.strip()}


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
    ap.add_argument("source")
    ap.add_argument("--head", type=lines, required=True)
    ap.add_argument("--dep", type=lines, required=True)
    ap.add_argument("--survey", default=layout.current().survey)
    ap.add_argument("--show", action="store_true")
    opts = ap.parse_args()
    asm = assembly(os.path.abspath(opts.survey), opts.object)
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
