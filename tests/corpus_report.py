"""Detection and false positives of the plugin on the hazard corpus.

    /usr/bin/python3 -m tests.corpus_report

Prints a Markdown table: for each compiler and level, the dependent
accesses (rcu:dep lines) that the aarch64 assembly shows broken, how many
the plugin warned about, how many it missed, and its warnings on accesses
the assembly shows intact.
"""
from tests import corpus
from rcuderef.compiler import TARGETS


def rows():
    cases = corpus.cases()
    for opt in corpus.LEVELS:
        truth = {c: corpus.truth(c, opt) for c in cases}
        for target in sorted(TARGETS):
            broken = detected = missed = fp = 0
            for c in cases:
                v = corpus.plugin_verdict(c, target, opt, truth[c])
                broken += len(v.truth)
                detected += len(v.detected)
                missed += len(v.missed)
                fp += len(v.false_positives) + len(v.other_warnings)
            yield target, opt, len(cases), broken, detected, missed, fp


def main():
    print("| compiler | level | cases | accesses broken in the assembly | warned | missed | false positives |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows():
        print("| %s | %s | %d | %d | %d | %d | %d |" % r)


if __name__ == "__main__":
    main()
