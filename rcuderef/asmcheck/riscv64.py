"""Decide from riscv64 assembly whether RCU address dependencies survived.

The input is what ``riscv64-linux-gnu-gcc -S -g -O<n>`` writes.  The model
is the one of ``aarch64.py`` and ``x86_64.py``: instructions are attributed
to source lines through ``.loc``; loads on *head* lines define dependent
values; the forward MUST data-flow of ``dataflow.py`` over a CFG built from
labels and branches decides, for every memory access on a *dep* line,
whether its address still carries a head's value; return-value summaries
and incoming argument taints are computed within the file (LP64D ABI:
arguments ``a0`` .. ``a7``, result ``a0``).

The RISC-V rule (RVWMO, the RISC-V Unprivileged ISA, chapter "RVWMO
Memory Consistency Model", section "Syntactic Dependencies"): an
instruction j has a syntactic dependency on i through a register when a
source register of j is the destination of i, or of an instruction that
has a syntactic dependency on i; *every* source register of an
instruction counts, and j has an address dependency on a load i when the
register j computes its address from depends so on i.  RISC-V has no
condition flags and, in GCC 12's base ISA, no conditional select: a
comparison's result is computed in a general register (``slt``,
``sltu``, ``slti``, ``sltiu`` and the pseudo-instructions ``seqz``,
``snez``, ``sltz``, ``sgtz``) and is data like any other, so an index
computed from ``sltu`` of a head value is address-dependent on it
(``DATA``).  A branch gives only a control dependency, which orders no
later read: its condition is no data of anything after it.  The level
``FLAGS`` therefore never occurs here.

Registers: ABI names (``a0``, ``s1``, ``t2``, ``fa0`` ...); ``x0``/``zero``
is the constant 0, ``fp`` is ``s0``.  Memory operands are ``off(base)``
(``%lo(sym)(a5)``: the base register's value), or a symbol alone (``ld
a4,sym``: an ``auipc`` pair, a constant address); the store form ``sd
a5,sym,t0`` uses ``t0`` as the ``auipc`` scratch.  Stack slots are
accesses through ``sp`` or ``s0`` with a numeric offset while those carry
no head value.  Calls (``call``, ``jal``, ``jalr``) clobber ``ra``,
``t0`` .. ``t6``, ``a0`` .. ``a7`` and the caller-saved FP registers;
``tail f`` and ``j f`` to a function symbol are tail calls; ``jr`` of a
register in a function that takes the address of its own labels (a jump
table) may go to each of them, else it is a tail call through a pointer.

Acquires (for :mod:`ordering`): a ``.aq`` load (``lr.d.aq``,
``amoswap.d.aq`` ...), or a ``fence`` whose predecessor set holds ``r``
and whose successor set holds ``r`` and ``w`` (``fence r,rw``; GCC 12
writes ``fence iorw,iorw`` for an acquire load or fence), or
``fence.tso``.

This module is deliberately independent of the GCC plugin it checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import dataflow, gas
from .dataflow import (  # noqa: F401 (part of this module's interface)
    CALL, DATA, FLAGS, HEAD_SOURCE, Access,
    Insn, Isa, Program, Result, State, Value, annotations, clear_slots,
    error_pointer, load_slot, store_slot, strength, vjoin)

DEFAULT_CC = "riscv64-linux-gnu-gcc"
STACK_BASES = ("sp", "s0")

_ABI = (["zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1"]
        + [f"a{n}" for n in range(8)] + [f"s{n}" for n in range(2, 12)]
        + [f"t{n}" for n in range(3, 7)])
_FABI = ([f"ft{n}" for n in range(8)] + ["fs0", "fs1"]
         + [f"fa{n}" for n in range(8)] + [f"fs{n}" for n in range(2, 12)]
         + [f"ft{n}" for n in range(8, 12)])
_ALIASES = {"fp": "s0", "x0": "zero"}
_ALIASES.update({f"x{n}": name for n, name in enumerate(_ABI)})
_ALIASES.update({f"f{n}": name for n, name in enumerate(_FABI)})
_REGISTERS = set(_ABI) | set(_FABI)

_LOADS = re.compile(r"^(lb|lh|lw|ld|lbu|lhu|lwu|flw|fld|flh|c\.l[wd]|c\.fld)$")
_STORES = re.compile(r"^(sb|sh|sw|sd|fsw|fsd|fsh|c\.s[wd]|c\.fsd)$")
_LR = re.compile(r"^lr\.[wd](\.aqrl|\.aq|\.rl)?$")
_SC = re.compile(r"^sc\.[wd](\.aqrl|\.aq|\.rl)?$")
_AMO = re.compile(r"^amo(swap|add|and|or|xor|max|maxu|min|minu)\.[wd]"
                  r"(\.aqrl|\.aq|\.rl)?$")
_COND_BRANCH = re.compile(
    r"^(beq|bne|blt|bge|bltu|bgeu|bgt|ble|bgtu|bleu"
    r"|beqz|bnez|blez|bgez|bltz|bgtz)$")
_CONSTANT_DEFS = {"li", "lui", "auipc", "lla", "la", "lga"}
_CALLS = {"call", "jal", "jalr"}
_EXITS = {"ret", "ebreak", "unimp", "mret", "sret", "wfi"}
_NO_DATA = {"nop", "fence", "fence.i", "fence.tso", "ecall", "ebreak",
            "pause"}
_CALL_CLOBBERED = (["ra"] + [f"t{n}" for n in range(7)]
                   + [f"a{n}" for n in range(8)]
                   + [f"ft{n}" for n in range(12)]
                   + [f"fa{n}" for n in range(8)])
_ARGUMENTS = tuple(f"a{n}" for n in range(8))
_MEM = re.compile(r"^(?P<off>.*)\((?P<base>[\w]+)\)$")


@dataclass(frozen=True)
class MemRef:
    """The memory operand of an access: its position, the base register
    (None for a symbol alone) and the numeric offset (None if it is no
    plain number)."""

    position: int
    base: str | None
    offset: int | None


def register(operand: str) -> str | None:
    """Canonical name of a register operand, else None."""
    name = operand.strip().lower()
    name = _ALIASES.get(name, name)
    return name if name in _REGISTERS else None


def immediate(operand: str) -> int | None:
    try:
        return int(operand.strip(), 0)
    except ValueError:
        return None


def memory_kind(mnemonic: str) -> str | None:
    """"load", "store", "atomic" (a read and write: AMOs) or None.  An
    ``sc`` is a store; an ``lr`` a load."""
    if _LOADS.match(mnemonic) or _LR.match(mnemonic):
        return "load"
    if _STORES.match(mnemonic) or _SC.match(mnemonic):
        return "store"
    if _AMO.match(mnemonic):
        return "atomic"
    return None


def is_load(insn: Insn) -> bool:
    return memory_kind(insn.mnemonic) in ("load", "atomic")


def is_memory_access(insn: Insn) -> bool:
    return memory_kind(insn.mnemonic) is not None


def is_acquire(insn: Insn) -> bool:
    """A load or AMO with the ``.aq`` bit."""
    return is_load(insn) and ".aq" in insn.mnemonic


def fence_orders_loads(insn: Insn) -> bool:
    """A fence that orders earlier loads before later loads and stores."""
    if insn.mnemonic == "fence.tso":
        return True
    if insn.mnemonic != "fence":
        return False
    if not insn.operands:
        return True            # "fence" alone is "fence iorw,iorw"
    pred = insn.operands[0].lower()
    succ = insn.operands[1].lower() if len(insn.operands) > 1 else ""
    return "r" in pred and "r" in succ and "w" in succ


def memref(insn: Insn) -> MemRef:
    ops = insn.operands
    if _SC.match(insn.mnemonic) or _AMO.match(insn.mnemonic):
        position = 2
    elif _LR.match(insn.mnemonic):
        position = 1
    else:
        position = 1
    if position >= len(ops):
        return MemRef(position, None, None)
    match = _MEM.match(ops[position].strip())
    if not match:
        return MemRef(position, None, None)       # a symbol: auipc pair
    off = match.group("off").strip()
    return MemRef(position, register(match.group("base")),
                  immediate(off) if off else 0)


def is_call(mnemonic: str) -> bool:
    return mnemonic in _CALLS


def is_conditional_branch(mnemonic: str) -> bool:
    return bool(_COND_BRANCH.match(mnemonic))


def is_control(mnemonic: str) -> bool:
    return (mnemonic in ("j", "jr", "tail") or mnemonic in _EXITS
            or is_call(mnemonic) or is_conditional_branch(mnemonic))


def call_target(insn: Insn) -> str | None:
    """The symbol of a direct call, tail call or branch, else None."""
    if insn.mnemonic in ("jr", "jalr") or not insn.operands:
        return None
    if not (insn.mnemonic in ("call", "tail", "j", "jal")
            or is_conditional_branch(insn.mnemonic)):
        return None
    name = insn.operands[-1].split("@")[0]
    return name if gas.IDENT.fullmatch(name) else None


# ---------------------------------------------------------------- parsing

class _Parser(gas.Parser):
    comment = "#"

    def decode(self, text: str) -> tuple[str, tuple[str, ...]]:
        mnemonic, _, rest = text.replace("\t", " ").partition(" ")
        return mnemonic.lower(), tuple(gas.split_operands(rest.strip(), "(", ")"))

    def is_control(self, mnemonic: str) -> bool:
        return is_control(mnemonic)

    def successors(self, insn: Insn) -> list[int]:
        mnemonic = insn.mnemonic
        fall = self.next_in_section.get(insn.index)
        if mnemonic in _EXITS or mnemonic == "tail":
            return []
        if mnemonic == "jr":
            return sorted({self.labels[name] for name in self.address_taken
                           if name in self.labels
                           and not self.is_function(name)})
        if mnemonic == "jal" and len(insn.operands) == 1:
            return [fall] if fall is not None else []
        name = call_target(insn)
        target = None if name is None or self.is_function(name) \
            else self.labels.get(name)
        if mnemonic == "j":
            return [target] if target is not None else []
        if is_conditional_branch(mnemonic):
            return [i for i in (fall, target) if i is not None]
        return [fall] if fall is not None else []


def parse(asm_text: str, source_basename: str) -> Program:
    return _Parser(source_basename).parse(asm_text)


# --------------------------------------------------------------- transfer

def is_stack_slot(state: State, ref: MemRef) -> bool:
    return (ref.base in STACK_BASES and ref.offset is not None
            and not state.val(ref.base))


def address_value(state: State, ref: MemRef) -> Value:
    return state.val(ref.base)


def access_size(mnemonic: str) -> int:
    letter = mnemonic.split(".")[0].rstrip("u")[-1:]
    if mnemonic.startswith(("amo", "lr", "sc")):
        letter = mnemonic.split(".")[1]
    return {"b": 1, "h": 2, "w": 4, "d": 8}.get(letter, 8)


def transfer_memory(insn: Insn, state: State, head: bool) -> None:
    ref = memref(insn)
    ops = insn.operands
    kind = memory_kind(insn.mnemonic)
    size = access_size(insn.mnemonic)
    stack = is_stack_slot(state, ref)
    if kind == "store":
        if _SC.match(insn.mnemonic):
            state.set(register(ops[0]), {})
            data = register(ops[1])
        else:
            data = register(ops[0])
            if len(ops) > 2:                     # sd a5,sym,t0
                state.set(register(ops[2]), {})
        if stack:
            store_slot(state, ref.base, ref.offset, size, state.val(data))
        return
    dest = register(ops[0]) if ops else None
    if head:
        value = {HEAD_SOURCE: DATA}
    elif stack and kind == "load":
        value = load_slot(state, ref.base, ref.offset, size)
    else:
        value = address_value(state, ref)
    state.set(dest, value)
    if dest == "s0":
        clear_slots(state, "s0")


def transfer_call(insn: Insn, state: State, summaries) -> None:
    result = dataflow.call_result(ISA, insn, state, summaries)
    for reg in _CALL_CLOBBERED:
        state.set(reg, {})
    state.set("a0", result)


def transfer_data(insn: Insn, state: State) -> None:
    """Every other instruction: the destination (first operand) takes the
    join of every source register (RVWMO's syntactic dependency)."""
    ops = insn.operands
    if insn.mnemonic in _NO_DATA or not ops:
        return
    dest = register(ops[0])
    if dest is None:
        return
    if insn.mnemonic in _CONSTANT_DEFS:
        value = error_pointer(immediate(ops[1])) if (
            insn.mnemonic == "li" and len(ops) == 2) else {}
    else:
        value = vjoin(*(state.val(register(op)) for op in ops[1:]))
    if dest == "sp":
        delta = None
        if (insn.mnemonic in ("addi", "add") and len(ops) == 3
                and register(ops[1]) == "sp"):
            delta = immediate(ops[2])
        dataflow.rebase_slots(state, "sp", delta)
        return
    if dest == "s0":
        clear_slots(state, "s0")
    state.set(dest, value)


def transfer(insn: Insn, state: State, head: bool, summaries=None) -> State:
    out = state.copy()
    if is_memory_access(insn):
        transfer_memory(insn, out, head)
    elif is_call(insn.mnemonic):
        transfer_call(insn, out, summaries or {})
    elif not is_control(insn.mnemonic):
        transfer_data(insn, out)
    return out


def is_tail_exit(insn: Insn, program: Program) -> bool:
    if insn.mnemonic == "tail":
        return True
    if insn.mnemonic != "j" and not is_conditional_branch(insn.mnemonic):
        return False
    target = call_target(insn)
    return target is not None and (target in program.functions
                                   or target not in program.labels)


ISA = Isa(arguments=_ARGUMENTS, result="a0", transfer=transfer,
          call_target=call_target,
          is_call=lambda insn: insn.mnemonic in ("call", "jal"),
          is_return=lambda insn: insn.mnemonic == "ret",
          is_tail_exit=is_tail_exit)


def is_head_load(insn: Insn) -> bool:
    """A load that can be a head: not a frame access."""
    return is_load(insn) and not is_frame_access(insn)


def classify(insn: Insn, state: State | None) -> Access:
    if state is None:
        return Access(insn.text, insn.function, True, False)
    ref = memref(insn)
    level = strength(address_value(state, ref))
    return Access(insn.text, insn.function, level >= CALL, level == FLAGS,
                  level == CALL, is_stack_slot(state, ref))


def is_acquire_load(program, index: int) -> bool:
    """An .aq load, or a load a fence that orders loads follows."""
    insns = program.insns
    return is_acquire(insns[index]) or (index + 1 < len(insns)
                                        and fence_orders_loads(insns[index + 1]))


def analyze(asm_text: str, source_basename: str, head_lines,
            dep_lines) -> Result:
    """Check every memory access on ``dep_lines`` against the head loads."""
    return dataflow.analyze_program(
        ISA, parse(asm_text, source_basename), head_lines, dep_lines,
        is_load=is_load, is_head_load=is_head_load,
        is_memory_access=is_memory_access, classify=classify,
        is_acquire_load=is_acquire_load)


def compile_to_asm(c_path, cc: str = DEFAULT_CC, opt: str = "-O2",
                   extra=()) -> str:
    return dataflow.compile_to_asm(c_path, cc, opt, extra)


def compile_and_analyze(c_path, cc: str = DEFAULT_CC, opt: str = "-O2",
                        extra=()) -> Result:
    return dataflow.compile_and_analyze(analyze, c_path, cc, opt, extra)


# ------------------------------------------------------------- ordering

def orders_loads(insn: Insn, program: Program, head_lines) -> bool:
    """An instruction after which the head loads are ordered before every
    later access: an ordering fence, or a ``.aq`` head load."""
    return fence_orders_loads(insn) or (
        is_acquire(insn) and insn.line in head_lines)


def is_frame_access(insn: Insn) -> bool:
    """An access through sp or s0 (a spill or reload)."""
    return memref(insn).base in STACK_BASES
