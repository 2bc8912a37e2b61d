"""Which dependent accesses the CPU orders after a head without the address
dependency: an aarch64 forward data-flow over the instructions of a file.

An access is ordered when every path from its function's entry to it passes
a load-acquire (``ldar``/``ldapr`` and their sizes) on a head line, or a
barrier that orders earlier loads before later accesses (``dmb ish``,
``dmb ishld``, ``dmb sy``, ``dmb ld``).  A call does not undo what came
before it.  This needs no knowledge of the plugin: it reads the assembly.
"""

from __future__ import annotations

from .aarch64 import Program, is_acquire, is_memory_access, parse

LOAD_ORDERING_BARRIERS = {"ish", "ishld", "sy", "ld", "osh", "oshld", "nsh", "nshld"}


def orders_loads(insn, head_lines) -> bool:
    """True if insn orders the head loads before every later access."""
    if insn.mnemonic == "dmb":
        return bool(insn.operands) and insn.operands[0].lower() in LOAD_ORDERING_BARRIERS
    return is_acquire(insn) and insn.line in head_lines


def ordered_before(program: Program, head_lines) -> list[bool | None]:
    """For each instruction: whether an acquire/barrier precedes it on every
    path from its function's entry (None: unreachable)."""
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
        out = state[i] or orders_loads(program.insns[i], head_lines)
        for s in program.succ[i]:
            new = out if state[s] is None else (state[s] and out)
            if s in program.entries:
                new = False
            if new != state[s]:
                state[s] = new
                work.append(s)
    return state


def unordered_dep_lines(asm: str, source_basename: str, head_lines, dep_lines) -> set[int]:
    """The dep lines with a memory access that no acquire or barrier orders
    after the heads."""
    program = parse(asm, source_basename)
    state = ordered_before(program, set(head_lines))
    out = set()
    for i, insn in enumerate(program.insns):
        if insn.line in dep_lines and is_memory_access(insn) and state[i] is False:
            # The address operand: the last one but for a post-index
            # ("ldp x29, x30, [sp], 16").
            base = next((op for op in reversed(insn.operands) if op.startswith("[")), "")
            if base.startswith("[sp") or base.startswith("[x29"):
                continue
            out.add(insn.line)
    return out
