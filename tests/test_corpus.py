"""The hazard corpus (tests/corpus/): the plugin's warnings against the truth
read from each compiler's own assembly (aarch64 and x86-64 checkers), and
byte-identical code in warning mode."""
import functools

import pytest

from tests import corpus
from rcuderef.compiler import COMPILERS, DEFAULT_COMPILER, TARGETS

CASES = corpus.cases()
TARGET_LIST = sorted(TARGETS)


def matrix(levels):
    """(GCC release, level) parameters: every level with the default GCC;
    another release at -O2 in 'make check', its other levels under the
    full_matrix marker ('make check-full')."""
    out = []
    for gcc in COMPILERS:
        for opt in levels:
            default = gcc == DEFAULT_COMPILER
            marks = () if default or opt == "-O2" else (pytest.mark.full_matrix,)
            out.append(pytest.param(gcc, opt, marks=marks,
                                    id=opt if default else "gcc%s%s" % (gcc, opt)))
    return out


# (case, target, level) -> why the plugin's verdict differs from the
# assembly.  Each entry is a known limit, documented in the README.
HELPER_IGNORES_ARGUMENT = (
    "the C front end folds x - x in zero()'s body before GIMPLE, so zero() "
    "returns 0 without using its argument, exactly like a stub such as "
    "cpu_to_node() on !NUMA; the plugin does not treat such a call result "
    "as dependent, to stay quiet on the kernel.")
KNOWN = {}
for _gcc in COMPILERS:
    for _target in TARGET_LIST:
        for _opt in corpus.LEVELS:
            KNOWN[("cancel_sub_hazard.c", _target, _opt, _gcc)] = HELPER_IGNORES_ARGUMENT


# The cases whose dep line uses a relational or boolean result as an index,
# read by hand from their sources: the rule forbids them whatever the final
# code does, so each is warned, as a break or as a rule warning.
RULE_CASES = ("rel_lt_hazard.c", "rel_ne_hazard.c", "bool_and_hazard.c",
              "bool_or_hazard.c")


@functools.lru_cache(maxsize=None)
def truth(case, opt, target, gcc=DEFAULT_COMPILER):
    return frozenset(corpus.truth(case, opt, target, gcc))


def test_corpus_is_big_enough():
    hazards = [c for c in CASES if "hazard" in c]
    assert len(CASES) >= 40 and len(hazards) >= 20


@pytest.mark.parametrize("gcc, opt", matrix(corpus.LEVELS))
@pytest.mark.parametrize("target", TARGET_LIST)
@pytest.mark.parametrize("case", CASES)
def test_verdict_matches_assembly(case, target, gcc, opt):
    v = corpus.plugin_verdict(case, target, opt, set(truth(case, opt, target, gcc)), gcc)
    why = KNOWN.get((case, target, opt, gcc))
    if why:
        # Strict: the known miss must still be exactly a miss.
        assert v.missed and not v.false_positives, "KNOWN entry is stale"
        pytest.xfail(why)
    assert v.other_warnings == []
    assert v.missed == set(), "broken in the assembly, no warning"
    assert v.false_positives == set(), "warned, but intact in the assembly"


@pytest.mark.parametrize("gcc, opt", matrix(("-O0",) + corpus.LEVELS))
@pytest.mark.parametrize("target", TARGET_LIST)
@pytest.mark.parametrize("case", CASES)
def test_warning_mode_changes_no_code(case, target, gcc, opt):
    path = corpus.case_path(case)
    without, _ = corpus.compile_asm(path, target, opt, gcc=gcc)
    with_plugin, _ = corpus.compile_asm(path, target, opt, plugin_args=[], gcc=gcc)
    assert with_plugin == without


@pytest.mark.parametrize("gcc, opt", matrix(corpus.LEVELS))
@pytest.mark.parametrize("target", TARGET_LIST)
@pytest.mark.parametrize("case", RULE_CASES)
def test_rule_cases_always_warned(case, target, gcc, opt):
    v = corpus.plugin_verdict(case, target, opt, set(truth(case, opt, target, gcc)), gcc)
    with open(corpus.case_path(case)) as f:
        _, deps = corpus.asmcheck.annotations(f.read())
    assert deps and deps <= v.warned | v.rule_warned
    # A rule warning only where the final code kept the dependency.
    assert not (v.rule_warned & v.truth)
