"""Each warning names the rule of Documentation/RCU/rcu_dereference.rst
that its hazard breaks.  The rule of each corpus hazard is read from its
source by hand (what the code does to the loaded value), not from the
plugin's output."""
import pytest

from rcuderef import diagnostics
from rcuderef.compiler import TARGETS
from tests import corpus

RULES = "Documentation/RCU/rcu_dereference.rst: "

RELATIONAL = "do not use the results from relational operators"
SINGLE_ELEMENT = "do not use single-element RCU-protected arrays"
CANCELLATION = "avoid cancellation"
COMPARISON = "be very careful about comparing pointers"
KNOWS_TOO_MUCH = "the compiler must not be able to deduce the value"

# What the source does to the value, and so which rule the warning cites.
EXPECTED = {
    # masks, cancellation, x % 1, x * 0, | ~0 on an index or tag
    "and_one_range_hazard.c": CANCELLATION,   # seq & 1 is 0 or 1
    "and_zero_hazard.c": CANCELLATION,
    "inline_mask_hazard.c": CANCELLATION,     # & (nr_shards() - 1) with 1 shard
    "mod_one_hazard.c": CANCELLATION,
    "mul_zero_hazard.c": CANCELLATION,       # folded by the front end: the head is unused
    "or_ones_hazard.c": CANCELLATION,
    "ptr_add_sub_hazard.c": CANCELLATION,     # p - p
    "narrow_short_mask_hazard.c": CANCELLATION,  # a short head & 0
    "narrow_u16_mod_hazard.c": CANCELLATION,  # a uint16_t head % 1
    # the value only reaches the address through a comparison or a boolean
    "bool_and_hazard.c": RELATIONAL,
    "bool_or_hazard.c": RELATIONAL,
    "rel_lt_hazard.c": RELATIONAL,
    "rel_ne_hazard.c": RELATIONAL,
    "phiprop_select_hazard.c": RELATIONAL,    # *(c ? &a : &b)
    # the access is on the path where the value equals what it was compared with
    "chain_hazard.c": COMPARISON,
    "consume_eq_hazard.c": COMPARISON,        # a consume load: its value is an integer in GIMPLE
    "eq_subst_hazard.c": COMPARISON,
    "getter_inline_hazard.c": COMPARISON,
    "getter_noinline_hazard.c": COMPARISON,
    "index_eq_const_hazard.c": COMPARISON,    # an integer index, i == 3
    "inline_helper_hazard.c": COMPARISON,
    "ipa_cp_clone_hazard.c": COMPARISON,
    "knows_too_much_hazard.c": COMPARISON,    # the warned access is p->a under p == &variable1
    "list_traverse_hazard.c": COMPARISON,
    "loop_exit_hazard.c": COMPARISON,
    "merge_before_head_hazard.c": COMPARISON,
    "ne_branch_hazard.c": COMPARISON,
    "narrow_char_eq_hazard.c": COMPARISON,    # an unsigned char index, c == 3
    "narrow_bool_branch_hazard.c": COMPARISON,  # if (b): a _Bool that is not 0 is 1
    "tag_mask_hazard.c": COMPARISON,          # a consume load of an integer, compared as a pointer
    "xor_hazard.c": COMPARISON,
}

# Hazards whose warning cites another rule than the one read from the
# source: the rule the plugin cites today, and why.  The test checks that
# the warning still cites exactly that rule before it calls the case an
# expected failure, so a change (fixed, or wrong in another way) fails it.
KNOWN_WRONG = {
    "ptr_add_sub_hazard.c": (
        KNOWS_TOO_MUCH,
        "p - p is computed inside index_of() before inlining; "
        "the base pointer &pool[...] still derives from the head at "
        "the mark pass, so the note says the compiler deduced the pointer"),
    "narrow_bool_branch_hazard.c": (
        CANCELLATION,
        "if (b) compares the _Bool with zero, which the plugin does not "
        "record as a comparison (right for a pointer, but a _Bool that is "
        "not 0 is 1), so the constant index table[1] is taken for a cancellation"),
}


def rule_notes(case, target):
    _, stderr = corpus.compile_asm(corpus.case_path(case), target, "-O2",
                                   plugin_args=[], extra=("-fdiagnostics-format=json",))
    out = set()
    for d in diagnostics.parse(stderr):
        if d["kind"] != "warning":
            continue
        for c in d.get("children", []):
            at = c["message"].find(RULES)
            if at >= 0:
                out.add(c["message"][at + len(RULES):])
    return out


RULE_NAMES = (RELATIONAL, SINGLE_ELEMENT, CANCELLATION, COMPARISON, KNOWS_TOO_MUCH)


def cited_rules(notes):
    """The rules a set of rule notes cites, each by its name above (a note
    that starts with none of them is kept whole)."""
    out = set()
    for note in notes:
        out.add(next((r for r in RULE_NAMES if note.startswith(r)), note))
    return out


def test_cited_rules():
    assert cited_rules(set()) == set()
    assert cited_rules({KNOWS_TOO_MUCH + ' ("example where the compiler knows too much")',
                        CANCELLATION + ', all-zero "&"'}) == {KNOWS_TOO_MUCH, CANCELLATION}
    assert cited_rules({"something else"}) == {"something else"}


def test_known_wrong_are_expected_hazards():
    assert set(KNOWN_WRONG) <= set(EXPECTED)
    for case, (cited, _) in KNOWN_WRONG.items():
        assert cited in RULE_NAMES and cited != EXPECTED[case], case


def test_every_warned_hazard_has_an_expected_rule():
    hazards = {c for c in corpus.cases() if c.endswith("_hazard.c")}
    assert set(EXPECTED) <= hazards
    assert len(EXPECTED) >= 27


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_warning_cites_the_rule_the_hazard_breaks(case, target):
    notes = rule_notes(case, target)
    if case in KNOWN_WRONG:
        cited, why = KNOWN_WRONG[case]
        assert corpus.truth(case, "-O2", target), "KNOWN_WRONG entry is stale: intact"
        assert cited_rules(notes) == {cited}, "KNOWN_WRONG entry is stale"
        pytest.xfail(why)
    if EXPECTED[case] != RELATIONAL and not corpus.truth(case, "-O2", target):
        # This compiler's final code keeps the dependency (x86-64 keeps
        # loading through the head's register after some comparisons): a
        # break only, never a rule warning, so nothing to cite.
        assert notes == set()
        return
    assert notes, "no warning"
    assert cited_rules(notes) == {EXPECTED[case]}
