"""Which dependent accesses the CPU orders after a head without the address
dependency: a forward data-flow over the instructions of a file.

An access is ordered when every path from its function's entry to it passes
an instruction that orders the head loads before every later access.  A
call does not undo what came before it.  This needs no knowledge of the
plugin: it reads the assembly.  What orders, per target (the checker's
``orders_loads``):

- aarch64: a load-acquire (``ldar``/``ldapr`` and their sizes) on a head
  line, or a barrier that orders earlier loads before later accesses
  (``dmb ish``, ``dmb ishld``, ``dmb sy``, ``dmb ld`` ...);
- powerpc64le (``ppc64le.py``): ``lwsync`` or ``sync``, or the ``isync``
  after a conditional branch on a compare of a head load's register
  (``ld; cmpw; bne- $+4; isync``, GCC's acquire load);
- riscv64 (``riscv64.py``): a ``fence`` whose predecessor set holds ``r``
  and whose successor set holds ``r`` and ``w`` (``fence r,rw``, GCC 12's
  ``fence iorw,iorw``), ``fence.tso``, or a ``.aq`` head load.
"""

from __future__ import annotations

from . import aarch64
from .aarch64 import Program, is_acquire, is_memory_access, parse

LOAD_ORDERING_BARRIERS = {"ish", "ishld", "sy", "ld", "osh", "oshld", "nsh", "nshld"}


def orders_loads(insn, head_lines) -> bool:
    """aarch64: True if insn orders the head loads before every later
    access."""
    if insn.mnemonic == "dmb":
        return bool(insn.operands) and insn.operands[0].lower() in LOAD_ORDERING_BARRIERS
    return is_acquire(insn) and insn.line in head_lines


def _orders(checker):
    """The ordering test of a checker module, as f(insn, program, heads)."""
    if checker is None or checker is aarch64:
        return lambda insn, program, heads: orders_loads(insn, heads)
    return checker.orders_loads


def ordered_before(program: Program, head_lines, checker=None) -> list[bool | None]:
    """For each instruction: whether an acquire/barrier precedes it on every
    path from its function's entry (None: unreachable)."""
    orders = _orders(checker)
    n = len(program.insns)
    state: list[bool | None] = [None] * n
    preds: list[list[int]] = [[] for _ in range(n)]
    for i, succs in enumerate(program.succ):
        for s in succs:
            preds[s].append(i)
    work = sorted(program.entries)
    for e in work:
        state[e] = False
    while work:
        i = work.pop()
        out = state[i] or orders(program.insns[i], program, head_lines)
        for s in program.succ[i]:
            new = out if state[s] is None else (state[s] and out)
            if s in program.entries:
                new = False
            if new != state[s]:
                state[s] = new
                work.append(s)
    return state


def _aarch64_frame_access(insn) -> bool:
    # The address operand: the last one but for a post-index
    # ("ldp x29, x30, [sp], 16").
    base = next((op for op in reversed(insn.operands) if op.startswith("[")), "")
    return base.startswith("[sp") or base.startswith("[x29")


def unordered_dep_lines(asm: str, source_basename: str, head_lines, dep_lines,
                        checker=None) -> set[int]:
    """The dep lines with a memory access that no acquire or barrier orders
    after the heads, in the assembly of checker's target (a module of
    rcuderef.asmcheck; default aarch64)."""
    checker = checker or aarch64
    program = checker.parse(asm, source_basename)
    state = ordered_before(program, set(head_lines), checker)
    frame = (_aarch64_frame_access if checker is aarch64
             else checker.is_frame_access)
    out = set()
    for i, insn in enumerate(program.insns):
        if (insn.line in dep_lines and checker.is_memory_access(insn)
                and state[i] is False and not frame(insn)):
            out.add(insn.line)
    return out


__all__ = ["Program", "is_memory_access", "parse", "orders_loads",
           "ordered_before", "unordered_dep_lines"]
