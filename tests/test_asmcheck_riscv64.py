"""Unit tests for the independent riscv64 dependency checker
(rcuderef/asmcheck/riscv64.py) and its ordering rule (ordering.py).

Hand-written snippets exercise one rule each; the comment of each says why
the access is broken or intact (read by hand from RVWMO's syntactic
dependencies, as the module's docstring states them).  The compiled cases
at the end check verdicts read by hand from GCC 12.2's riscv64 output,
quoted next to each.  Nothing here comes from the plugin.
"""
from pathlib import Path

from rcuderef.asmcheck import ordering, riscv64
from tests import asm_snippets

HEAD, DEP = 6, 7
REPO = Path(__file__).parent.parent
INCLUDE = ("-I", str(REPO / "plugin" / "include"))


def unit(*functions):
    return asm_snippets.unit([asm_snippets.func(n, b, "@function") for n, b in functions])


def check(body, heads=(HEAD,), deps=(DEP,)):
    return riscv64.analyze(unit(("f", body)), "t.c", set(heads), set(deps))


def broken(body, **kw):
    return check(body, **kw).broken_lines == {DEP}


def test_load_through_head_is_dependent():
    assert not broken("""
        @6 ld a5,.LANCHOR0
        @7 lw a0,8(a5)
        ret""")


def test_symbol_address_is_constant():
    # Equality substitution: lw a0,.LANCHOR1+8 (an auipc pair).
    assert broken("""
        @6 ld a4,.LANCHOR0
        @9 lla a5,.LANCHOR1+8
        @7 lw a0,.LANCHOR1+8
        ret""")


def test_lo_relocation_uses_the_base_register():
    assert not broken("""
        @6 ld a5,0(a0)
        @7 lw a0,%lo(x)(a5)
        ret""")


def test_set_less_than_is_data():
    # RVWMO: every source register carries a syntactic dependency, so the
    # index computed by snez/sltu from the head is address-dependent.
    assert not broken("""
        @6 lw a5,0(a0)
        @9 sub a5,a5,a3
        @9 snez a5,a5
        @9 slli a5,a5,2
        @9 add a4,a4,a5
        @7 lw a0,8(a4)
        ret""")
    assert not broken("""
        @6 ld a5,0(a0)
        @9 sltu a5,a5,a1
        @9 add a4,a4,a5
        @7 lw a0,0(a4)
        ret""")


def test_branch_is_control_only():
    # bool_and_hazard: beq on the other value, snez of the head on one
    # path only; on the other the index is the other value.
    assert broken("""
        @6 lw a4,.LANCHOR0
        @9 lw a5,.LANCHOR1
        @9 beq a5,zero,.L2
        @9 snez a5,a4
        .L2:
        @9 lla a4,.LANCHOR1
        @9 slli a5,a5,2
        @9 add a5,a4,a5
        @7 lw a0,8(a5)
        ret""")


def test_zero_register_is_constant():
    assert broken("""
        @6 ld a5,0(a0)
        @9 add a4,zero,zero
        @7 lw a0,0(a4)
        ret""")


def test_abi_and_numeric_names_are_one_register():
    assert not broken("""
        @6 ld x15,0(a0)
        @7 lw a0,0(a5)
        ret""")


def test_spill_and_reload_through_the_stack():
    # addi sp,sp,-16 rebases the slot stored at 8(sp) before it.
    assert not broken("""
        @6 ld a5,0(a0)
        @9 sd a5,8(sp)
        @9 addi sp,sp,-16
        @9 call g
        @9 ld a5,24(sp)
        @7 lw a0,0(a5)
        ret""")


def test_call_clobbers_temporaries_not_saved_registers():
    assert broken("""
        @6 ld a5,0(a0)
        @9 call g
        @7 lw a0,0(a5)
        ret""")
    assert not broken("""
        @6 ld s1,0(a0)
        @9 call g
        @7 lw a0,0(s1)
        ret""")


def test_call_result_from_dependent_argument():
    res = check("""
        @6 ld a0,0(a0)
        @9 call g
        @7 lw a0,0(a0)
        ret""")
    assert res.broken_lines == set()
    assert [a.via_call for a in res.deps[DEP]] == [True]


def test_helper_summary_and_tail_call():
    # h returns its argument + 16; f reaches it by call.
    text = unit(("h", """
        @9 addi a0,a0,16
        ret"""), ("f", """
        @6 ld a0,0(a1)
        @9 call h
        @7 lw a0,0(a0)
        ret"""))
    res = riscv64.analyze(text, "t.c", {HEAD}, {DEP})
    assert res.broken_lines == set() and not res.deps[DEP][0].via_call


def test_must_meet_at_join():
    assert broken("""
        @6 ld a5,0(a0)
        @9 beqz a1,.L2
        @9 lla a5,x
        .L2:
        @7 lw a0,0(a5)
        ret""")


def test_store_pseudo_with_scratch():
    # sd a5,sym,t0: t0 is the auipc scratch, not a dependent value.
    assert broken("""
        @6 ld t0,0(a0)
        @9 sd a5,sym,t0
        @7 lw a0,0(t0)
        ret""")


def test_amo_address_operand():
    assert not broken("""
        @6 ld a5,0(a0)
        @7 amoadd.w a4,a3,(a5)
        ret""")


def test_moved_head_load():
    text = asm_snippets.unit([asm_snippets.func("f", """
        @6 nop
        @9 ld a5,.LANCHOR0
        @7 lw a0,8(a5)
        ret""", "@function").replace("\tnop\n", "")])
    res = riscv64.analyze(text, "t.c", {HEAD}, {DEP})
    assert [h.text for h in res.heads] == ["ld a5, .LANCHOR0"]
    assert res.broken_lines == set()


# ----------------------------------------------------------- ordering

def unordered(body):
    return ordering.unordered_dep_lines(unit(("f", body)), "t.c", {HEAD}, {DEP},
                                        riscv64)


def test_fences_that_order():
    plain = """
        @6 ld a4,.LANCHOR0
        @6 FENCE
        @7 lw a0,.LANCHOR1+8
        ret"""
    assert unordered(plain.replace("@6 FENCE", "@6 nop")) == {DEP}
    for fence in ("fence iorw,iorw", "fence r,rw", "fence r,r", "fence.tso"):
        want = set() if fence != "fence r,r" else {DEP}
        assert unordered(plain.replace("FENCE", fence)) == want, fence
    assert unordered(plain.replace("FENCE", "fence w,w")) == {DEP}


def test_aq_head_orders():
    assert unordered("""
        @6 lr.d.aq a4,(a3)
        @7 lw a0,.LANCHOR1+8
        ret""") == set()
    assert unordered("""
        @6 lr.d a4,(a3)
        @7 lw a0,.LANCHOR1+8
        ret""") == {DEP}


def test_frame_accesses_are_not_dep_accesses():
    assert unordered("""
        @6 ld a4,.LANCHOR0
        @7 ld ra,8(sp)
        ret""") == set()


# ----------------------------------------------------- compiled cases

def test_compiled_eq_subst_hazard():
    # GCC 12.2 -O2: ld a4,.LANCHOR0 (head); lla a5,.LANCHOR1+8; beq
    # a4,a5,.L5; .L5: lw a0,.LANCHOR1+8.
    res = riscv64.compile_and_analyze(REPO / "tests/corpus/eq_subst_hazard.c",
                                      extra=INCLUDE)
    assert res.broken_lines == {20}


def test_compiled_rel_ne_is_data():
    # GCC 12.2 -O2: lw a5,0(a4) (head); lw a3,4(a4); sub a5,a5,a3; snez
    # a5,a5; slli a5,a5,2; add a4,a4,a5; lw a0,8(a4): data (RVWMO).
    res = riscv64.compile_and_analyze(REPO / "tests/corpus/rel_ne_hazard.c",
                                      extra=INCLUDE)
    assert res.heads and res.broken_lines == set()
