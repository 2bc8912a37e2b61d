"""Unit tests for the independent powerpc64le dependency checker
(rcuderef/asmcheck/ppc64le.py) and its ordering rule (ordering.py).

Hand-written snippets exercise one rule each; the comment of each says why
the access is broken or intact (read by hand from the rule in the module's
docstring).  The compiled cases at the end check verdicts read by hand
from GCC 12.2's powerpc64le output, quoted next to each.  Nothing here
comes from the plugin.
"""
from pathlib import Path

from rcuderef.asmcheck import ordering, ppc64le
from tests import asm_snippets

HEAD, DEP = 6, 7
REPO = Path(__file__).parent.parent
INCLUDE = ("-I", str(REPO / "plugin" / "include"))


def unit(*functions):
    return asm_snippets.unit([asm_snippets.func(n, b, "@function") for n, b in functions])


def check(body, heads=(HEAD,), deps=(DEP,)):
    return ppc64le.analyze(unit(("f", body)), "t.c", set(heads), set(deps))


def broken(body, **kw):
    return check(body, **kw).broken_lines == {DEP}


def test_load_through_head_is_dependent():
    # ld 9 is the head; lwz goes through 9 + 8.
    assert not broken("""
        @6 addis 9,2,.LANCHOR0@toc@ha
        @6 ld 9,.LANCHOR0@toc@l(9)
        @7 lwz 3,8(9)
        blr""")


def test_toc_address_is_constant():
    # Equality substitution: the access reads .LANCHOR1 from the TOC (r2).
    assert broken("""
        @6 ld 10,.LANCHOR0@toc@l(9)
        @9 addis 3,2,.LANCHOR1+8@toc@ha
        @7 lwz 3,.LANCHOR1+8@toc@l(3)
        blr""")


def test_immediate_operand_is_no_register():
    # addi 9,10,8: the 8 is an immediate, not r8 (which holds the head).
    assert broken("""
        @6 ld 8,0(4)
        @9 addi 9,10,8
        @7 lwz 3,0(9)
        blr""")


def test_indexed_form_index_register():
    # ldx 3,10,9: EA = r10 + r9, r9 is the head.
    assert not broken("""
        @6 lwz 9,0(4)
        @9 sldi 9,9,3
        @7 ldx 3,10,9
        blr""")


def test_ra_zero_is_the_value_zero():
    # lwzx 3,0,9: RA 0 means 0; r0 holding the head does not count.
    assert broken("""
        @6 ld 0,0(4)
        @7 lwzx 3,0,9
        blr""")


def test_compare_computed_in_registers_is_data():
    # cntlzw; srwi 5 (GCC's branch-free "x == 0"): register data flow.
    assert not broken("""
        @6 lwz 10,0(4)
        @9 cntlzw 10,10
        @9 srwi 10,10,5
        @9 sldi 10,10,2
        @9 add 9,9,10
        @7 lwz 3,0(9)
        blr""")


def test_carry_is_a_register():
    # srawi sets CA from the head, addze reads it: data.
    assert not broken("""
        @6 lwz 10,0(4)
        @9 srawi 8,10,2
        @9 li 9,0
        @9 addze 9,9
        @9 add 9,9,5
        @7 lwz 3,0(9)
        blr""")


def test_isel_condition_is_not_a_dependency():
    # isel picks r6 or r7 (constants) by a CR bit set from the head.
    res = check("""
        @6 ld 10,0(4)
        @9 cmpdi 0,10,0
        @9 li 6,0
        @9 li 7,8
        @9 isel 9,6,7,2
        @9 add 9,9,5
        @7 lwz 3,0(9)
        blr""")
    assert res.broken_lines == {DEP}
    assert [a.via_flags for a in res.deps[DEP]] == [True]


def test_isel_of_two_dependent_choices_is_dependent():
    assert not broken("""
        @6 ld 10,0(4)
        @9 addi 6,10,8
        @9 cmpdi 7,5,0
        @9 isel 9,10,6,30
        @7 lwz 3,0(9)
        blr""")


def test_mfcr_is_flags_only():
    assert broken("""
        @6 ld 10,0(4)
        @9 cmpdi 0,10,0
        @9 mfcr 9
        @9 rlwinm 9,9,3,31,31
        @9 add 9,9,5
        @7 lwz 3,0(9)
        blr""")


def test_branch_is_control_only():
    # beq on the head, then the same constant address on both paths.
    assert broken("""
        @6 ld 10,0(4)
        @9 cmpdi 0,10,0
        @9 beq 0,.L2
        @9 addis 9,2,.LC0@toc@ha
        .L2:
        @7 lwz 3,0(9)
        blr""")


def test_must_meet_at_join():
    # Dependent on one path only.
    assert broken("""
        @6 ld 10,0(4)
        @9 cmpdi 7,5,0
        @9 mr 9,10
        @9 beq 7,.L2
        @9 addis 9,2,.LC0@toc@ha
        .L2:
        @7 lwz 3,0(9)
        blr""")


def test_spill_and_reload_through_the_stack():
    # stdu rebases the slots: std at 32(1) before, reload at 80(1) after.
    assert not broken("""
        @6 ld 10,0(4)
        @9 std 10,32(1)
        @9 stdu 1,-48(1)
        @9 bl g
        @9 nop
        @9 ld 9,80(1)
        @7 lwz 3,0(9)
        blr""")


def test_call_clobbers_volatile_registers():
    assert broken("""
        @6 ld 9,0(4)
        @9 bl g
        @9 nop
        @7 lwz 3,0(9)
        blr""")


def test_call_result_from_dependent_argument():
    res = check("""
        @6 ld 3,0(4)
        @9 bl g
        @9 nop
        @7 lwz 3,0(3)
        blr""")
    assert res.broken_lines == set()
    assert [a.via_call for a in res.deps[DEP]] == [True]


def test_helper_summary_in_the_file():
    # h returns its argument plus 16: r3 stays dependent through bl h.
    text = unit(("h", """
        @9 addi 3,3,16
        blr"""), ("f", """
        @6 ld 3,0(4)
        @9 bl h
        @7 lwz 3,0(3)
        blr"""))
    res = ppc64le.analyze(text, "t.c", {HEAD}, {DEP})
    assert res.broken_lines == set() and not res.deps[DEP][0].via_call


def test_numeric_entry_label_and_plus_four_branch():
    # "0:" before the TOC set-up is a label; bne- 0,$+4 falls through.
    res = check("""
        0: addis 2,12,.TOC.-.LCF0@ha
        @6 ld 9,0(4)
        @6 cmpw 0,9,9
        @6 bne- 0,$+4
        @6 isync
        @7 lwz 3,0(9)
        blr""")
    assert res.broken_lines == set() and res.acquire


def test_conditional_return():
    # beqlr returns on one path; the access after it is still dependent.
    assert not broken("""
        @6 ld 9,0(4)
        @9 cmpdi 0,5,0
        @9 beqlr 0
        @7 lwz 3,0(9)
        blr""")


def test_update_form_writes_back_the_base():
    # ldu 9,8(10): r10 becomes r10 + 8 (dependent), r9 the loaded value.
    assert not broken("""
        @6 ld 10,0(4)
        @9 ldu 9,8(10)
        @7 lwz 3,0(10)
        blr""")


def test_vector_registers_are_apart():
    # lfd 9 loads an FPR: general register 9 keeps the head.
    assert not broken("""
        @6 ld 9,0(4)
        @9 lfd 9,0(5)
        @9 fadd 9,9,9
        @7 lwz 3,0(9)
        blr""")


def test_moved_head_load():
    # The head line has only an empty .loc; its load carries line 9.
    text = asm_snippets.unit([asm_snippets.func("f", """
        @6 nop
        @9 ld 9,0(4)
        @7 lwz 3,0(9)
        blr""", "@function").replace("\tnop\n", "")])
    res = ppc64le.analyze(text, "t.c", {HEAD}, {DEP})
    assert [h.text for h in res.heads] == ["ld 9, 0(4)"]
    assert res.broken_lines == set()


# ----------------------------------------------------------- ordering

def unordered(body):
    return ordering.unordered_dep_lines(unit(("f", body)), "t.c", {HEAD}, {DEP},
                                        ppc64le)


def test_lwsync_orders():
    assert unordered("""
        @6 ld 9,.LANCHOR0@toc@l(9)
        @7 lwz 3,.LC1@toc@l(10)
        blr""") == {DEP}
    assert unordered("""
        @6 ld 9,.LANCHOR0@toc@l(9)
        @6 lwsync
        @7 lwz 3,.LC1@toc@l(10)
        blr""") == set()


def test_isync_orders_only_after_a_branch_on_the_head():
    good = """
        @6 ld 9,.LANCHOR0@toc@l(9)
        @6 cmpw 0,9,9
        @6 bne- 0,$+4
        @6 isync
        @7 lwz 3,.LC1@toc@l(10)
        blr"""
    assert unordered(good) == set()
    # The compare of another register, or no branch: no ordering.
    assert unordered(good.replace("cmpw 0,9,9", "cmpw 0,5,5")) == {DEP}
    assert unordered(good.replace("@6 bne- 0,$+4", "@6 nop")) == {DEP}


def test_ordering_must_hold_on_every_path():
    assert unordered("""
        @6 ld 9,.LANCHOR0@toc@l(9)
        @9 cmpdi 7,5,0
        @9 beq 7,.L2
        @9 lwsync
        .L2:
        @7 lwz 3,.LC1@toc@l(10)
        blr""") == {DEP}


# ----------------------------------------------------- compiled cases

def test_compiled_eq_subst_hazard():
    # GCC 12.2 -O2: ld 10,.LANCHOR0@toc@l(10) (head); cmpd 0,10,9; beq
    # 0,.L5; .L5: addis 3,2,.LANCHOR1+8@toc@ha; lwz 3,.LANCHOR1+8@toc@l(3).
    res = ppc64le.compile_and_analyze(REPO / "tests/corpus/eq_subst_hazard.c",
                                      extra=INCLUDE)
    assert res.broken_lines == {20}


def test_compiled_rel_ne_is_data():
    # GCC 12.2 -O2 computes r1 != flip without a branch: xor 9,9,8;
    # cntlzw 9,9; srwi 9,9,5; xori 9,9,0x1; sldi; add; lwz 3,8(9): register
    # data, so the index depends on r1.
    res = ppc64le.compile_and_analyze(REPO / "tests/corpus/rel_ne_hazard.c",
                                      extra=INCLUDE)
    assert res.heads and res.broken_lines == set()
