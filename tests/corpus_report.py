"""Detection and false positives of the plugin on the hazard corpus.

    /usr/bin/python3 -m tests.corpus_report [--mismatches] [--gcc N] [--target=T,...]

Prints a Markdown table: for each compiler and level, the dependent
accesses (rcu:dep lines) that the compiler's own assembly shows broken
(aarch64, x86-64, powerpc64le and riscv64 checkers), how many the plugin warned about as broken,
how many it missed, its warnings on accesses the assembly shows intact, and
its rule warnings (a comparison or boolean result used as an address, kept
by the final code: counted apart, not as breaks).  With --mismatches, then lists each case,
compiler and level where the plugin's warnings differ from the assembly.
Every GCC release of the layout (12, then 11: "aarch64-linux-gnu GCC 11"),
or only the one --gcc N names.
--target= limits the table to the targets named (GNU triplets).
"""
import sys

from tests import corpus
from rcuderef.compiler import COMPILERS, TARGET_COMPILERS, TARGETS, label


def verdicts(compilers=COMPILERS, targets=None):
    cases = corpus.cases()
    for gcc in compilers:
        for opt in corpus.LEVELS:
            for target in sorted(targets or TARGETS):
                if gcc not in TARGET_COMPILERS[target]:
                    continue
                yield label(target, gcc), opt, [
                    corpus.plugin_verdict(c, target, opt,
                                          corpus.truth(c, opt, target, gcc), gcc)
                    for c in cases]


def row(target, opt, found):
    broken = sum(len(v.truth) for v in found)
    detected = sum(len(v.detected) for v in found)
    missed = sum(len(v.missed) for v in found)
    fp = sum(len(v.false_positives) + len(v.other_warnings) for v in found)
    rule = sum(len(v.rule_warned) for v in found)
    return target, opt, len(found), broken, detected, missed, fp, rule


def lines(v):
    return ", ".join(str(n) for n in sorted(v)) or "-"


def main(argv):
    mismatches = []
    compilers = COMPILERS
    if "--gcc" in argv:
        compilers = (argv[argv.index("--gcc") + 1],)
    targets = None
    for a in argv:
        if a.startswith("--target="):
            targets = a.split("=", 1)[1].split(",")
    print("| compiler | level | cases | accesses broken in the assembly "
          "| warned | missed | false positives | rule warnings |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for target, opt, found in verdicts(compilers, targets):
        print("| %s | %s | %d | %d | %d | %d | %d | %d |"
              % row(target, opt, found))
        mismatches += [v for v in found
                       if v.missed or v.false_positives or v.other_warnings]
    if "--mismatches" in argv:
        print()
        print("| case | compiler | level | broken (assembly) | warned | missed | false positives |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for v in sorted(mismatches, key=lambda v: (v.case, v.target, v.gcc, v.opt)):
            fp = sorted(v.false_positives) + [w[0] for w in v.other_warnings]
            print("| %s | %s | %s | %s | %s | %s | %s |" % (
                v.case, label(v.target, v.gcc), v.opt, lines(v.truth), lines(v.warned),
                lines(v.missed), lines(fp)))


if __name__ == "__main__":
    main(sys.argv[1:])
