"""Unit tests for the independent x86-64 dependency checker
(rcuderef/asmcheck/x86_64.py).

Hand-written AT&T snippets exercise one rule each; the comment of each
says why the access is broken or intact.  The compiled cases at the end
check verdicts read by hand from GCC 12.2's x86-64 output (``gcc -S -g``,
Debian 12), quoted next to each case.  Nothing here comes from the plugin.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from rcuderef.asmcheck.x86_64 import (
    CALL, DATA, analyze, annotations, compile_and_analyze, compile_to_asm,
    is_load, is_memory_access, parse, written_registers)
from tests import asm_snippets

HEAD, DEP = 6, 7
REPO = Path(__file__).parent.parent
CORPUS = REPO / "tests" / "corpus"
INCLUDE = ("-I", str(REPO / "plugin" / "include"))


def func(name, body):
    return asm_snippets.func(name, body, "@function")


def asm(*functions):
    """A translation unit of t.c made of the given functions."""
    return asm_snippets.unit(functions, "")


def check(body, heads=(HEAD,), deps=(DEP,)):
    """Analyze a single function ``f`` made of ``body``."""
    return analyze(asm(func("f", body)), "t.c", set(heads), set(deps))


def check_tu(*functions, heads=(HEAD,), deps=(DEP,)):
    """Analyze a translation unit made of several functions."""
    return analyze(asm(*functions), "t.c", set(heads), set(deps))


def dep_flags(res, line=DEP):
    """(dependent, via_flags, via_call) of the non-stack accesses."""
    return [(a.dependent, a.via_flags, a.via_call)
            for a in res.deps[line] if not a.stack]


INTACT = (True, False, False)
BROKEN = (False, False, False)
ONLY_FLAGS = (False, True, False)
VIA_CALL = (True, False, True)


# ----------------------------------------------------- attribution, heads

def test_head_is_the_load_on_the_head_line():
    # leaq takes an address, it reads no memory: the head is the movq.
    res = check("""
        @6 leaq gp(%rip), %rdx
        movq gp(%rip), %rax
        @7 movl (%rax), %eax
        ret
    """)
    assert [h.text for h in res.heads] == ["movq gp(%rip), %rax"]
    assert res.acquire and res.verdict == "intact"
    assert dep_flags(res) == [INTACT]


def test_no_head_found():
    # Only a constant address on the head line: no head, so the access
    # cannot depend on one.
    res = check("@6 leaq gp(%rip), %rax\n@7 movl (%rax), %eax")
    assert res.heads == [] and not res.acquire
    assert res.verdict == "broken"


def test_loc_of_other_file_is_not_our_line():
    # The access is attributed to line 7 of inc.h, not of t.c.
    text = asm(func("f", "@6 movq gp(%rip), %rax\n@7 nop")).replace(
        "\tnop", '\t.file 2 "inc.h"\n\t.loc 2 7 1\n\tmovl (%rbx), %eax')
    res = analyze(text, "t.c", {HEAD}, {DEP})
    assert res.vanished_lines == {DEP} and res.verdict == "intact"


def test_dep_line_without_memory_access_vanished():
    # lea is arithmetic, not an access.
    res = check("""
        @6 movq gp(%rip), %rax
        @7 leaq 8(%rax), %rdx
        ret
    """)
    assert res.vanished_lines == {DEP} and res.deps == {DEP: []}


def test_comments_prefixes_and_statement_separators():
    # '#' starts a comment; "lock;" is a prefix of the next statement.
    res = check("""
        @6 movq gp(%rip), %rax  # the head
        @7 lock; cmpxchgq %rcx, (%rax)
        rep stosq
    """)
    texts = [a.insn_text for a in res.deps[DEP]]
    assert texts == ["lock cmpxchgq %rcx, (%rax)", "rep stosq"]
    # rdi was never defined from the head: the store is independent.
    assert dep_flags(res) == [INTACT, BROKEN]


# -------------------------------------------------------------- registers

@pytest.mark.parametrize("head, access", [
    ("movq gp(%rip), %rax", "movl (%rax), %ecx"),
    ("movl gi(%rip), %eax", "movl (%rbx,%rax,4), %ecx"),
    ("movl gi(%rip), %r8d", "movl (%rbx,%r8,4), %ecx"),
    ("movzwl gi(%rip), %r11d", "movl 0(,%r11,8), %ecx"),
    ("movq gp(%rip), %rax", "movl (%eax), %ecx"),
])
def test_register_names_alias(head, access):
    # eax/rax and r8d/r8 are one register; an index carries the value too.
    res = check(f"@6 {head}\n@7 {access}")
    assert dep_flags(res) == [INTACT]


@pytest.mark.parametrize("write, intact", [
    ("movl $5, %eax", False),      # 32-bit write: zero-extends, replaces
    ("movq $5, %rax", False),
    ("movabsq $81985529216486895, %rax", False),
    ("movl %ecx, %eax", False),
    ("movw $5, %ax", True),        # 16-bit write: bits 16..63 stay
    ("movb $5, %al", True),        # 8-bit write: bits 8..63 stay
    ("movb $1, %ah", True),
    ("movl %eax, %eax", True),     # zero-extension of the value itself
])
def test_partial_and_full_register_writes(write, intact):
    res = check(f"""
        @6 movq gp(%rip), %rax
        @9 {write}
        @7 movl (%rax), %ecx
    """)
    assert dep_flags(res) == [INTACT if intact else BROKEN]


@pytest.mark.parametrize("write, intact", [
    ("movl $5, %r9d", False), ("movw $5, %r9w", True),
    ("movb $5, %r9b", True)])
def test_numbered_register_widths(write, intact):
    res = check(f"""
        @6 movq gp(%rip), %r9
        @9 {write}
        @7 movl (%r9), %ecx
    """)
    assert dep_flags(res) == [INTACT if intact else BROKEN]


def test_low_part_reads_back_what_was_written():
    # setne %dl writes only the low byte of rdx (which holds the head);
    # movzbl %dl reads exactly that byte: the index derives from the head
    # only through the flags (GCC's form of aarch64's cset).
    res = check("""
        @6 movl gi(%rip), %edx
        @9 testl %edx, %edx
        setne %dl
        movzbl %dl, %edx
        leaq a(%rip), %rax
        @7 movl (%rax,%rdx,4), %eax
    """)
    assert dep_flags(res) == [ONLY_FLAGS] and res.broken_lines == {DEP}


def test_whole_register_read_after_partial_write():
    # Same, but andq reads all of rdx, whose bits 8..63 are still the
    # head's: a register data dependency (bool_and_hazard.c at -O2).
    res = check("""
        @6 movl gi(%rip), %edx
        @9 testl %edx, %edx
        setne %dl
        movzbl %al, %eax
        andq %rdx, %rax
        leaq a(%rip), %rdx
        @7 movl (%rdx,%rax,4), %eax
    """)
    assert dep_flags(res) == [INTACT]


def test_high_byte_write_keeps_low_byte():
    # movb $1, %ah does not touch %al, which still holds the head's byte.
    res = check("""
        @6 movzbl gi(%rip), %eax
        @9 movb $1, %ah
        movzbl %al, %ecx
        @7 movl (%rbx,%rcx,4), %edx
    """)
    assert dep_flags(res) == [INTACT]


@pytest.mark.parametrize("op", [
    "addq %rax, %rdx", "addq $16, %rax", "leaq 8(%rax,%rbx), %rdx",
    "andq $-64, %rax", "xorq %rbx, %rax", "imulq $24, %rax, %rdx",
    "salq $3, %rax", "negq %rax", "notq %rax", "bswap %rax",
    "movq %rax, %xmm0\n movq %xmm0, %rdx", "cltq", "shrq %cl, %rax",
    "xchgq %rax, %rdx",
])
def test_taint_through_data_processing(op):
    # Arithmetic, shifts, moves and lea pass the head's value on; the
    # access uses rax or rdx, whichever now holds it (rdx is clean).
    res = check(f"""
        @6 movq gp(%rip), %rax
        @9 xorl %edx, %edx
        {op}
        @7 movl (%rax,%rdx), %ecx
    """)
    assert dep_flags(res) == [INTACT]


@pytest.mark.parametrize("op", [
    "xorl %eax, %eax", "subq %rax, %rax", "andq $0, %rax",
    "orq $-1, %rax", "movq %rbx, %rax", "leaq a(%rip), %rax",
    "movq gq(%rip), %rax", "popcntq %rbx, %rax",
    "pxor %xmm0, %xmm0\n movq %xmm0, %rax",
])
def test_constant_idioms_and_redefinitions(op):
    # xor/sub of a register with itself, and $0, or $-1 make a constant;
    # a move or lea of something else replaces the value.
    res = check(f"""
        @6 movq gp(%rip), %rax
        @9 movq %rax, %xmm0
        {op}
        @7 movl (%rax), %ecx
    """)
    assert dep_flags(res) == [BROKEN]


def test_cqto_and_division():
    # cqto copies rax's sign into rdx; idiv makes rax and rdx from both.
    res = check("""
        @6 movq gp(%rip), %rax
        @9 cqto
        movq $0, %rax
        idivq %rcx
        @7 movl (%rbx,%rdx,4), %ecx
    """)
    assert dep_flags(res) == [INTACT]


# ---------------------------------------------------------- memory access

@pytest.mark.parametrize("access", [
    "addl 8(%rax), %edx",
    "movq %rdx, (%rax)",
    "incl (%rax)",
    "cmpq $0, 8(%rax)",
    "xchgq %rdx, (%rax)",
    "lock cmpxchgq %rdx, 16(%rax)",
    "lock xaddl %edx, (%rax)",
    "cmove (%rax), %edx",
    "call *8(%rax)",
    "pushq 8(%rax)",
    "movzbl 3(%rax), %edx",
    "sete (%rax)",
    "movsd 8(%rax), %xmm0",
    "vmovdqu (%rax), %ymm1",
])
def test_instructions_with_memory_operands_are_accesses(access):
    # Each reads or writes memory at an address derived from the head;
    # with rbx (clean) as the base instead the same access is broken.
    res = check(f"@6 movq gp(%rip), %rax\n@7 {access}")
    assert [a.insn_text for a in res.deps[DEP] if not a.stack] == [access]
    assert dep_flags(res) == [INTACT]
    broken = check("@6 movq gp(%rip), %rax\n@7 "
                   + access.replace("(%rax)", "(%rbx)"))
    assert dep_flags(broken) == [BROKEN]


@pytest.mark.parametrize("insn", [
    "leaq 8(%rax), %rdx", "nopw 0(%rax,%rax)", "prefetcht0 (%rax)",
    "nopl 0(%rax)", "jmp .L2", "call f@PLT", "ret"])
def test_not_accesses(insn):
    program = parse(asm(func("f", f"@9 {insn}\n.L2:\nret")), "t.c")
    assert not is_memory_access(program.insns[0])
    assert not is_load(program.insns[0])


@pytest.mark.parametrize("access", [
    "movl default_structs+8(%rip), %eax",    # rip-relative: a constant
    "movl 8+default_structs(%rip), %eax",
    "movl default_structs, %eax",            # absolute address
    "movq %fs:40, %rdx",                     # segment base alone
    "movq %rax, (%rbx)",                     # stored value, clean address
])
def test_constant_or_clean_address_is_broken(access):
    res = check(f"@6 movq gp(%rip), %rax\n@7 {access}")
    assert dep_flags(res) == [BROKEN]


def test_segment_prefix_with_dependent_base():
    # %fs: adds the thread's base; the address still derives from rax.
    res = check("@6 movq gp(%rip), %rax\n@7 movl %fs:(%rax), %ecx")
    assert dep_flags(res) == [INTACT]


def test_chain_through_dependent_loads():
    # p->next->a: the second load's base was loaded through the head.
    res = check("""
        @6 movq gp(%rip), %rax
        @9 movq 8(%rax), %rbx
        addq (%rbx), %rcx
        @7 movl (%rcx), %edx
    """)
    assert dep_flags(res) == [INTACT]


def test_memory_source_of_arithmetic_derives_from_its_address():
    # rcx starts clean; adding a value loaded through the head makes it
    # dependent (the loaded value depends on the address).
    res = check("""
        @6 movq gp(%rip), %rax
        @9 xorl %ecx, %ecx
        addq 8(%rax), %rcx
        @7 movl (%rcx), %edx
    """)
    assert dep_flags(res) == [INTACT]


def test_string_instructions_use_rsi_and_rdi():
    # movsq reads (%rsi) and writes (%rdi): rsi carries the head, rdi does
    # not, so the store half is broken.  rep stosq through rdi = head is
    # intact; lodsq through rsi defines rax from memory.
    res = check("""
        @6 movq gp(%rip), %rsi
        @9 leaq buf(%rip), %rdi
        @7 movsq
        @9 movq %rsi, %rdi
        @7 rep stosq
        lodsq
        movl (%rax), %edx
    """)
    assert dep_flags(res) == [INTACT, BROKEN, INTACT, INTACT, INTACT]


# ------------------------------------------------------------------ flags

def test_setcc_after_compare_is_flags_only():
    # p < q as an index: cmp + setb + movzbl.
    res = check("""
        @6 movq gp(%rip), %rax
        @9 xorl %ecx, %ecx
        cmpq %rbx, %rax
        setb %cl
        @7 movl (%rdx,%rcx,4), %eax
    """)
    assert dep_flags(res) == [ONLY_FLAGS] and res.broken_lines == {DEP}


def test_cmov_reads_the_flags():
    # Both cmov operands are clean: the result depends on the head only
    # through the flags written by test.
    res = check("""
        @6 movq gp(%rip), %rax
        @9 leaq a(%rip), %rdx
        leaq b(%rip), %rcx
        testq %rax, %rax
        cmove %rcx, %rdx
        @7 movl (%rdx), %eax
    """)
    assert dep_flags(res) == [ONLY_FLAGS]


def test_cmov_with_one_dependent_choice_is_not_dependent():
    """The pick rule (as arm64's csel): when the condition keeps %rdx, the
    address is a's, which does not derive from the head at all."""
    res = check("""
        @6 movq gp(%rip), %rax
        @9 leaq a(%rip), %rdx
        cmpq $8, %rbx
        cmovne %rax, %rdx
        @7 movl (%rdx), %eax
    """)
    assert res.verdict == "broken"


def test_cmov_of_head_or_error_pointer_is_dependent():
    """The error pointer's side of a conditional move faults: no order to
    keep there.  A 32-bit constant (zero-extended) is no error pointer."""
    for move, verdict in (("movq $-11, %rdx", "intact"),
                          ("movl $-11, %edx", "broken"),
                          ("movq $-4096, %rdx", "broken")):
        res = check(f"""
            @6 movq gp(%rip), %rax
            @9 cmpl $1, %edi
            {move}
            cmovne %rdx, %rax
            @7 movl 8(%rax), %eax
        """)
        assert res.verdict == verdict, move


def test_cmov_with_both_choices_dependent_is_data():
    res = check("""
        @6 movq gp(%rip), %rax
        @9 leaq 8(%rax), %rdx
        cmpq $8, %rbx
        cmovne %rax, %rdx
        @7 movl (%rdx), %eax
    """)
    assert dep_flags(res) == [INTACT]


@pytest.mark.parametrize("reader", [
    "sbbq %rcx, %rcx", "adcq $0, %rcx", "rclq %rcx"])
def test_carry_readers(reader):
    # rcx is clean before; sbb/adc/rcl bring the carry of cmp in.
    res = check(f"""
        @6 movq gp(%rip), %rax
        @9 xorl %ecx, %ecx
        cmpq %rbx, %rax
        {reader}
        @7 movl (%rdx,%rcx,4), %eax
    """)
    assert dep_flags(res) == [ONLY_FLAGS]


@pytest.mark.parametrize("between, level", [
    ("cmpq %rbx, %rdx", BROKEN),        # new flags from clean values
    ("addq $1, %rdx", BROKEN),          # arithmetic rewrites all flags
    ("incq %rdx", ONLY_FLAGS),          # inc keeps CF from the first cmp
    ("movq $1, %rdx", ONLY_FLAGS),      # mov leaves the flags alone
    ("leaq 1(%rdx), %rdx", ONLY_FLAGS),
])
def test_flags_writers(between, level):
    res = check(f"""
        @6 movq gp(%rip), %rax
        @9 xorl %ecx, %ecx
        cmpq %rbx, %rax
        {between}
        adcl $0, %ecx
        @7 movl (%rsi,%rcx,4), %eax
    """)
    assert dep_flags(res) == [level]


def test_call_clobbers_the_flags():
    res = check("""
        @6 movq gp(%rip), %rax
        @9 cmpq %rbx, %rax
        call g
        movl $0, %ecx
        sete %cl
        @7 movl (%rsi,%rcx,4), %eax
    """)
    assert dep_flags(res) == [BROKEN]


# ----------------------------------------------------------- control flow

@pytest.mark.parametrize("branch", ["je .L2", "jne .L2", "jle .L2",
                                    "jrcxz .L2"])
def test_join_with_one_independent_path(branch):
    res = check(f"""
        @6 movq gp(%rip), %rax
        @9 testq %rbx, %rbx
        {branch}
        movq %rsi, %rax
        .L2:
        @7 movl (%rax), %eax
        ret
    """)
    assert res.verdict == "broken"


def test_join_with_both_paths_dependent():
    res = check("""
        @6 movq gp(%rip), %rax
        @9 testq %rbx, %rbx
        je .L2
        addq $8, %rax
        jmp .L3
        .L2:
        addq $16, %rax
        .L3:
        @7 movl (%rax), %eax
        ret
    """)
    assert res.verdict == "intact"


def test_loop_walking_a_dependent_list():
    res = check("""
        @6 movq gp(%rip), %rax
        .L3:
        @7 addl 8(%rax), %edx
        movq (%rax), %rax
        testq %rax, %rax
        jne .L3
        ret
    """)
    assert res.verdict == "intact"


def test_loop_back_edge_kills_dependency():
    res = check("""
        @6 movq gp(%rip), %rax
        .L3:
        @7 addl 8(%rax), %edx
        movq gq(%rip), %rax
        testl %edx, %edx
        jne .L3
        ret
    """)
    assert res.verdict == "broken"


@pytest.mark.parametrize("leave", ["ret", "rep ret", "jmp helper",
                                   "jmp helper@PLT", "ud2"])
def test_exits_end_the_path(leave):
    # The clean value in rax never reaches .L2.
    res = check(f"""
        @6 movq gp(%rip), %rax
        @9 testq %rbx, %rbx
        je .L2
        movq %rsi, %rax
        {leave}
        .L2:
        @7 movl (%rax), %eax
        ret
    """)
    assert res.verdict == "intact"


JUMP_TABLE = """
    @6 movq gp(%rip), %rcx
    @9 leaq .L4(%rip), %rdx
    movslq (%rdx,%rdi,4), %rax
    addq %rdx, %rax
    {jump}
    .L5:
    movq %rsi, %rcx
    .L6:
    @7 movl (%rcx), %eax
    ret
"""


@pytest.mark.parametrize("jump", ["jmp *%rax", "notrack jmp *%rax"])
def test_jump_table_targets_are_reached(jump):
    # .L5 (rcx replaced by a clean value) is reached only through the
    # table read by the indirect jump.
    body = func("f", JUMP_TABLE.format(jump=jump))
    table = ("\t.section\t.rodata\n.L4:\n\t.long\t.L5-.L4\n"
             "\t.long\t.L6-.L4\n\t.text\n")
    program = parse(asm(body + "\n" + table), "t.c")
    (jmp,) = [i for i in program.insns if i.mnemonic == "jmp"]
    assert jmp.text == jump
    assert len(program.succ[jmp.index]) == 2
    res = analyze(asm(body + "\n" + table), "t.c", {HEAD}, {DEP})
    assert res.verdict == "broken"


def test_indirect_jump_without_table_is_a_tail_call():
    # No label of f has its address taken: jmp *%rax leaves f, .L5 and
    # .L6 are unreachable (vacuously intact).
    body = func("f", JUMP_TABLE.format(jump="jmp *%rax"))
    program = parse(asm(body), "t.c")
    (jmp,) = [i for i in program.insns if i.mnemonic == "jmp"]
    assert program.succ[jmp.index] == []
    assert analyze(asm(body), "t.c", {HEAD}, {DEP}).verdict == "intact"


def test_indirect_jump_through_table_in_memory():
    # Non-PIE form: the table read is a load through the index register.
    res = check("""
        @6 movl gi(%rip), %eax
        @7 jmp *.L4(,%rax,8)
    """)
    assert dep_flags(res) == [INTACT]


def test_taint_does_not_cross_functions():
    text = asm(func("f", "@6 movq gp(%rip), %rax\nret"),
               func("g", "@7 movl (%rax), %eax\nret"))
    res = analyze(text, "t.c", {HEAD}, {DEP})
    assert res.verdict == "broken" and res.deps[DEP][0].function == "g"


def test_cold_partition_continues_its_function():
    text = asm(func("k", """
        @6 movq gp(%rip), %rbx
        @9 testl %edi, %edi
        jne .L8
        ret
    """)) + ("\t.section\t.text.unlikely\n" + func("k.cold", """
        .L8:
        call slow
        @7 movl 4(%rbx), %eax
        ret
    """) + "\n\t.text\n")
    res = analyze(text, "t.c", {HEAD}, {DEP})
    assert res.verdict == "intact" and res.deps[DEP][0].function == "k.cold"


# ------------------------------------------------------------------ calls

def test_call_result_derived_from_arguments():
    # rax after an unknown call: derived (CALL) from rdi; rbx is
    # callee-saved and keeps the head.
    res = check("""
        @6 movq gp(%rip), %rbx
        @9 movq %rbx, %rdi
        call helper@PLT
        @7 movl (%rax), %ecx
        movl (%rbx), %ecx
    """)
    assert dep_flags(res) == [VIA_CALL, INTACT]


@pytest.mark.parametrize("arg", ["rdi", "rsi", "rdx", "rcx", "r8", "r9"])
def test_every_argument_register(arg):
    res = check(f"""
        @6 movq gp(%rip), %rbx
        @9 movq %rbx, %{arg}
        call helper
        @7 movl (%rax), %ecx
    """)
    assert dep_flags(res) == [VIA_CALL]


@pytest.mark.parametrize("reg", ["rax", "rcx", "rdx", "rsi", "rdi", "r8",
                                 "r9", "r10", "r11"])
def test_call_clobbers_caller_saved_registers(reg):
    res = check(f"""
        @6 movq gp(%rip), %{reg}
        @9 call helper
        @7 movl 8(%{reg}), %ecx
    """)
    assert dep_flags(res) == [BROKEN]


@pytest.mark.parametrize("reg", ["rbx", "rbp", "r12", "r13", "r14", "r15"])
def test_call_keeps_callee_saved_registers(reg):
    res = check(f"""
        @6 movq gp(%rip), %{reg}
        @9 call helper
        @7 movl 8(%{reg}), %ecx
    """)
    assert dep_flags(res) == [INTACT]


def test_indirect_call_with_clean_arguments():
    # The head is in rbx, no argument register carries it.
    res = check("""
        @6 movq gp(%rip), %rbx
        @9 movl $4, %edi
        call *%r12
        @7 movl (%rax), %ecx
    """)
    assert dep_flags(res) == [BROKEN]


GETTER = func("get_foo", """
    @6 movq gp(%rip), %rax
    @9 ret
""")

IDENTITY = func("field_a", "@9 movq %rdi, %rax\nret")

CONST_CLONE = func("field_a.constprop.0", """
    @9 leaq 8+defs(%rip), %rax
    ret
""")


@pytest.mark.parametrize("getter_first", [True, False])
def test_head_in_noinline_getter_flows_to_caller(getter_first):
    caller = func("reader", """
        @9 call get_foo
        testq %rax, %rax
        je .L4
        @7 movl (%rax), %eax
        .L4:
        @9 ret
    """)
    res = check_tu(*((GETTER, caller) if getter_first else (caller, GETTER)))
    assert res.summaries["get_foo"] == {"head": DATA}
    assert dep_flags(res) == [INTACT]


@pytest.mark.parametrize("arg, intact", [
    ("movq %rdx, %rdi", True), ("leaq 8(%rdx), %rdi", True),
    ("leaq 8+defs(%rip), %rdi", False)])
def test_identity_callee_returns_its_argument(arg, intact):
    caller = func("reader", f"""
        @6 movq gp(%rip), %rdx
        @9 {arg}
        call field_a
        @7 movl (%rax), %eax
        ret
    """)
    res = check_tu(IDENTITY, caller)
    assert res.summaries["field_a"] == {"@rdi": DATA}
    assert dep_flags(res) == [INTACT if intact else BROKEN]


def test_constant_returning_clone_ignores_head_in_argument():
    caller = func("reader", """
        @6 movq gp(%rip), %rdi
        @9 call field_a.constprop.0
        @7 movl (%rax), %eax
        ret
    """)
    res = check_tu(CONST_CLONE, caller)
    assert res.summaries["field_a.constprop.0"] == {}
    assert dep_flags(res) == [BROKEN]
    # Without the clone's body the generic rule applies.
    assert dep_flags(check_tu(caller)) == [VIA_CALL]


def test_tail_call_returns_the_callee_summary():
    middle = func("middle", "@9 jmp get_foo")
    caller = func("reader", """
        @9 call middle
        @7 movl (%rax), %eax
        ret
    """)
    res = check_tu(GETTER, middle, caller)
    assert res.summaries["middle"] == {"head": DATA}
    assert res.verdict == "intact"


def test_indirect_tail_call_uses_the_generic_rule():
    # middle returns what *%rax returns: unknown, derived from rdi at
    # most at CALL level.
    middle = func("middle", "@9 movq fn(%rip), %rax\njmp *%rax")
    caller = func("reader", """
        @6 movq gp(%rip), %rdi
        @9 call middle
        @7 movl (%rax), %eax
        ret
    """)
    res = check_tu(middle, caller)
    assert res.summaries["middle"] == {f"@{r}": CALL for r in (
        "rdi", "rsi", "rdx", "rcx", "r8", "r9")}
    assert dep_flags(res) == [VIA_CALL]


def test_weak_function_is_not_summarized():
    caller = func("reader", """
        @6 movq gp(%rip), %rdi
        @9 call field_a.constprop.0
        @7 movl (%rax), %eax
        ret
    """)
    res = check_tu("\t.weak\tfield_a.constprop.0\n" + CONST_CLONE, caller)
    assert "field_a.constprop.0" not in res.summaries
    assert dep_flags(res) == [VIA_CALL]


CALLEE_ACCESS = func("use_it", "@7 movl 4(%rdi), %eax\n@9 ret")


def caller_of_use_it(name, arg="movq %rbx, %rdi"):
    """A caller passing ``arg`` in rdi to use_it (head in rbx)."""
    return func(name, f"""
        @6 movq gp(%rip), %rbx
        @9 {arg}
        call use_it
        ret
    """)


def test_access_inside_callee_dependent_through_argument():
    res = check_tu(CALLEE_ACCESS, caller_of_use_it("reader"))
    assert res.entry_taint["use_it"] == {"rdi": DATA}
    assert res.verdict == "intact"
    assert [a.function for a in res.deps[DEP]] == ["use_it"]


def test_access_inside_callee_needs_every_call_site():
    res = check_tu(CALLEE_ACCESS, caller_of_use_it("r1"),
                   caller_of_use_it("r2", arg="movq %r12, %rdi"))
    assert "use_it" not in res.entry_taint and res.verdict == "broken"


@pytest.mark.parametrize("how", ["globl", "weak", "lea"])
def test_callee_with_unknown_callers_has_clean_arguments(how):
    callee, caller = CALLEE_ACCESS, caller_of_use_it("reader")
    if how == "lea":
        caller = caller_of_use_it("reader", "movq %rbx, %rdi\n"
                                  "leaq use_it(%rip), %rsi")
    else:
        callee = f"\t.{how}\tuse_it\n" + callee
    res = check_tu(callee, caller)
    assert res.entry_taint == {} and res.verdict == "broken"


# ------------------------------------------------------- IPA-RA clobbers

# A static callee that writes eax, edx and the flags only (csmith's
# safe_add_func_int32_t_s_s at x86-64 -O2, in shape).
SAFE_ADD = """
    @9 movl %edi, %eax
    testl %edi, %edi
    jle .L2
    movl $2147483647, %edx
    subl %esi, %edx
    cmpl %edi, %edx
    jl .L3
    .L2:
    addl %esi, %eax
    .L3:
    ret
"""
NON_PIC = ('\t.section\t.debug_str,"MS",@progbits,1\n.LASF0:\n'
           '\t.string\t"GNU C17 12.2.0 -mtune=generic -march=x86-64 -g -O2"\n'
           '\t.text')
PIC = NON_PIC.replace('-O2"', '-O2 -fPIC"')


def ipa_ra_caller(callee="local_fn", kept="rcx"):
    """A head value kept in a caller-saved register across ``call``."""
    return func("reader", f"""
        @6 movq gp(%rip), %{kept}
        @9 movl $1, %edi
        movl $2, %esi
        call {callee}
        @7 movl %eax, (%{kept})
        @9 ret
    """)


@pytest.mark.parametrize("kept", ["rcx", "r8", "r9", "r10", "r11"])
def test_value_kept_across_call_of_local_function_not_writing_it(kept):
    res = check_tu(func("local_fn", SAFE_ADD), ipa_ra_caller(kept=kept))
    assert dep_flags(res) == [INTACT]


@pytest.mark.parametrize("callees", [
    [func("local_fn", "@9 movl %edi, %ecx\nret")],
    [func("local_fn", "@9 xchgq %rcx, %rdi\nret")],
    [func("local_fn", "@9 cpuid\nret")],
    [func("local_fn", "@9 rep stosq\nret")],
    [func("local_fn", "@9 loop .L1\n.L1:\nret")],
    [func("local_fn", "@9 call inner\nret"),
     func("inner", "@9 movq $0, %rcx\nret")],
    [func("local_fn", "@9 jmp inner"), func("inner", "@9 xorl %ecx, %ecx\nret")],
    [func("local_fn", "@9 call helper@PLT\nret")],
    [func("local_fn", "@9 call inner@PLT\nret"),
     func("inner", "@9 ret")],
    [func("local_fn", "@9 call *%rdi\nret")],
    [func("local_fn", "@9 syscall\nret")],
    [func("local_fn", "@9 vpgatherdd %ymm2, (%rax,%ymm1,4), %ymm0\nret")],
], ids=["mov", "xchg", "cpuid", "rep-stos", "loop", "callee", "tail-call",
        "external", "plt", "indirect", "syscall", "unknown"])
def test_value_lost_across_call_of_function_that_may_write_it(callees):
    res = check_tu(*callees, ipa_ra_caller())
    assert dep_flags(res) == [BROKEN]


@pytest.mark.parametrize("callee", ["helper", "local_fn@PLT"])
def test_value_lost_across_external_or_plt_call(callee):
    """An external function, or a function of the file called through its
    PLT entry (the resolver, or another definition, may run)."""
    res = check_tu(func("local_fn", SAFE_ADD), ipa_ra_caller(callee))
    assert dep_flags(res) == [BROKEN]


@pytest.mark.parametrize("binding, producer, intact", [
    ("", "", True),
    ("\t.globl\tlocal_fn\n", NON_PIC, True),    # GCC 12 -fno-pic / -fPIE
    ("\t.globl\tlocal_fn\n", PIC, False),       # may be interposed
    ("\t.globl\tlocal_fn\n", "", False),        # compile options unknown
    ("\t.weak\tlocal_fn\n", NON_PIC, False),
], ids=["static", "global", "global-pic", "global-unknown", "weak"])
def test_which_callees_bind_locally(binding, producer, intact):
    functions = [binding + func("local_fn", SAFE_ADD), ipa_ra_caller()]
    if producer:
        functions.append(producer)
    assert dep_flags(check_tu(*functions)) == [INTACT if intact else BROKEN]


def test_mcount_records_bind_nothing():
    """-mrecord-mcount: ftrace may turn the entry's nop into a call."""
    record = ('\t.section\t__mcount_loc,"a",@progbits\n\t.quad\t1f\n'
              '\t.text\n')
    res = check_tu(record + func("local_fn", SAFE_ADD), ipa_ra_caller())
    assert dep_flags(res) == [BROKEN]


@pytest.mark.parametrize("text, written", [
    ("addl %esi, %eax", {"rax", "flags"}),
    ("cmpq %rdi, %rsi", {"flags"}),
    ("movq (%rdi), %rcx", {"rcx", "flags"}),
    ("movq %rcx, (%rdi)", {"flags"}),
    ("xaddq %rcx, (%rdi)", {"rcx", "flags"}),
    ("divq %rcx", {"rax", "rdx", "flags"}),
    ("cltq", {"rax", "flags"}),
    ("cmpxchgq %rdx, (%rdi)", {"rax", "flags"}),
    ("popq %rbx", {"rbx", "rsp", "flags"}),
    ("setne %cl", {"rcx", "flags"}),
    ("pxor %xmm1, %xmm1", {"xmm1", "flags"}),
    ("call f", set()),
    ("jmp .L1", set()),
    ("ret", set()),
    ("nopw 0(%rax,%rax,1)", set()),
    ("call *%rax", None),
    ("jmp *%rax", None),
    ("syscall", None),
    ("vfmadd231sd %xmm2, %xmm1, %xmm0", None),
])
def test_written_registers(text, written):
    (insn,) = parse(asm(func("f", text)), "t.c").insns
    got = written_registers(insn)
    assert (None if got is None else set(got)) == written


# ------------------------------------------------------------------ stack

def test_spill_and_reload_through_rbp():
    # -O0: the head is stored to -8(%rbp) and reloaded.
    res = check("""
        @9 pushq %rbp
        movq %rsp, %rbp
        @6 movq gp(%rip), %rax
        movq %rax, -8(%rbp)
        @9 movl $0, %eax
        @7 movq -8(%rbp), %rax
        movl (%rax), %eax
    """)
    assert [a.stack for a in res.deps[DEP]] == [True, False]
    assert res.verdict == "intact"


@pytest.mark.parametrize("overwrite", [
    "movq $0, -8(%rbp)", "movl $0, -4(%rbp)", "movb $0, -8(%rbp)",
    "movq %rsp, %rbp"])
def test_stack_slot_overwritten(overwrite):
    # A whole or partial overwrite, or a new frame pointer, loses the slot.
    res = check(f"""
        @6 movq gp(%rip), %rax
        @9 movq %rax, -8(%rbp)
        {overwrite}
        @7 movq -8(%rbp), %rdx
        movl (%rdx), %eax
    """)
    assert dep_flags(res) == [BROKEN]


def test_narrow_reload_of_wide_slot():
    res = check("""
        @6 movl gi(%rip), %eax
        @9 movl %eax, -4(%rbp)
        @7 movslq -4(%rbp), %rdx
        movl (%rbx,%rdx,4), %eax
    """)
    assert dep_flags(res) == [INTACT]


def test_push_and_pop_move_values_through_the_stack():
    res = check("""
        @6 movq gp(%rip), %rax
        @9 pushq %rax
        pushq %rbx
        popq %rcx
        popq %rdx
        @7 movl (%rdx), %eax
        movl (%rcx), %eax
    """)
    assert dep_flags(res) == [INTACT, BROKEN]


def test_rsp_adjustments_rebase_slots():
    res = check("""
        @6 movq gp(%rip), %rax
        @9 movq %rax, 8(%rsp)
        subq $24, %rsp
        movq 32(%rsp), %rdx
        movq 8(%rsp), %rcx
        addq $24, %rsp
        movq 8(%rsp), %rsi
        @7 movl (%rdx), %eax
        movl (%rcx), %eax
        movl (%rsi), %eax
    """)
    assert dep_flags(res) == [INTACT, BROKEN, INTACT]


def test_unknown_rsp_change_forgets_slots():
    res = check("""
        @6 movq gp(%rip), %rax
        @9 movq %rax, 8(%rsp)
        andq $-16, %rsp
        movq 8(%rsp), %rdx
        @7 movl (%rdx), %eax
    """)
    assert dep_flags(res) == [BROKEN]


def test_call_clobbers_the_red_zone_only():
    res = check("""
        @6 movq gp(%rip), %rax
        @9 movq %rax, -8(%rsp)
        movq %rax, 8(%rsp)
        call helper
        movq -8(%rsp), %rdx
        movq 8(%rsp), %rcx
        @7 movl (%rdx), %eax
        movl (%rcx), %eax
    """)
    assert dep_flags(res) == [BROKEN, INTACT]


def test_push_pop_are_stack_accesses_ignored_by_the_verdict():
    res = check("""
        @6 movq gp(%rip), %rbx
        @7 pushq %rbx
        popq %rbx
    """)
    assert [a.stack for a in res.deps[DEP]] == [True, True]
    assert res.vanished_lines == {DEP} and res.verdict == "intact"


# --------------------------------------------- compiled, read by hand

def run(tmp_path, source, opt):
    """Write ``source`` to t.c and analyze it at ``opt``."""
    c_file = tmp_path / "t.c"
    c_file.write_text(source)
    return compile_and_analyze(c_file, opt=opt)


EQUALITY = """#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct foo { int a; };
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


IPA_RA = asm_snippets.IPA_RA_C


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os"])
@pytest.mark.parametrize("pic", ["", "-fPIC"])
def test_real_value_kept_across_call_by_ipa_ra(tmp_path, opt, pic):
    """Read by hand, GCC 12.2: at -O2 -fPIC and -Os -fPIC reader keeps the
    head (``movq (%rax), %rdx``) in rdx across ``call add`` (static, writes
    eax), and ``movq %rcx, (%rdx)`` is the dep; greader's ``call
    gadd@PLT`` makes it keep p in rbx.  At -O1 both keep p in rbx; at -O2
    and -Os without -fPIC both load the head after the call."""
    c_file = tmp_path / "t.c"
    c_file.write_text(IPA_RA)
    res = compile_and_analyze(c_file, opt=opt, extra=[pic] if pic else [])
    assert res.verdict == "intact" and not res.vanished_lines

@pytest.mark.parametrize("opt, broken", [("-O0", False), ("-O2", True)])
def test_real_equality_substitution(tmp_path, opt, broken):
    """-O2: ``cmpq %rax, %rdx; ... cmove def(%rip), %eax``: the load
    reads def directly.  -O0 reloads p from -8(%rbp) and loads (%rax)."""
    res = run(tmp_path, EQUALITY, opt)
    assert res.broken_lines == ({9} if broken else set())


JUMP_TABLE_SOURCE = """struct foo { int a, b, c; };
extern struct foo *gp;
int f(int k)
{
	struct foo *p = *(struct foo * volatile *)&gp; /* rcu:head */
	switch (k) {
	case 0: return p->a; /* rcu:dep */
	case 1: return p->b + 3; /* rcu:dep */
	case 2: return p->c * 7; /* rcu:dep */
	case 3: return p->a - 9; /* rcu:dep */
	case 4: return p->b ^ 5; /* rcu:dep */
	case 5: return 11;
	}
	return 0;
}
"""


def test_real_jump_table(tmp_path):
    """-O2: ``leaq .L4(%rip), %rdx; movslq (%rdx,%rdi,4), %rax; addq %rdx,
    %rax; jmp *%rax`` with ``.long .L9-.L4``...; every case loads through
    rcx, the head (``movl 4(%rcx), %eax``)."""
    res = run(tmp_path, JUMP_TABLE_SOURCE, "-O2")
    insns = parse(compile_to_asm(tmp_path / "t.c"), "t.c").insns
    assert "jmp *%rax" in [i.text for i in insns]
    assert res.verdict == "intact" and not res.vanished_lines


@pytest.mark.parametrize("case, opt, broken, flags", [
    # movq gp(%rip), %rdx; leaq 8+default_structs(%rip), %rax;
    # cmpq %rax, %rdx; movl $0, %eax; cmove 8+default_structs(%rip), %eax
    ("eq_subst_hazard.c", "-O2", {20}, set()),
    # movq pp(%rip), %rdx; ... je .L5; ... .L5: movl 4(%rdx), %eax:
    # x86 keeps p (aarch64 -O2 loads through the anchor).
    ("consume_eq_hazard.c", "-O2", set(), set()),
    # orl %edx, %eax; setne %dl; movzbl %dl, %edx;
    # movl (%rax,%rdx,4), %eax: the index is the flags of orl only.
    ("bool_or_hazard.c", "-O2", {15}, {15}),
    # testl %edx, %edx; setne %dl; ... andq %rdx, %rax: rdx still holds
    # the head's bits 8..63, and andq reads all of them.
    ("bool_and_hazard.c", "-O2", set(), set()),
    # get_foo: movq gp(%rip), %rax; ret.  reader: call get_foo;
    # testq %rax, %rax; je; movl (%rax), %edx.
    ("getter_noinline_safe.c", "-O2", set(), set()),
    # -O0: the head goes through -16(%rbp) and is reloaded into rax.
    ("getter_noinline_safe.c", "-O0", set(), set()),
])
def test_real_corpus_cases(case, opt, broken, flags):
    res = compile_and_analyze(CORPUS / case, opt=opt, extra=INCLUDE)
    assert res.broken_lines == broken and not res.vanished_lines
    assert {line for line, accesses in res.deps.items()
            if any(a.via_flags for a in accesses)} == flags


def test_annotations_are_shared():
    assert annotations("a; /* rcu:head */\nb; // rcu:dep\n") == ({1}, {2})


def test_cli_target_x86_64(tmp_path):
    (tmp_path / "t.c").write_text(EQUALITY)
    proc = subprocess.run(
        [sys.executable, "-m", "rcuderef.asmcheck", "--target", "x86_64",
         str(tmp_path / "t.c"), "-O2"],
        capture_output=True, text=True, check=False, cwd=REPO)
    assert proc.returncode == 1
    assert "dep line 9: BROKEN" in proc.stdout
    assert "cmove def(%rip), %eax" in proc.stdout
