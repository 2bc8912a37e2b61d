"""Unit tests for the independent aarch64 dependency oracle (rcuderef.asmcheck).

Hand-written snippets exercise one rule each; the real compiles at the end
check the expected verdicts that were established by reading GCC 12's
aarch64 output by hand (see the comments next to each case).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rcuderef.asmcheck import gas
from rcuderef.asmcheck.aarch64 import (
    CALL, DATA, Sites, analyze, annotations, compile_and_analyze,
    compile_to_asm, parse, written_registers)
from tests import asm_snippets

HEAD, DEP = 6, 7
DATA_DIR = Path(__file__).parent / "data" / "asm"
CC = "aarch64-linux-gnu-gcc"
needs_cc = pytest.mark.skipif(shutil.which(CC) is None,
                              reason=f"{CC} not installed")


def func(name, body):
    return asm_snippets.func(name, body, "%function")


def asm(*functions):
    """A translation unit of t.c made of the given functions."""
    return asm_snippets.unit(functions, "\t.arch armv8-a\n")


def check(body, heads=(HEAD,), deps=(DEP,)):
    """Analyze a single function ``f`` made of ``body``."""
    return analyze(asm(func("f", body)), "t.c", set(heads), set(deps))


def dep_flags(res, line=DEP):
    """(dependent, via_flags, via_call) of the non-stack accesses of a line."""
    return [(a.dependent, a.via_flags, a.via_call)
            for a in res.deps[line] if not a.stack]


# ------------------------------------------------------------ annotations

def test_annotations_finds_marked_lines():
    src = ("int f(void)\n{\n"
           "\tstruct foo *p = READ_ONCE(gp); /* rcu:head */\n"
           "\tint x = p->a; /* rcu:dep */\n"
           "\treturn x + p->b; // rcu:dep\n"
           "\t/* rcu:header is not a marker */\n"
           "\tq = rcu:head;\n}\n")
    assert annotations(src) == ({3}, {4, 5})


def test_annotations_line_with_both_markers():
    assert annotations("a;\nb; /* rcu:head rcu:dep */\n") == ({2}, {2})


# ----------------------------------------------------------- attribution

def test_head_line_adrp_is_not_a_head():
    res = check("""
        @6 adrp x0, gp
        ldr x0, [x0, #:lo12:gp]
        @7 ldr w0, [x0]
        ret
    """)
    assert [h.text for h in res.heads] == ["ldr x0, [x0, #:lo12:gp]"]
    assert res.heads[0].line == HEAD and res.heads[0].function == "f"
    assert res.verdict == "intact" and not res.vanished_lines
    assert dep_flags(res) == [(True, False, False)]


def test_loc_of_other_file_is_not_our_line():
    text = asm(func("f", """
        @6 ldr x0, [x1]
        @7 nop
    """)).replace("\tnop", '\t.file 2 "inc.h"\n\t.loc 2 7 1\n\tldr w0, [x9]')
    res = analyze(text, "t.c", {HEAD}, {DEP})
    assert res.vanished_lines == {DEP} and res.verdict == "intact"


def test_source_matched_by_basename():
    text = asm(func("f", "@6 ldr x0, [x1]\n@7 ldr w0, [x0]"))
    res = analyze(text, "/some/where/t.c", {HEAD}, {DEP})
    assert res.verdict == "intact" and res.deps[DEP]


def test_dep_line_without_memory_access_vanished():
    res = check("""
        @6 ldr x0, [x1]
        @7 add x0, x0, 1
        ret
    """)
    assert res.vanished_lines == {DEP}
    assert res.verdict == "intact" and res.deps == {DEP: []}


# ----------------------------------------------------- register data flow

@pytest.mark.parametrize("op", [
    "add x2, x0, 16",
    "add x2, x3, x0, lsl 3",
    "add x2, x3, w0, sxtw 2",
    "eor x2, x0, x3",
    "and x2, x0, -64",
    "orr x2, xzr, x0",
    "mov x2, x0",
    "madd x2, x0, x4, x5",
    "ubfx x2, x0, 4, 8",
])
def test_taint_through_data_processing(op):
    res = check(f"""
        @6 ldr x0, [x1]
        @9 {op}
        @7 ldr w0, [x2]
    """)
    assert res.verdict == "intact"


@pytest.mark.parametrize("op", [
    "mov x0, 0",
    "mov x0, #0",
    "movz x0, #0x1000",
    "adrp x0, def",
    "adr x0, .LC0",
    "mov x0, x5",
    "ldr x0, .LC0",
    "ldr x0, [x5]",
])
def test_taint_lost_by_redefinition(op):
    res = check(f"""
        @6 ldr x0, [x1]
        @9 {op}
        @7 ldr w0, [x0]
    """)
    assert res.verdict == "broken" and res.broken_lines == {DEP}
    assert dep_flags(res) == [(False, False, False)]


def test_movk_keeps_its_own_taint():
    res = check("""
        @6 ldr x0, [x1]
        @9 movk x0, 0xffff, lsl 48
        @7 ldr w0, [x0]
    """)
    assert res.verdict == "intact"


def test_w_and_x_registers_alias():
    res = check("""
        @6 ldr w1, [x9]
        @9 add x2, x3, x1, lsl 2
        @7 ldr w0, [x2]
        ldr w0, [x3, w1, sxtw 2]
    """)
    assert dep_flags(res) == [(True, False, False)] * 2


def test_writing_w_register_kills_x_register():
    res = check("""
        @6 ldr x1, [x9]
        @9 mov w1, 5
        @7 ldr w0, [x3, x1]
    """)
    assert res.verdict == "broken"


def test_zero_register_never_tainted():
    res = check("""
        @6 ldr x0, [x1]
        @9 add x2, xzr, 8
        @7 ldr w0, [x2]
    """)
    assert res.verdict == "broken"


def test_chain_through_dependent_load():
    res = check("""
        @6 ldr x0, [x1]
        @9 ldr x2, [x0, 8]
        ldr x3, [x2, x0]
        @7 ldr w0, [x3]
    """)
    assert res.verdict == "intact"


def test_atomic_result_through_dependent_address():
    res = check("""
        @6 ldr x0, [x1]
        @9 ldadd x5, x2, [x0]
        @7 str wzr, [x2]
    """)
    assert res.verdict == "intact"


def test_store_exclusive_status_is_independent():
    res = check("""
        @6 ldr x0, [x1]
        @9 stxr w0, x3, [x4]
        @7 ldr w2, [x0]
    """)
    assert res.verdict == "broken"


def test_stores_checked_by_address_only():
    res = check("""
        @6 ldr x0, [x1]
        @7 str x0, [x5]
        str w4, [x0, 4]
    """)
    assert dep_flags(res) == [(False, False, False), (True, False, False)]
    assert res.broken_lines == {DEP}


def test_post_index_keeps_base_taint_and_adds_register():
    res = check("""
        @6 ldr x0, [x1]
        @9 ldr x2, [x0], 16
        ld1 {v0.16b}, [x5], x0
        @7 ldr w3, [x0]
        ldr w3, [x5]
    """)
    assert dep_flags(res) == [(True, False, False)] * 2


def test_simd_register_round_trip():
    res = check("""
        @6 ldr d0, [x1]
        @9 fmov x2, d0
        @7 ldr w3, [x2]
    """)
    assert res.verdict == "intact"


# ------------------------------------------------------------------ flags
#
# The arm64 rule (module docstring of rcuderef.asmcheck.aarch64): what a
# conditional select takes from NZCV is a pick dependency, which does not
# order a later read; Arm's herdtools7 test catalogue/aarch64-pick T9
# (ldr; cmp; csel; ldr through the result) is Allowed.  So "flags only" is
# not dependent, and a select is dependent only if both of its choices are.

def test_flags_only_dependency_via_csel():
    """The T9 shape: not ordered on arm64, reported as via_flags."""
    res = check("""
        @6 ldr x0, [x1]
        @9 cmp x0, x3
        csel x2, x4, x5, eq
        @7 ldr w0, [x2]
    """)
    assert res.verdict == "broken"
    assert dep_flags(res) == [(False, True, False)]


def test_flags_only_dependency_via_cset_then_arithmetic():
    res = check("""
        @6 ldr x0, [x1]
        @9 tst x0, 7
        cset w2, ne
        add x2, x4, x2, lsl 3
        @7 ldr w0, [x2]
    """)
    assert dep_flags(res) == [(False, True, False)]


def test_csel_with_one_tainted_source_is_not_dependent():
    """Changed with the arm64 rule: this asserted a data dependency.  When
    the condition picks x4 the address does not derive from the head at
    all, and the condition itself is independent here."""
    res = check("""
        @6 ldr x0, [x1]
        @9 cmp x4, 8
        csel x2, x0, x4, ne
        @7 ldr w0, [x2]
    """)
    assert res.verdict == "broken"
    assert dep_flags(res) == [(False, False, False)]


def test_csel_with_both_sources_tainted_is_data_dependent():
    res = check("""
        @6 ldr x0, [x1]
        @9 add x3, x0, 8
        cmp x4, 8
        csel x2, x0, x3, ne
        @7 ldr w0, [x2]
    """)
    assert dep_flags(res) == [(True, False, False)]


def test_csel_of_head_or_constant_after_comparing_the_head():
    """``if (r1 == (int *)0x424242) r2 = &r1[5]; else r2 = &r1[8];`` at
    -O2: on the equal side the address is the constant 0x424256, derived
    from the head only through the flags."""
    res = check("""
        @6 ldr x0, [x3]
        @9 mov x2, 16962
        movk x2, 0x42, lsl 16
        mov x1, 16982
        movk x1, 0x42, lsl 16
        cmp x0, x2
        add x0, x0, 32
        csel x0, x0, x1, ne
        @7 ldr w0, [x0]
    """)
    assert res.verdict == "broken"
    assert dep_flags(res) == [(False, True, False)]


def test_csel_of_head_or_error_pointer_is_dependent():
    """``p = ERR_PTR(-11); if (a == 1) p = head;``: where the select takes
    the error pointer, the load faults and reads nothing: no order to keep
    there (the last page is never mapped)."""
    res = check("""
        @6 ldr x0, [x2]
        @9 cmp w3, 1
        mov x1, -11
        csel x0, x0, x1, eq
        @7 ldr w0, [x0, 8]
    """)
    assert res.verdict == "intact"
    assert dep_flags(res) == [(True, False, False)]


def test_error_pointer_path_joins_a_head_path():
    """The join of an error pointer path and a head path (a loop that
    retries, rhashtable's -EAGAIN) keeps the head's dependency; a 32-bit
    constant, a constant below -4095 and -4096 itself are no error
    pointers."""
    for constant, verdict in (("x19, -11", "intact"),
                              ("x19, -4095", "intact"),
                              ("x19, -4096", "broken"),
                              ("x19, 0", "broken"),
                              ("w19, -11", "broken")):
        res = check(f"""
            @9 cmp w3, 1
            mov {constant}
            bne .L2
            @6 ldr x1, [x2]
            @9 add x19, x1, 8
        .L2:
            @7 ldr w0, [x19, 8]
        """)
        assert res.verdict == verdict, constant


def test_error_pointer_alone_is_no_head():
    res = check("""
        @6 ldr x1, [x2]
        @9 mov x0, -11
        @7 ldr w0, [x0, 8]
    """)
    assert res.verdict == "broken"


def test_csinc_picks_like_csel_and_cinc_keeps_its_source():
    """csinc x2, x0, x4: x0 or x4 + 1; cinc x2, x0: x0 or x0 + 1."""
    res = check("""
        @6 ldr x0, [x1]
        @9 cmp x4, 8
        csinc x2, x0, x4, ne
        cinc x3, x0, eq
        @7 ldr w0, [x2]
        ldr w0, [x3]
    """)
    assert dep_flags(res) == [(False, False, False), (True, False, False)]


def test_flags_clobbered_by_later_compare():
    res = check("""
        @6 ldr x0, [x1]
        @9 cmp x0, x3
        cmp x4, x5
        csel x2, x4, x5, eq
        @7 ldr w0, [x2]
    """)
    assert dep_flags(res) == [(False, False, False)]


def test_conditional_compare_chains_flags():
    res = check("""
        @6 ldr x0, [x1]
        @9 cmp x0, x3
        ccmp x4, x5, 0, ne
        cset x2, eq
        @7 ldr w0, [x2]
    """)
    assert dep_flags(res) == [(False, True, False)]


# ------------------------------------------------------------------ stack

def test_stack_spill_round_trip():
    res = check("""
        @6 ldr x0, [x1]
        @9 str x0, [sp, 8]
        mov x0, 0
        @7 ldr x2, [sp, 8]
        ldr w0, [x2]
    """)
    assert res.verdict == "intact"
    assert [a.stack for a in res.deps[DEP]] == [True, False]


def test_stack_slot_overwritten_with_constant():
    res = check("""
        @6 ldr x0, [x1]
        @9 str x0, [x29, 24]
        str xzr, [x29, 24]
        @7 ldr x2, [x29, 24]
        ldr w0, [x2]
    """)
    assert res.verdict == "broken"


def test_stack_slot_partially_overwritten():
    res = check("""
        @6 ldr x0, [x1]
        @9 str x0, [sp, 8]
        str wzr, [sp, 12]
        @7 ldr x2, [sp, 8]
        ldr w0, [x2]
    """)
    assert res.verdict == "broken"


def test_narrow_reload_of_wide_slot():
    res = check("""
        @6 ldr w0, [x1]
        @9 str w0, [sp, 12]
        @7 ldrsw x2, [sp, 12]
        ldr w0, [x3, x2, lsl 2]
    """)
    assert res.verdict == "intact"


def test_sp_adjustments_rebase_slots():
    res = check("""
        @6 ldr x0, [x1]
        @9 str x0, [sp, -16]!
        sub sp, sp, #32
        ldr x2, [sp, 32]
        ldr x3, [sp, 16]
        add sp, sp, 48
        @7 ldr w0, [x2]
        ldr w0, [x3]
    """)
    assert dep_flags(res) == [(True, False, False), (False, False, False)]


def test_stack_pair_store_and_reload():
    res = check("""
        @6 ldr x0, [x1]
        @9 stp x5, x0, [sp, 16]
        ldp x2, x3, [sp, 16]
        @7 ldr w0, [x3]
        ldr w0, [x2]
    """)
    assert dep_flags(res) == [(True, False, False), (False, False, False)]


# ------------------------------------------------------------------ calls

def test_call_result_assumed_derived_from_arguments():
    res = check("""
        @6 ldr x19, [x1]
        @9 mov x0, x19
        bl helper
        @7 ldr w1, [x0]
        ldr w2, [x19]
    """)
    assert dep_flags(res) == [(True, False, True), (True, False, False)]
    assert res.verdict == "intact"


def test_call_clobbers_caller_saved_registers():
    res = check("""
        @6 ldr x9, [x1]
        @9 bl helper
        @7 ldr w1, [x9]
    """)
    assert res.verdict == "broken"


def test_call_result_independent_without_tainted_arguments():
    res = check("""
        @6 ldr x19, [x1]
        @9 mov x0, 4
        blr x20
        @7 ldr w1, [x0]
    """)
    assert res.verdict == "broken"


# -------------------------------------------------------- interprocedural

GETTER = func("get_foo", """
    @9 adrp x0, gp
    @6 ldr x0, [x0, #:lo12:gp]
    @9 ret
""")

CONST_CLONE = func("field_a.constprop.0", """
    @9 adrp x0, .LANCHOR0
    add x0, x0, :lo12:.LANCHOR0
    add x0, x0, 8
    ret
""")

IDENTITY = func("field_a", "@9 ret")


def check_tu(*functions, heads=(HEAD,), deps=(DEP,)):
    """Analyze a translation unit made of several functions."""
    return analyze(asm(*functions), "t.c", set(heads), set(deps))


@pytest.mark.parametrize("getter_first", [True, False])
def test_head_in_noinline_getter_flows_to_caller(getter_first):
    """getter_noinline_safe.c: ``get_foo: ldr x0, [gp]; ret``."""
    caller = func("reader", """
        @9 bl get_foo
        mov x1, x0
        cbz x1, .L4
        @7 ldr w0, [x1]
        .L4:
        @9 ret
    """)
    res = check_tu(*((GETTER, caller) if getter_first else (caller, GETTER)))
    assert res.verdict == "intact"
    assert dep_flags(res) == [(True, False, False)]
    assert res.summaries["get_foo"] == {"head": DATA}


def test_constant_returning_clone_ignores_dead_head_in_x2():
    """ipa_cp_clone_hazard.c -O2: the clone takes no argument; x2 still
    holds the head value at the call, but x0 comes from adrp."""
    caller = func("reader", """
        @9 adrp x2, .LANCHOR1
        @6 ldr x2, [x2, #:lo12:.LANCHOR1]
        @9 bl field_a.constprop.0
        @7 ldr w0, [x0]
        ret
    """)
    res = check_tu(CONST_CLONE, caller)
    assert res.verdict == "broken" and dep_flags(res) == [(False, False,
                                                           False)]
    assert res.summaries["field_a.constprop.0"] == {}
    # Without the clone's body the generic rule still applies.
    external = check_tu(caller)
    assert dep_flags(external) == [(True, False, True)]


@pytest.mark.parametrize("arg, intact", [
    ("mov x0, x2", True), ("add x0, x2, 8", True), ("mov x0, x1", False)])
def test_identity_callee_returns_its_argument(arg, intact):
    """ipa_cp_clone at -O1: ``field_a: ret`` gets x1 = &defs[1], not p."""
    caller = func("reader", f"""
        @9 adrp x1, defs
        @6 ldr x2, [x3]
        @9 {arg}
        bl field_a
        @7 ldr w0, [x0]
        ret
    """)
    res = check_tu(IDENTITY, caller)
    assert res.summaries["field_a"] == {"@x0": DATA}
    assert res.verdict == ("intact" if intact else "broken")
    assert dep_flags(res) == [(intact, False, False)]


@pytest.mark.parametrize("other_return, intact", [
    ("add x0, x0, 16", True), ("mov x0, x1", False), ("mov x0, 0", False)])
def test_summary_is_weakest_over_all_returns(other_return, intact):
    callee = func("pick", f"""
        @9 cbz x2, .L2
        add x0, x0, 8
        ret
        .L2:
        {other_return}
        ret
    """)
    caller = func("reader", """
        @6 ldr x0, [x5]
        @9 mov x1, 0
        bl pick
        @7 ldr w0, [x0]
        ret
    """)
    res = check_tu(callee, caller)
    assert res.verdict == ("intact" if intact else "broken")


def test_summary_through_nested_and_external_calls():
    """A callee that returns an external helper's result keeps the CALL
    level; one that returns a getter's result keeps DATA."""
    via_helper = func("wrap", """
        @9 stp x29, x30, [sp, -16]!
        bl helper
        ldp x29, x30, [sp], 16
        ret
    """)
    via_getter = func("wrap2", """
        @9 stp x29, x30, [sp, -16]!
        bl get_foo
        ldp x29, x30, [sp], 16
        ret
    """)
    caller = func("reader", """
        @6 ldr x0, [x5]
        @9 bl wrap
        @7 ldr w1, [x0]
        @9 bl wrap2
        @7 ldr w1, [x0]
        ret
    """)
    res = check_tu(GETTER, via_helper, via_getter, caller)
    assert res.summaries["wrap"] == {f"@x{n}": CALL for n in range(8)}
    assert res.summaries["wrap2"] == {"head": DATA}
    assert dep_flags(res) == [(True, False, True), (True, False, False)]


def test_tail_call_returns_the_callee_summary():
    middle = func("middle", "@9 b get_foo")
    caller = func("reader", """
        @9 bl middle
        @7 ldr w0, [x0]
        ret
    """)
    res = check_tu(GETTER, middle, caller)
    assert res.summaries["middle"] == {"head": DATA}
    assert res.verdict == "intact"
    program = parse(asm(GETTER, middle, caller), "t.c")
    (branch,) = [i for i in program.insns if i.text == "b get_foo"]
    assert program.succ[branch.index] == []


def test_tail_call_to_external_function_uses_generic_rule():
    middle = func("middle", "@9 b helper")
    caller = func("reader", """
        @6 ldr x0, [x5]
        @9 bl middle
        @7 ldr w0, [x0]
        ret
    """)
    res = check_tu(middle, caller)
    assert dep_flags(res) == [(True, False, True)]


def test_weak_function_is_not_summarized():
    caller = func("reader", """
        @6 ldr x2, [x5]
        @9 bl field_a.constprop.0
        @7 ldr w0, [x0]
        ret
    """)
    weak = "\t.weak\tfield_a.constprop.0\n" + CONST_CLONE
    res = check_tu(weak, caller)
    assert "field_a.constprop.0" not in res.summaries
    assert dep_flags(res) == [(True, False, True)]


CALLEE_ACCESS = func("use_it", """
    @7 ldr w0, [x0, 4]
    @9 ret
""")


def caller_of_use_it(name, arg="mov x0, x19", extra=""):
    """A caller that passes ``arg`` in x0 to use_it (head in x19)."""
    return func(name, f"""
        @6 ldr x19, [x5]
        @9 {arg}
        {extra or "nop"}
        bl use_it
        ret
    """)


def test_access_inside_callee_dependent_through_argument():
    res = check_tu(CALLEE_ACCESS, caller_of_use_it("reader"))
    assert res.verdict == "intact"
    assert [a.function for a in res.deps[DEP]] == ["use_it"]
    assert res.entry_taint["use_it"] == {"x0": DATA}


def test_access_inside_callee_needs_every_call_site():
    res = check_tu(CALLEE_ACCESS, caller_of_use_it("r1"),
                   caller_of_use_it("r2", arg="mov x0, x20"))
    assert res.verdict == "broken"
    assert "use_it" not in res.entry_taint


def test_access_inside_callee_via_tail_call_site():
    caller = func("reader", """
        @6 ldr x0, [x5]
        @9 b use_it
    """)
    res = check_tu(CALLEE_ACCESS, caller)
    assert res.verdict == "intact"


@pytest.mark.parametrize("how", ["global", "weak", "adrp", "data"])
def test_callee_with_unknown_callers_has_clean_arguments(how):
    callee = CALLEE_ACCESS
    caller = caller_of_use_it("reader")
    if how in ("global", "weak"):
        callee = f"\t.{how}\tuse_it\n" + callee
    elif how == "adrp":
        caller = caller_of_use_it("reader", extra="adrp x3, use_it")
    else:
        caller += "\n\t.section\t.data\nops:\n\t.xword\tuse_it\n\t.text"
    res = check_tu(callee, caller)
    assert res.verdict == "broken" and res.entry_taint == {}


def test_recursive_local_function_keeps_argument_taint():
    """walk(p->next) passes a value derived from p: greatest fixpoint."""
    walk = func("walk", """
        @7 ldr w1, [x0, 8]
        @9 ldr x0, [x0]
        cbz x0, .L9
        stp x29, x30, [sp, -16]!
        bl walk
        ldp x29, x30, [sp], 16
        .L9:
        ret
    """)
    caller = func("reader", """
        @6 ldr x0, [x5]
        @9 bl walk
        @7 ldr w2, [x0]
        ret
    """)
    res = check_tu(walk, caller)
    assert res.entry_taint["walk"] == {"x0": DATA}
    assert res.summaries["walk"] == {"@x0": DATA}
    assert res.verdict == "intact"


@pytest.mark.parametrize("reverse", [False, True])
def test_deep_call_chain_converges(reverse):
    """g0 -> g1 -> ... -> g100, which returns adrp: every summary must come
    down to "independent" (no bound hit, no fallback to the generic rule)."""
    depth = 100
    chain = [func(f"g{i}", f"""
        @9 stp x29, x30, [sp, -16]!
        bl g{i + 1}
        ldp x29, x30, [sp], 16
        ret
    """) for i in range(depth)]
    chain.append(func(f"g{depth}", "@9 adrp x0, defs\nret"))
    chain.append(func("reader", """
        @6 ldr x0, [x5]
        @9 bl g0
        @7 ldr w0, [x0]
        ret
    """))
    res = check_tu(*(chain[::-1] if reverse else chain))
    assert res.summaries["g0"] == {} and res.verdict == "broken"
    assert res.entry_taint[f"g{depth}"] == {"x0": DATA}


def test_function_without_return_uses_generic_rule():
    stop = func("stop", "@9 brk #1000")
    caller = func("reader", """
        @6 ldr x0, [x5]
        @9 bl stop
        @7 ldr w0, [x0]
        ret
    """)
    res = check_tu(stop, caller)
    assert res.summaries["stop"] is None
    assert dep_flags(res) == [(True, False, True)]


# ------------------------------------------------------- IPA-RA clobbers

# fuzz seed 79, aarch64 -Os: csmith's safe_add_func_int32_t_s_s as GCC
# wrote it; it writes w0..w2 and the flags only.
SAFE_ADD = """
    @9 cmp w0, 0
    ccmp w1, 0, 4, gt
    ble .L2
    mov w2, 2147483647
    sub w2, w2, w1
    cmp w2, w0
    blt .L3
    .L2:
    add w0, w0, w1
    .L3:
    ret
"""

# The producer string GCC writes with -g (DW_AT_producer).
NON_PIC = ('\t.section\t.debug_str,"MS",@progbits,1\n.LASF0:\n'
           '\t.string\t"GNU C17 12.2.0 -mlittle-endian -mabi=lp64 -g -Os"\n'
           '\t.text')
PIC = NON_PIC.replace('-Os"', '-Os -fPIC"')


def ipa_ra_caller(callee="local_fn", kept="x4"):
    """Seed 79's shape: a value loaded from the head's chain is kept in a
    caller-saved register across ``bl callee``, then used as an address."""
    return func("reader", f"""
        @9 stp x29, x30, [sp, -16]!
        @6 ldar x2, [x2]
        @9 ldr x2, [x2]
        ldr {kept}, [x2]
        mov w0, 1
        mov w1, 2
        bl {callee}
        @7 str x3, [{kept}]
        @9 ldp x29, x30, [sp], 16
        ret
    """)


def test_value_kept_across_call_of_local_function_not_writing_it():
    res = check_tu(func("local_fn", SAFE_ADD), ipa_ra_caller())
    assert res.verdict == "intact"
    assert dep_flags(res) == [(True, False, False)]


@pytest.mark.parametrize("order", ["callee first", "caller first"])
@pytest.mark.parametrize("callees", [
    # a function of the file that writes x4 itself, ...
    [func("local_fn", "@9 mov w4, w0\nadd w0, w4, w1\nret")],
    [func("local_fn", "@9 ldr x4, [x0]\nret")],
    [func("local_fn", "@9 ldp x3, x4, [x0]\nret")],
    [func("local_fn", "@9 ldr x0, [x4], 8\nret")],
    [func("local_fn", "@9 cbz w0, .L7\nret\n.L7:\nmovz x4, 1\nret")],
    # ... through its callee, its tail call, its own calls or jumps ...
    [func("local_fn", "@9 stp x29, x30, [sp, -16]!\nbl inner\n"
          "ldp x29, x30, [sp], 16\nret"),
     func("inner", "@9 mov x4, 0\nret")],
    [func("local_fn", "@9 b inner"), func("inner", "@9 mov x4, 0\nret")],
    [func("local_fn", "@9 cbz w0, inner\nret"),
     func("inner", "@9 mov x4, 0\nret")],
    [func("local_fn", "@9 stp x29, x30, [sp, -16]!\nbl helper\n"
          "ldp x29, x30, [sp], 16\nret")],
    [func("local_fn", "@9 b helper")],
    [func("local_fn", "@9 stp x29, x30, [sp, -16]!\nblr x1\n"
          "ldp x29, x30, [sp], 16\nret")],
    [func("local_fn", "@9 adr x1, .L8\nbr x1\n.L8:\nret")],
    [func("local_fn", "@9 svc #0\nret")],
    [func("local_fn", "@9 hint #34\nret")],
    # ... and an instruction whose written registers are unknown.
    [func("local_fn", "@9 dc civac, x0\nret")],
], ids=["mov", "ldr", "ldp", "writeback", "second-path", "callee",
        "tail-call", "cond-tail-call", "external-callee",
        "external-tail-call", "indirect-call", "indirect-branch", "svc",
        "hint", "dc"])
def test_value_lost_across_call_of_function_that_may_write_it(callees,
                                                               order):
    caller = ipa_ra_caller()
    functions = [*callees, caller]
    res = check_tu(*(functions if order == "callee first"
                     else functions[::-1]))
    assert res.verdict == "broken"
    assert dep_flags(res) == [(False, False, False)]


@pytest.mark.parametrize("callee", ["helper", "x"])
def test_value_lost_across_external_or_indirect_call(callee):
    caller = ipa_ra_caller(callee)
    if callee == "x":
        caller = caller.replace("bl x", "blr x9")
    res = check_tu(func("local_fn", SAFE_ADD), caller)
    assert res.verdict == "broken"


def test_recursive_local_function_clobbers_only_its_writes():
    """A least fixpoint: a function that calls itself writes what its body
    writes, nothing more."""
    walk = func("local_fn", """
        @9 cbz x0, .L9
        stp x29, x30, [sp, -16]!
        ldr x0, [x0]
        bl local_fn
        ldp x29, x30, [sp], 16
        .L9:
        ret
    """)
    assert check_tu(walk, ipa_ra_caller()).verdict == "intact"
    writer = walk.replace("ldr x0, [x0]", "ldr x0, [x0]\n\tmov x4, x0")
    assert check_tu(writer, ipa_ra_caller()).verdict == "broken"


# dmc620_pmu_event_update()'s shape (drivers/perf/arm_dmc620_pmu.c, Linux
# 6.12 arm64): readl() and an atomic's LSE/LL-SC alternatives, inline
# assembly between GCC's #APP and #NO_APP, with numeric labels, a
# .subsection 1 replacement, a branch to itself and to "1b"/"2f".
INLINE_ASM_CALLEE = """
    @9 add x4, x0, 488
    .L165:
    ldr x1, [x0, 312]
    #APP
    661:
    ldr w1, [x1]
    662:
    .pushsection .altinstructions,"a"
    .word 661b - .
    .popsection
    .subsection 1
    663:
    ldar w1, [x1]
    664:
    .org . - (664b-663b) + (662b-661b)
    .previous
    #NO_APP
    #APP
    dmb oshld
    #NO_APP
    uxtw x1, w1
    #APP
    eor x2, x1, x1
    cbnz x2, .
    #NO_APP
    ldr x3, [x0, 488]
    #APP
    prfm pstl1strm, [x4]
    1:	ldxr x2, [x4]
    eor x5, x2, x3
    cbnz x5, 2f
    stlxr w5, x1, [x4]
    cbnz w5, 1b
    dmb ish
    2:
    #NO_APP
    cmp x3, x2
    bne .L165
    ret
"""


def test_inline_assembly_of_a_local_callee_clobbers_only_its_writes():
    """#APP/#NO_APP are comments, 661: a label, "1b", "2f" and "." name
    instructions of the callee: it writes x0-x5 only, so IPA-RA may keep
    the head's value in x12 across its call (before, each of these lines
    made it clobber every caller-saved register)."""
    res = check_tu(func("local_fn", INLINE_ASM_CALLEE),
                   ipa_ra_caller(kept="x12"))
    assert res.verdict == "intact"
    assert dep_flags(res) == [(True, False, False)]
    writer = INLINE_ASM_CALLEE.replace("eor x5, x2, x3", "eor x12, x2, x3")
    res = check_tu(func("local_fn", writer), ipa_ra_caller(kept="x12"))
    assert res.verdict == "broken"


def test_numeric_labels_subsections_and_dot_in_the_cfg():
    """The .subsection 1 replacement is off the fall-through path; "1b"
    is the last 1: before, "2f" the next 2: after, "." the branch itself."""
    program = parse(asm(func("local_fn", INLINE_ASM_CALLEE)), "t.c")
    at = {insn.text: insn.index for insn in program.insns}
    assert program.succ[at["ldr w1, [x1]"]] == [at["dmb oshld"]]
    self_loop = at["eor x2, x1, x1"] + 1
    assert program.insns[self_loop].mnemonic == "cbnz"
    assert sorted(program.succ[self_loop]) == [self_loop, self_loop + 1]
    stlxr = at["stlxr w5, x1, [x4]"]
    assert sorted(program.succ[stlxr + 1]) == sorted(
        [stlxr + 2, at["ldxr x2, [x4]"]])
    cbnz = at["eor x5, x2, x3"] + 1
    assert sorted(program.succ[cbnz]) == sorted([stlxr, at["cmp x3, x2"]])


# WARN_ON()'s bug table entry as arm64's asm/bug.h writes it (Linux 6.12,
# net/mac80211/rx.s): one line of inline assembly whose statements are
# separated by ";", with a ";" and a "//" inside its strings.  The callee
# writes x0 only, so IPA-RA keeps the head's value in x5 across its call.
BUG_TABLE_CALLEE = """
    @9 cbnz x0, .L17
    mov x0, 1
    ret
    .L17:
    #APP
    .pushsection __bug_table,"aw"; .align 2; 14470: .long 14471f - .; .pushsection .rodata.str,"aMS",@progbits,1; 14472: .string "a;b//c.h"; .popsection; .long 14472b - .; .short 1012; .align 2; .popsection; 14471: brk 0x800
    #NO_APP
    mov x0, 0
    ret
"""


def test_statements_of_one_line_split_at_semicolons():
    """Each ";" statement of the bug table line is read apart: the two
    .popsection return to .text, so the label before the line names the
    brk, and the callee writes x0 only (read as one .pushsection, the
    code after it left .text and .L17 named no instruction).  brk, an
    exit, writes no register (read as an indirect branch, "br...", it
    made the callee clobber every caller-saved register)."""
    program = parse(asm(func("local_fn", BUG_TABLE_CALLEE)), "t.c")
    assert program.insns[program.labels[".L17"]].text == "brk 0x800"
    res = check_tu(func("local_fn", BUG_TABLE_CALLEE), ipa_ra_caller(kept="x5"))
    assert res.verdict == "intact"
    assert dep_flags(res) == [(True, False, False)]


@pytest.mark.parametrize("text,comment,parts", [
    ('mov x0, 1; mov x1, 2 // a; b', "//", ["mov x0, 1", " mov x1, 2 "]),
    ('.string "a;b//c"; nop', "//", ['.string "a;b//c"', " nop"]),
    ('.string "q\\";x"; nop', "//", ['.string "q\\";x"', " nop"]),
    ("lock; cmpxchg %rdx, (%rdi) # c", "#", ["lock", " cmpxchg %rdx, (%rdi) "]),
    ("mov x0, #1", "//", ["mov x0, #1"]),
])
def test_split_statements(text, comment, parts):
    assert gas.split_statements(text, comment) == parts


@pytest.mark.parametrize("kept", ["x16", "x17", "x30"])
def test_veneer_and_link_registers_are_lost_across_any_call(kept):
    """A linker veneer may use x16/x17 on the way to any callee; bl
    writes x30."""
    res = check_tu(func("local_fn", SAFE_ADD), ipa_ra_caller(kept=kept))
    assert res.verdict == "broken"


@pytest.mark.parametrize("binding, producer, intact", [
    ("", "", True),                   # static: bound whatever the compile
    ("", PIC, True),
    ("\t.global\tlocal_fn\n", NON_PIC, True),   # GCC 12 -fno-pic / -fPIE
    ("\t.global\tlocal_fn\n", PIC, False),      # may be interposed
    ("\t.global\tlocal_fn\n", "", False),       # compile options unknown
    ("\t.weak\tlocal_fn\n", NON_PIC, False),    # the linker may replace it
], ids=["static", "static-pic", "global", "global-pic", "global-unknown",
        "weak"])
def test_which_callees_bind_locally(binding, producer, intact):
    functions = [binding + func("local_fn", SAFE_ADD), ipa_ra_caller()]
    if producer:
        functions.append(producer)
    res = check_tu(*functions)
    assert res.verdict == ("intact" if intact else "broken")


def test_patchable_function_entries_bind_nothing():
    """ftrace or live patching may rewrite a patchable entry: no callee's
    writes are trusted."""
    patch = ('\t.section\t__patchable_function_entries,"awo",@progbits,'
             'local_fn\n\t.align\t3\n\t.8byte\t.LPFE1\n\t.text\n.LPFE1:\n'
             '\tnop\n\tnop\n')
    res = check_tu(patch + func("local_fn", SAFE_ADD), ipa_ra_caller())
    assert res.verdict == "broken"


def test_sites_keep_a_value_across_a_local_call():
    """The fuzz verdicts' Sites analysis uses the same clobbers."""
    text = asm(func("local_fn", SAFE_ADD), ipa_ra_caller())
    sites = Sites(text, "t.c")
    res = sites.check((HEAD, 3), [(DEP, 3, "store", 8)])
    assert res.verdict == "intact"
    writer = asm(func("local_fn", "@9 mov x4, 1\nret"), ipa_ra_caller())
    res = Sites(writer, "t.c").check((HEAD, 3), [(DEP, 3, "store", 8)])
    assert res.verdict == "broken"


@pytest.mark.parametrize("text, written", [
    ("add w2, w2, w1", {"x2"}),
    ("adds x3, x1, 1", {"x3", "nzcv"}),
    ("ccmp w1, 0, 4, gt", {"nzcv"}),
    ("ldp x3, x4, [x0, 16]!", {"x3", "x4", "x0"}),
    ("ld1 {v0.4s - v2.4s}, [x1]", {"v0", "v1", "v2"}),
    ("stp x29, x30, [sp, -16]!", {"sp"}),
    ("stxr w5, x1, [x0]", {"x5"}),
    ("str w1, [x0]", set()),
    ("ldadd w1, w2, [x0]", {"x2"}),
    ("casal x1, x3, [x0]", {"x1"}),
    ("ins v3.d[1], x1", {"v3"}),
    ("msr nzcv, x1", {"nzcv"}),
    ("mrs x1, tpidr_el0", {"x1"}),
    ("bl f", {"x30"}),
    ("paciasp", {"x30"}),
    ("cbz x0, .L1", set()),
    ("dmb ish", set()),
    ("blr x1", None),
    ("br x1", None),
    ("svc #0", None),
    ("dc civac, x0", None),
    ("whilelo p0.s, x1, x2", None),
])
def test_written_registers(text, written):
    (insn,) = parse(asm(func("f", text)), "t.c").insns
    got = written_registers(insn)
    assert (None if got is None else set(got)) == written


# ----------------------------------------------------------- control flow

def test_access_hoisted_above_head_is_independent():
    res = check("""
        @7 ldr w2, [x0]
        @6 ldr x0, [x1]
        @7 ldr w3, [x0, 4]
    """)
    assert dep_flags(res) == [(False, False, False), (True, False, False)]


@pytest.mark.parametrize("branch", [
    "beq .L2", "b.ne .L2", "cbz x7, .L2", "tbnz w7, #3, .L2"])
def test_join_with_one_independent_path(branch):
    res = check(f"""
        @6 ldr x0, [x1]
        @9 {branch}
        mov x0, x5
        .L2:
        @7 ldr w0, [x0]
        ret
    """)
    assert res.verdict == "broken"


def test_join_with_both_paths_dependent():
    res = check("""
        @6 ldr x0, [x1]
        @9 cbz x7, .L2
        add x0, x0, 8
        b .L3
        .L2:
        add x0, x0, 16
        .L3:
        @7 ldr w0, [x0]
        ret
    """)
    assert res.verdict == "intact"


def test_loop_walking_a_dependent_list():
    res = check("""
        @6 ldr x0, [x1]
        .L3:
        @7 ldr w2, [x0, 8]
        ldr x0, [x0]
        cbnz x0, .L3
        ret
    """)
    assert res.verdict == "intact"


def test_loop_back_edge_kills_dependency():
    res = check("""
        @6 ldr x0, [x1]
        .L3:
        @7 ldr w2, [x0, 8]
        ldr x0, [x5]
        cbnz w2, .L3
        ret
    """)
    assert res.verdict == "broken"


def test_return_ends_the_path():
    res = check("""
        @6 ldr x0, [x1]
        @9 cbz x7, .L2
        mov x0, 0
        ret
        .L2:
        @7 ldr w0, [x0]
        ret
    """)
    assert res.verdict == "intact"


def test_tail_call_ends_the_path():
    res = check("""
        @6 ldr x0, [x1]
        @9 cbz x7, .L2
        mov x0, 0
        b helper
        .L2:
        @7 ldr w0, [x0]
        ret
    """)
    assert res.verdict == "intact"


def test_taint_does_not_cross_functions():
    text = asm(func("f", "@6 ldr x0, [x1]\nret"),
               func("g", "@7 ldr w0, [x0]\nret"))
    res = analyze(text, "t.c", {HEAD}, {DEP})
    assert res.verdict == "broken"
    assert res.deps[DEP][0].function == "g"


def test_jump_table_targets_are_reached():
    """.L5 is reachable only through the rodata table read by ``br``."""
    body = func("f", """
        @6 ldr x0, [x1]
        @9 adr x2, .Lrtx4
        br x2
        .Lrtx4:
        .L6:
        @7 ldr w0, [x0]
        ret
        .L5:
        @9 mov x0, x9
        b .L6
    """)
    table = ("\t.section\t.rodata\n.L4:\n"
             "\t.byte\t(.L5 - .Lrtx4) / 4\n\t.text\n")
    res = analyze(asm(body + "\n" + table), "t.c", {HEAD}, {DEP})
    assert res.verdict == "broken"
    assert analyze(asm(body), "t.c", {HEAD}, {DEP}).verdict == "intact"


def test_cold_partition_continues_its_function():
    text = asm(func("k", """
        @6 ldr x19, [x1]
        @9 cbnz w0, .L8
        ret
    """)) + ("\t.section\t.text.unlikely\n" + func("k.cold", """
        .L8:
        bl slow
        @7 ldr w0, [x19, 4]
        ret
    """) + "\n\t.text\n")
    res = analyze(text, "t.c", {HEAD}, {DEP})
    assert res.verdict == "intact"
    assert res.deps[DEP][0].function == "k.cold"


def test_sections_do_not_fall_through():
    program = parse(asm(func("f", "@6 ldr x0, [x1]\n@7 ldr w0, [x0]")
                        .replace("\t.size", "\t.pushsection .foo\n\tnop\n"
                                 "\t.popsection\n\tret\n\t.size")),
                    "t.c")
    texts = [i.text for i in program.insns]
    nop, ret = texts.index("nop"), texts.index("ret")
    assert program.succ[nop] == [] and program.succ[ret - 2] == [ret]


# ---------------------------------------------------------------- acquire

@pytest.mark.parametrize("head, acquire", [
    ("ldar x0, [x1]", True), ("ldapr x0, [x1]", True),
    ("ldarb w0, [x1]", True), ("ldr x0, [x1]", False)])
def test_acquire_heads(head, acquire):
    res = check(f"@6 {head}\n@7 ldr w0, [x0]")
    assert res.acquire is acquire and res.verdict == "intact"


def test_no_head_found():
    res = check("@6 adrp x0, gp\n@7 ldr w0, [x0]")
    assert res.heads == [] and res.acquire is False
    assert res.verdict == "broken"


# ---------------------------------------------------- recorded assembly

def test_recorded_equality_substitution_O2():
    """eqsub.c at -O2: p->a became ``ldr w0, [x2, 8]``, x2 = &gp + 0."""
    text = (DATA_DIR / "eqsub-O2.s").read_text()
    res = analyze(text, "eqsub.c", {7}, {9})
    assert res.verdict == "broken"
    assert [a.insn_text for a in res.deps[9]] == ["ldr w0, [x2, 8]"]


def test_recorded_jump_table_O2():
    """jumptable.c at -O2 --param case-values-threshold=4 (br x1 dispatch)."""
    text = (DATA_DIR / "jumptable-O2.s").read_text()
    res = analyze(text, "jumptable.c", {8}, {20})
    assert "br x1" in [i.text for i in parse(text, "jumptable.c").insns]
    assert res.verdict == "intact" and len(res.deps[20]) == 9


def test_recorded_ipa_cp_clone_O2():
    """ipa_cp_clone_hazard.c -O2: ``bl field_a.constprop.0; ldr w0, [x0]``,
    the clone returns adrp + 8 while x2 still holds the head value."""
    text = (DATA_DIR / "ipa_cp_clone_hazard-O2.s").read_text()
    res = analyze(text, "ipa_cp_clone_hazard.c", {24}, {27})
    assert res.broken_lines == {27}
    assert [(a.insn_text, a.function) for a in res.deps[27]] == [
        ("ldr w0, [x0]", "reader")]
    assert res.summaries["field_a.constprop.0"] == {}


def test_recorded_ipa_cp_clone_O1():
    """ipa_cp_clone_hazard.c -O1: ``field_a: ret``; the caller passes
    ``mov x0, x1`` with x1 = &defs[1] (adrp), not the head in x2."""
    text = (DATA_DIR / "ipa_cp_clone_hazard-O1.s").read_text()
    res = analyze(text, "ipa_cp_clone_hazard.c", {24}, {27})
    assert res.broken_lines == {27}
    assert res.summaries["field_a"] == {"@x0": DATA}


def test_recorded_noinline_getter_O2():
    """getter_noinline_safe.c -O2: ``bl get_foo; mov x1, x0; ldr w0, [x1]``."""
    text = (DATA_DIR / "getter_noinline_safe-O2.s").read_text()
    res = analyze(text, "getter_noinline_safe.c", {16}, {27})
    assert res.verdict == "intact" and not res.vanished_lines
    assert [a.function for a in res.deps[27]] == ["reader"]
    assert res.summaries["get_foo"] == {"head": DATA}


# --------------------------------------------------------- real compiles

PRELUDE = """#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
extern void use(int);
"""

SIMPLE_RETURN = PRELUDE + """struct foo { int a; };
struct foo *gp;
int f(void)
{
	struct foo *p = READ_ONCE(gp); /* rcu:head */
	return p->a; /* rcu:dep */
}
"""

SIMPLE_USE = PRELUDE + """struct foo { int a; };
struct foo *gp;
void f(void)
{
	struct foo *p = READ_ONCE(gp); /* rcu:head */
	use(p->a); /* rcu:dep */
}
"""

EQUALITY = PRELUDE + """struct foo { int a; };
struct foo *gp;
struct foo def;
int f(void)
{
	struct foo *p = READ_ONCE(gp); /* rcu:head */
	if (p == &def)
		return p->a; /* rcu:dep */
	return 0;
}
"""

ARRAY_ONE = PRELUDE + """int a[1];
int gi;
void f(void)
{
	int i = READ_ONCE(gi); /* rcu:head */
	use(a[i]); /* rcu:dep */
}
"""

ARRAY_ONE_RANGE = PRELUDE + """int a[1];
unsigned gi;
void f(void)
{
	unsigned i = READ_ONCE(gi); /* rcu:head */
	if (i < 1)
		use(a[i]); /* rcu:dep */
}
"""

CONSUME = PRELUDE + """struct foo { int a; };
struct foo *gp;
void f(void)
{
	struct foo *p = __atomic_load_n(&gp, __ATOMIC_CONSUME); /* rcu:head */
	use(p->a); /* rcu:dep */
}
"""


IPA_RA = asm_snippets.IPA_RA_C

def run(tmp_path, source, opt, extra=()):
    """Write ``source`` to t.c and analyze it at ``opt``."""
    c_file = tmp_path / "t.c"
    c_file.write_text(source)
    return compile_and_analyze(c_file, CC, opt, extra)


def dep_line(source):
    """The single rcu:dep line of a test source."""
    (line,) = annotations(source)[1]
    return line


@needs_cc
@pytest.mark.parametrize("opt", ["-O0", "-O1", "-O2"])
def test_real_use_of_dependent_field_intact(tmp_path, opt):
    res = run(tmp_path, SIMPLE_USE, opt)
    assert res.verdict == "intact" and not res.vanished_lines
    assert not res.acquire



@needs_cc
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os"])
@pytest.mark.parametrize("pic", [[], ["-fPIC"]])
def test_real_value_kept_across_call_by_ipa_ra(tmp_path, opt, pic):
    """Read by hand, GCC 12: at -O2 and -Os (not -fPIC) ``ldr x2, [x2,
    #:lo12:.LANCHOR0]`` (the head) stays in x2 across ``bl add`` (static)
    and ``bl gadd`` (global), which write w0 only, and ``str x1, [x2]`` is
    the dep; at -O1, and for gadd at -O2 -fPIC, p is kept in x19, and at
    -O2 -fPIC reader loads the head after ``bl add``.  Every dep access is
    dependent."""
    res = run(tmp_path, IPA_RA, opt, pic)
    assert res.verdict == "intact" and not res.vanished_lines

@needs_cc
@pytest.mark.parametrize("opt", ["-O1", "-O2"])
def test_real_return_load_is_attributed_to_closing_brace(tmp_path, opt):
    """``return p->a;``: GCC puts the ``ldr w0, [x0]`` at the ``}`` line."""
    res = run(tmp_path, SIMPLE_RETURN, opt)
    line = dep_line(SIMPLE_RETURN)
    assert res.verdict == "intact" and res.vanished_lines == {line}
    heads = {h.line for h in res.heads}
    brace = analyze(compile_to_asm(tmp_path / "t.c", CC, opt), "t.c",
                    heads, {line + 1})
    assert [a.insn_text for a in brace.deps[line + 1]] == ["ldr w0, [x0]"]
    assert brace.verdict == "intact"


@needs_cc
def test_real_return_load_at_O0_uses_stack(tmp_path):
    res = run(tmp_path, SIMPLE_RETURN, "-O0")
    assert res.verdict == "intact" and not res.vanished_lines
    assert [a.stack for a in res.deps[dep_line(SIMPLE_RETURN)]] == [
        True, False]


@needs_cc
@pytest.mark.parametrize("opt, broken", [
    ("-O0", False), ("-O1", True), ("-O2", True)])
def test_real_equality_substitution(tmp_path, opt, broken):
    """-O1 loads ``.LANCHOR0+8`` via adrp, -O2 via the anchor in x2."""
    res = run(tmp_path, EQUALITY, opt)
    assert res.broken_lines == ({dep_line(EQUALITY)} if broken else set())


@needs_cc
@pytest.mark.parametrize("opt", ["-O0", "-O1", "-O2"])
def test_real_single_element_array_kept(tmp_path, opt):
    """GCC 12 still indexes a[1] with i: ``add x0, x1, w0, sxtw 2``."""
    assert run(tmp_path, ARRAY_ONE, opt).verdict == "intact"


@needs_cc
@pytest.mark.parametrize("opt, broken", [
    ("-O0", False), ("-O1", True), ("-O2", True)])
def test_real_single_element_array_range(tmp_path, opt, broken):
    """``i < 1`` lets GCC use a[0]: the index register disappears."""
    res = run(tmp_path, ARRAY_ONE_RANGE, opt)
    expected = {dep_line(ARRAY_ONE_RANGE)} if broken else set()
    assert res.broken_lines == expected


@needs_cc
@pytest.mark.parametrize("opt", ["-O1", "-O2"])
def test_real_consume_load_is_acquire(tmp_path, opt):
    res = run(tmp_path, CONSUME, opt)
    assert res.acquire and [h.text.split()[0] for h in res.heads] == ["ldar"]
    assert res.verdict == "intact"


CORPUS = Path(__file__).parent / "corpus"
INCLUDE = ("-I", str(Path(__file__).parent.parent / "plugin" / "include"))


@needs_cc
@pytest.mark.parametrize("opt", ["-O1", "-O2"])
@pytest.mark.parametrize("case, broken", [
    ("getter_noinline_safe.c", set()), ("getter_noinline_hazard.c", {25}),
    ("ipa_cp_clone_safe.c", set()), ("ipa_cp_clone_hazard.c", {27})])
def test_real_calls_within_the_file(opt, case, broken):
    res = compile_and_analyze(CORPUS / case, CC, opt, INCLUDE)
    assert res.broken_lines == broken and not res.vanished_lines


@needs_cc
def test_real_ipa_sra_access_inside_callee():
    """ipa_sra_safe.c: at -O1 ``twice_b: ldr w0, [x0, 4]`` and the caller
    passes the head (``mov x0, x1``); at -O2 IPA-SRA moves the load into the
    caller (``ldr w0, [x1, 4]``, line 25), so line 14 has no access left."""
    path = CORPUS / "ipa_sra_safe.c"
    res = compile_and_analyze(path, CC, "-O1", INCLUDE)
    assert res.verdict == "intact" and not res.vanished_lines
    assert [a.function for a in res.deps[14]] == ["twice_b"]
    assert res.entry_taint["twice_b"]["x0"] == DATA
    res = compile_and_analyze(path, CC, "-O2", INCLUDE)
    assert res.verdict == "intact" and res.vanished_lines == {14}
    moved = analyze(compile_to_asm(path, CC, "-O2", INCLUDE),
                    "ipa_sra_safe.c", {23}, {25})
    assert [(a.insn_text, a.dependent) for a in moved.deps[25]] == [
        ("ldr w0, [x1, 4]", True)]


@needs_cc
def test_real_compile_error_is_reported(tmp_path):
    with pytest.raises(RuntimeError, match="error"):
        run(tmp_path, "int f(void) { return }\n", "-O2")


@needs_cc
def test_cli_prints_verdict(tmp_path):
    (tmp_path / "t.c").write_text(EQUALITY)
    proc = subprocess.run(
        [sys.executable, "-m", "rcuderef.asmcheck", str(tmp_path / "t.c"), "-O2"],
        capture_output=True, text=True, check=False,
        cwd=Path(__file__).parent.parent)
    assert proc.returncode == 1
    assert f"dep line {dep_line(EQUALITY)}: BROKEN" in proc.stdout
    assert "verdict: broken" in proc.stdout


@needs_cc
def test_cli_reports_a_compile_error_without_a_traceback(tmp_path):
    (tmp_path / "t.c").write_text('#include "missing_header.h"\n')
    proc = subprocess.run(
        [sys.executable, "-m", "rcuderef.asmcheck", str(tmp_path / "t.c")],
        capture_output=True, text=True, check=False,
        cwd=Path(__file__).parent.parent)
    assert proc.returncode == 2
    assert "cannot compile" in proc.stderr
    assert "missing_header.h" in proc.stderr
    assert "Traceback" not in proc.stderr


# ------------------------------------------------------ per source site

def sited(*functions):
    """A unit whose ``.loc`` lines give columns: ``@L:C insn``."""
    out = []
    for name, body in functions:
        lines = []
        for raw in body.strip().splitlines():
            text = raw.strip()
            if text.startswith("@"):
                where, _, text = text[1:].partition(" ")
                line, col = where.split(":")
                lines.append(f".loc 1 {line} {col}")
            lines.append(text)
        out.append(func(name, "\n".join(lines)))
    return asm(*out)


# One line, three expressions: head at column 10, a load through it at
# column 9, an unrelated global load at column 20, a store through the
# loaded value at column 30 (hand-checked: x0 is the head, x2 derives
# from it through the load, x3 is a constant address).
ONE_LINE = ("f", """
    @6:10 adrp x1, gp
    @6:10 ldr x0, [x1, #:lo12:gp]
    @6:9 ldr x2, [x0, 8]
    @6:20 adrp x3, g
    @6:20 ldr w4, [x3, #:lo12:g]
    @6:30 str w4, [x2]
    @6:30 strb w4, [x3, 4]
    ret
""")


def test_loc_column_is_parsed():
    prog = parse(sited(ONE_LINE), "t.c")
    assert [(i.line, i.column) for i in prog.insns[:3]] == [
        (6, 10), (6, 10), (6, 9)]


def test_dependent_accesses_by_site_direction_and_size():
    sites = Sites(sited(ONE_LINE), "t.c")
    assert [i.text for i in sites.heads((6, 10))] == ["ldr x0, [x1, #:lo12:gp]"]
    dependent, mixed = sites.dependent_accesses((6, 10))
    # The strb at 6:30 is another key (a byte): the str w4 stays dependent.
    assert dependent == {(6, 9, "load", 8), (6, 30, "store", 4)}
    assert mixed == set()
    assert sites.dependent_accesses((6, 20)) is None     # a 32-bit load only
    assert sites.dependent_accesses((7, 1)) is None


def test_mixed_key_is_not_dependent():
    body = ("f", """
        @6:10 ldr x0, [x1]
        @6:9 ldr w2, [x0]
        @6:9 ldr w3, [x5]
        ret
    """)
    dependent, mixed = Sites(sited(body), "t.c").dependent_accesses((6, 10))
    assert dependent == set() and mixed == {(6, 9, "load", 4)}


def test_index_load_at_head_site_is_no_head():
    body = ("f", """
        @6:10 ldr w3, [sp, 12]
        @6:10 ldr x0, [x1, w3, sxtw 3]
        @6:9 ldr w2, [x0]
        ret
    """)
    sites = Sites(sited(body), "t.c")
    assert [i.text for i in sites.heads((6, 10))] == ["ldr x0, [x1, w3, sxtw 3]"]


def test_site_check_broken_intact_vanished_unreached():
    # The -O2 shape of the equality hazard: the access at 6:9 is made
    # through the head on one path and through the compared constant
    # address on the other.
    broken = ("f", """
        @6:10 ldr x0, [x1]
        @6:12 adrp x3, g
        @6:12 add x3, x3, :lo12:g
        @6:12 cmp x0, x3
        @6:12 beq .L2
        @6:9 ldr w2, [x0]
        ret
    .L2:
        @6:9 ldr w2, [x3]
        ret
    """)
    res = Sites(sited(broken), "t.c").check((6, 10), [(6, 9, "load", 4)])
    assert res.verdict == "broken" and res.broken == {(6, 9, "load", 4)}
    assert [a.dependent for a in res.deps[(6, 9, "load", 4)]] == [True, False]
    sites = Sites(sited(ONE_LINE), "t.c")
    res = sites.check((6, 10), [(6, 9, "load", 8), (6, 30, "store", 4),
                                (6, 40, "load", 4)])
    assert res.verdict == "intact" and res.vanished == {(6, 40, "load", 4)}
    # An access in a function without the head is not reached.
    other = ("g", """
        @6:9 ldr x5, [x0, 8]
        ret
    """)
    sites = Sites(sited(("f", "@6:10 ldr x0, [x1]\nret"), other), "t.c")
    res = sites.check((6, 10), [(6, 9, "load", 8)])
    assert res.unreached == {(6, 9, "load", 8)} and not res.broken
    # Without a head load nothing is reached.
    res = Sites(sited(other), "t.c").check((6, 10), [(6, 9, "load", 8)])
    assert res.heads == [] and res.unreached == {(6, 9, "load", 8)}


# Fuzz seeds 359 and 366 (-Os), hand-checked: two statements end with the
# same store, and cross-jumping made one insn of the two: the store at
# .L3 (7:36) is the head's store (through x0, 7:10) on the head's path
# and another statement's store (through a stack object, line 6) on the
# other, which never runs the head's statement.  Not dependent on every
# path, but on every path that passes the head: ambiguous, not broken.
CROSSJUMPED = ("f", """
    @5:3 cbz w4, .L2
    @6:20 add x0, sp, 128
    @6:22 mov w1, 3
    @6:22 b .L3
.L2:
    @7:10 ldr x0, [x1]
    @7:12 mov w1, 5
.L3:
    @7:36 str w1, [x0]
    ret
""")
# The same join, but both paths pass the head: on the equal path GCC uses
# the compared constant address (the equality hazard): broken.
EQUAL_JOIN = ("f", """
    @7:10 ldr x0, [x1]
    @7:12 adrp x3, g
    @7:12 add x3, x3, :lo12:g
    @7:12 cmp x0, x3
    @7:12 bne .L3
    @7:12 mov x0, x3
.L3:
    @7:36 str w1, [x0]
    ret
""")
# An access made before the head (a load hoisted above it): no head load
# reaches it, it stays broken.
HOISTED = ("f", """
    @7:36 ldr w2, [x5]
    @7:10 ldr x0, [x1]
    @7:40 str w2, [x0]
    ret
""")


@pytest.mark.parametrize("body, broken", [
    (CROSSJUMPED, False), (EQUAL_JOIN, True), (HOISTED, True)],
    ids=["crossjumped", "equal-join", "hoisted"])
def test_access_off_the_heads_paths_is_ambiguous(body, broken):
    key = (7, 36, "store", 4) if body is not HOISTED else (7, 36, "load", 4)
    res = Sites(sited(body), "t.c").check((7, 10), [key])
    assert [a.dependent for a in res.deps[key]] == [False]
    assert (res.broken, res.ambiguous) == (({key}, set()) if broken else (set(), {key}))


def site_answers(sites, head_sites):
    """Everything the fuzz verdicts ask of ``sites`` about each head."""
    out = {}
    for head in head_sites:
        keys = sorted(k for k in sites.accesses if k[:2] != head)
        res = sites.check(head, keys)
        out[head] = (sites.dependent_accesses(head), sites.access_counts(head),
                     res.broken, res.vanished, res.unreached,
                     {k: [(a.dependent, a.via_flags, a.stack) for a in v]
                      for k, v in res.deps.items()})
    return out


def shared_and_alone(text, head_sites):
    """The answers of one shared solve and of one solve per head, and the
    heads the shared solve took."""
    shared = Sites(text, "t.c")
    shared.solve(head_sites)
    return (site_answers(shared, head_sites),
            site_answers(Sites(text, "t.c"), head_sites), set(shared._shared))


# Three heads in one function, hand-checked with the rules of
# rcuderef/asmcheck/dataflow.py: A (6:10) in x0; B (6:20) loaded through
# A, so the load at 6:30 depends on both; C (6:40) in x6, which meets at
# .L3 a path where x6 is an error pointer plus B's value: in C's own
# analysis x5 is a plain load (no head), so that path is only an error
# pointer and gives way: 6:50 depends on C, not on B.  x7 meets A's value
# with an error pointer: 6:60 depends on A.  6:70 depends on none.
VIEWS = ("f", """
    @6:10 ldr x0, [x1]
    @6:20 ldr x5, [x0, 8]
    @6:30 ldr w2, [x5]
    @6:40 ldr x6, [x1, 16]
    @6:41 cbz w2, .L2
    @6:42 mov x6, -12
    @6:42 add x6, x6, x5
    @6:43 mov x7, x0
    @6:44 b .L3
.L2:
    @6:45 mov x7, -4
.L3:
    @6:50 ldr w3, [x6]
    @6:60 ldr w4, [x7]
    @6:70 ldr w8, [x1, 24]
    ret
""")
# The same with the paths swapped: which side of the join holds the error
# pointer, the state reached first or the one met with it, changes.
VIEWS_SWAPPED = ("f", """
    @6:10 ldr x0, [x1]
    @6:20 ldr x5, [x0, 8]
    @6:30 ldr w2, [x5]
    @6:40 ldr x6, [x1, 16]
    @6:41 cbz w2, .L2
    @6:43 mov x7, x0
    @6:44 b .L3
.L2:
    @6:42 mov x6, -12
    @6:42 add x6, x6, x5
    @6:45 mov x7, -4
.L3:
    @6:50 ldr w3, [x6]
    @6:60 ldr w4, [x7]
    @6:70 ldr w8, [x1, 24]
    ret
""")


@pytest.mark.parametrize("body", [VIEWS, VIEWS_SWAPPED], ids=["views", "swapped"])
def test_shared_solve_reads_each_heads_view(body):
    heads = [(6, 10), (6, 20), (6, 40)]
    shared, alone, took = shared_and_alone(sited(body), heads)
    assert took == set(heads)
    assert shared == alone
    assert {h: shared[h][0][0] for h in heads} == {
        (6, 10): {(6, 20, "load", 8), (6, 30, "load", 4), (6, 60, "load", 4)},
        (6, 20): {(6, 30, "load", 4)},
        (6, 40): {(6, 50, "load", 4)}}


def test_shared_solve_gives_way_where_views_diverge():
    """A frame base holding a head is a frame access in the other heads'
    views only: each head is then solved alone."""
    body = ("f", """
        @6:10 ldr x0, [x1]
        @6:20 ldr x2, [x1, 8]
        @6:21 mov x29, x0
        @6:30 ldr w3, [x29, 16]
        @6:40 ldr w4, [x2]
        ret
    """)
    heads = [(6, 10), (6, 20)]
    shared, alone, took = shared_and_alone(sited(body), heads)
    assert took == set() and shared == alone
    assert shared[(6, 10)][0][0] == {(6, 30, "load", 4)}
    assert shared[(6, 20)][0][0] == {(6, 40, "load", 4)}



# Fuzz seed 70, aarch64 -O3, head 115:722 (here 6:10) and its dependent
# load 115:16 (here 6:16): at -O0 the site holds the dependent load alone;
# the optimized code also loads csmith's g_3[0][1][5], the call's first
# argument, at the call's column 6:16, before the head.
AMBIGUOUS_O0 = ("f", """
    @6:10 adrp x0, l_651
    @6:10 ldr x0, [x0, #:lo12:l_651]
    @6:10 str x0, [sp, 24]
    @6:10 ldr x0, [sp, 24]
    @6:16 ldr w1, [x0]
    @6:16 ldr w0, [sp, 16]
    @6:16 bl func_35
    ret
""")
AMBIGUOUS_O3 = ("f", """
    @6:16 ldr w18, [x20, 68]
    @6:10 adrp x1, .LANCHOR3
    @6:10 ldr x1, [x1, #:lo12:.LANCHOR3]
    @6:16 mov w0, w18
    @6:16 ldr w1, [x1]
    @6:16 bl func_35
    ret
""")
KEY16 = (6, 16, "load", 4)


def o0_counts(body=AMBIGUOUS_O0):
    """The dependent keys of head 6:10 at "-O0" and their access counts."""
    o0 = Sites(sited(body), "t.c")
    dependent, _ = o0.dependent_accesses((6, 10))
    return dependent, o0.access_counts((6, 10))


def test_more_accesses_at_a_key_than_at_O0_is_ambiguous():
    dependent, counts = o0_counts()
    assert dependent == {KEY16} and counts[KEY16] == 1
    sites = Sites(sited(AMBIGUOUS_O3), "t.c")
    res = sites.check((6, 10), dependent, counts)
    assert res.verdict == "unknown" and res.ambiguous == {KEY16}
    assert not res.broken
    assert [a.dependent for a in res.deps[KEY16]] == [False, True]
    # Without the -O0 counts, as before: broken.
    res = sites.check((6, 10), dependent)
    assert res.verdict == "broken" and res.broken == {KEY16}


def test_unrelated_access_after_the_dependent_one_is_ambiguous():
    body = AMBIGUOUS_O3[1].replace("@6:16 ldr w18, [x20, 68]\n", "").replace(
        "@6:16 bl func_35", "@6:16 ldr w18, [x20, 68]\n    @6:16 bl func_35")
    dependent, counts = o0_counts()
    res = Sites(sited(("f", body)), "t.c").check((6, 10), dependent, counts)
    assert res.verdict == "unknown" and res.ambiguous == {KEY16}


@pytest.mark.parametrize("body", [
    # As many accesses as at -O0, the one left independent.
    """
    @6:10 ldr x1, [x1]
    @6:16 ldr w1, [x5]
    ret
    """,
    # More, but none dependent.
    """
    @6:16 ldr w18, [x20, 68]
    @6:10 ldr x1, [x1]
    @6:16 ldr w1, [x5]
    ret
    """,
    # More, one dependent, but GCC duplicated the access and the copy on
    # the path where the head equals &g lost the dependency: on that path
    # the independent access is alone.
    """
    @6:10 ldr x1, [x1]
    @6:12 adrp x3, g
    @6:12 add x3, x3, :lo12:g
    @6:12 cmp x1, x3
    @6:12 beq .L2
    @6:16 ldr w2, [x1]
    ret
    .L2:
    @6:16 ldr w2, [x3]
    ret
    """,
], ids=["same-count", "none-dependent", "duplicated"])
def test_genuine_break_stays_broken_with_counts(body):
    dependent, counts = o0_counts()
    res = Sites(sited(("f", body)), "t.c").check((6, 10), dependent, counts)
    assert res.verdict == "broken" and res.broken == {KEY16}
    assert not res.ambiguous


def test_as_many_accesses_as_at_O0_is_no_ambiguity():
    """Two dependent accesses at -O0, two here, one independent: broken."""
    o0_body = ("f", AMBIGUOUS_O0[1].replace(
        "@6:16 ldr w1, [x0]", "@6:16 ldr w1, [x0]\n    @6:16 ldr w2, [x0]"))
    dependent, counts = o0_counts(o0_body)
    assert counts[KEY16] == 2
    res = Sites(sited(AMBIGUOUS_O3), "t.c").check((6, 10), dependent, counts)
    assert res.verdict == "broken" and not res.ambiguous


def test_unambiguous_break_at_another_key_wins():
    o0_body = ("f", AMBIGUOUS_O0[1].replace(
        "@6:16 ldr w1, [x0]", "@6:16 ldr w1, [x0]\n    @6:30 str w1, [x0]"))
    dependent, counts = o0_counts(o0_body)
    key30 = (6, 30, "store", 4)
    assert dependent == {KEY16, key30}
    o3_body = ("f", AMBIGUOUS_O3[1].replace(
        "@6:16 bl func_35", "@6:30 str w1, [x20]\n    @6:16 bl func_35"))
    res = Sites(sited(o3_body), "t.c").check((6, 10), dependent, counts)
    assert res.verdict == "broken"
    assert res.broken == {key30} and res.ambiguous == {KEY16}

def test_each_head_alone():
    """An access that derives from another head only is not dependent on
    this one."""
    body = ("f", """
        @6:10 ldr x0, [x1]
        @6:20 ldr x4, [x5]
        @6:19 ldr w2, [x4]
        @6:9 ldr w3, [x0]
        ret
    """)
    sites = Sites(sited(body), "t.c")
    assert sites.dependent_accesses((6, 10))[0] == {(6, 9, "load", 4)}
    assert sites.dependent_accesses((6, 20))[0] == {(6, 19, "load", 4)}
    assert sites.check((6, 10), [(6, 19, "load", 4)]).verdict == "broken"


@needs_cc
def test_sites_on_real_compiles(tmp_path):
    """The equality hazard of fuzz/heads.py, hand-checked in GCC 12's
    aarch64 output: at -O0 the head (7:34) has two dependent loads, one per
    arm (7:85, 7:122); at -O1 the first arm loads g_1 directly (broken);
    the consume head (8:15) has its load at 8:9."""
    src = tmp_path / "t.c"
    src.write_text(
        "int g_1 = 1, g_2 = 2;\nint *g_3 = &g_1;\nint *g_4 = &g_2;\n"
        "int f(void)\n{\n"
        "    int a = 0;\n"
        "    a = ({ __auto_type __p = __atomic_load_n(&g_3, __ATOMIC_CONSUME); "
        "__p == &g_1 ? ({ __auto_type __a = *__p; __a; }) : "
        "({ __auto_type __b = *__p; __b; }); });\n"
        "    int b = (*__atomic_load_n(&g_4, __ATOMIC_CONSUME));\n"
        "    return a + b;\n}\n")
    head = (7, 30)
    o0 = Sites(compile_to_asm(src, CC, "-O0"), "t.c")
    dependent, mixed = o0.dependent_accesses(head)
    assert {key[:2] for key in dependent} == {(7, 100), (7, 137)}
    assert mixed == set()
    assert o0.dependent_accesses((8, 15))[0] == {(8, 9, "load", 4)}
    o1 = Sites(compile_to_asm(src, CC, "-O1"), "t.c")
    res = o1.check(head, dependent)
    assert res.verdict == "broken", res
    # At -O1 GCC gives the consume head's dependent load the location of
    # its use (9:14): its -O0 key is gone, the verdict "vanished".
    res = o1.check((8, 15), {(8, 9, "load", 4)})
    assert [i.text for i in res.heads] == ["ldar x0, [x1]"]
    assert res.vanished == {(8, 9, "load", 4)}


@needs_cc
@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_shared_solve_on_a_fuzzed_program(level, tmp_path):
    """On a csmith program with its heads (fuzz seed 1008, a hundred
    heads) one shared solve answers every question of the fuzz verdicts as
    one solve per head does, and shares most heads."""
    from fuzz import heads, pipeline
    source, counts = heads.add_heads(pipeline.csmith(1008), 1008, 0.5,
                                     volatile_rcu=pipeline.volatile_rcu_safe())
    prog = pipeline.Program(str(tmp_path), source)
    proc, path, _ = prog.compile(pipeline.VERDICT_TARGET, level, None,
                                 tag=".g", extra=("-g",))
    assert proc.returncode == 0, proc.stderr
    head_sites = [tuple(h[:2]) for h in counts["heads"]]
    text = Path(path).read_text().replace(os.path.basename(prog.src), "t.c")
    shared, alone, took = shared_and_alone(text, head_sites)
    assert shared == alone
    located = [h for h in head_sites if shared[h][0] is not None]
    assert len(took) >= len(located) // 2 > 0, (len(took), len(located))
