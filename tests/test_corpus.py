"""The hazard corpus (tests/corpus/): the plugin's warnings against the truth
read from the aarch64 assembly, and byte-identical code in warning mode."""
import functools

import pytest

from tests import corpus
from rcuderef.compiler import TARGETS

CASES = corpus.cases()
TARGET_LIST = sorted(TARGETS)

# (case, target, level) -> why the plugin's verdict differs from the
# assembly.  Each entry is a known limit, documented in the README.
RTL_SUBSTITUTION = (
    "the dependency survives GIMPLE (the access still uses the head's SSA "
    "name after the last GIMPLE pass); RTL CSE then picks the equal register "
    "of the non-head pointer.  The plugin checks GIMPLE only.")
HELPER_IGNORES_ARGUMENT = (
    "the C front end folds x - x in zero()'s body before GIMPLE, so zero() "
    "returns 0 without using its argument, exactly like a stub such as "
    "cpu_to_node() on !NUMA; the plugin does not treat such a call result "
    "as dependent, to stay quiet on the kernel.")
KNOWN = {
    ("cmp_other_hazard.c", "aarch64-linux-gnu", "-O2"): RTL_SUBSTITUTION,
    ("cmp_other_hazard.c", "x86_64-linux-gnu", "-O2"): RTL_SUBSTITUTION,
}
for _target in TARGET_LIST:
    for _opt in corpus.LEVELS:
        KNOWN[("cancel_sub_hazard.c", _target, _opt)] = HELPER_IGNORES_ARGUMENT


@functools.lru_cache(maxsize=None)
def truth(case, opt):
    return frozenset(corpus.truth(case, opt))


def test_corpus_is_big_enough():
    hazards = [c for c in CASES if "hazard" in c]
    assert len(CASES) >= 40 and len(hazards) >= 20


@pytest.mark.parametrize("opt", corpus.LEVELS)
@pytest.mark.parametrize("target", TARGET_LIST)
@pytest.mark.parametrize("case", CASES)
def test_verdict_matches_assembly(case, target, opt):
    v = corpus.plugin_verdict(case, target, opt, set(truth(case, opt)))
    why = KNOWN.get((case, target, opt))
    if why:
        # Strict: the known miss must still be exactly a miss.
        assert v.missed and not v.false_positives, "KNOWN entry is stale"
        pytest.xfail(why)
    assert v.other_warnings == []
    assert v.missed == set(), "broken in the assembly, no warning"
    assert v.false_positives == set(), "warned, but intact in the assembly"


@pytest.mark.parametrize("opt", ("-O0",) + corpus.LEVELS)
@pytest.mark.parametrize("target", TARGET_LIST)
@pytest.mark.parametrize("case", CASES)
def test_warning_mode_changes_no_code(case, target, opt):
    path = corpus.case_path(case)
    without, _ = corpus.compile_asm(path, target, opt)
    with_plugin, _ = corpus.compile_asm(path, target, opt, plugin_args=[])
    assert with_plugin == without
