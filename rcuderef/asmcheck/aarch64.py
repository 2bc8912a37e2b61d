"""Decide from aarch64 assembly whether RCU address dependencies survived.

The input is what ``aarch64-linux-gnu-gcc -S -g -O<n>`` writes.  Every
instruction is attributed to a line of the C source through the ``.loc``
directives; loads on the *head* lines define dependent ("tainted") registers,
and a forward MUST data-flow analysis over a CFG built from labels and
branches decides, for every memory access on a *dep* line, whether its
address register(s) still carry the value loaded by a head.

Dependency strength is tracked as a level per register (and per stack slot):

``DATA``  pure register data dependency on a head value;
``CALL``  dependent only under the assumption that a called helper returns
          something derived from its arguments;
``FLAGS`` derived only through the NZCV flags (cmp + csel/cset ...);
``NONE``  independent (absent from the state).

Along one path a value takes the strongest level among its inputs; at CFG
joins the weakest level among the paths wins, so an access is dependent only
if its address is dependent on every path reaching it.

The arm64 rule for the flags (the verdict ``FLAGS`` = not dependent).  In
the Arm memory model an Address dependency runs from a read through
registers and the data inputs of instructions only; the condition that a
conditional select (``csel``, ``csinc``, ``cset``, ...) or a conditional
branch reads from NZCV gives a *pick* (resp. control) dependency instead.
A Pick Address dependency orders a later write, or a later access behind
an ``isb``, but not a later read: Arm ARM (DDI 0487) B2.3, "Pick
dependencies" and "Pick-ordered-before"; in herdtools7, the executable
model that Arm maintains with it, ``herd/libdir/aarch64deps.cat``
(``addr`` over ``iico_data``, ``pick-addr-dep`` over ``iico_ctrl``) and
``pob`` in ``herd/libdir/aarch64hwreqs.cat``.  Arm's catalogue test
``catalogue/aarch64-pick/tests/T9.litmus`` is the reader shape exactly
(``ldr w0,[y]; cmp w0,#1; csel x2,x3,x4,eq; ldr w5,[x2]``) and is
*Allow*ed (``tests/kinds.txt``): the second load may see old data.  So an
address derived from a head only through the flags (``a[p != q]`` compiled
to ``cset``) is not dependent; ``Access.via_flags`` still tells it apart.
A conditional select passes a data dependency only from the register it
picks, so its value is the MUST meet of its source registers (dependent
only if both choices are), joined with the flags at ``FLAGS``:
``cmp x0, x2; csel x0, x0, x1, ne`` (x1 a constant) is not dependent,
since on the ``eq`` side the address is the constant.

The analysis is interprocedural within the assembly file.  A register holds
a *value*: a level per *source*, the source being a head load (``head``) or,
while summarizing a function, one of its incoming argument registers
(``@x0`` .. ``@x7``).  Each function defined in the file gets a summary of
what ``x0`` holds at every return (a MUST meet over its ``ret``s and tail
calls); ``bl f`` / ``b f`` to such a function substitute the caller's argument
values into that summary.  Calls to anything else keep the generic rule: the
result derives (at level ``CALL``) from whatever argument register was
dependent.  A call clobbers the caller-saved registers (x0..x18, x30, NZCV,
v0..v7, v16..v31), except that a direct call of a function of the file
that binds locally (static; global too when the producer string shows no
-fpic: what GCC 12's IPA-RA was seen to use, see ``gas.Parser.bound``)
clobbers only the caller-saved registers it and its callees write
(:func:`written_registers`, :func:`dataflow.compute_clobbers`), plus x16,
x17 (a linker veneer's) and x30.  A local (not ``.global``/``.weak``) function whose address is not
taken also gets an *incoming argument taint*: the weakest level each argument
register has over all of its call sites in the file, so an access inside a
callee is dependent through an argument only if every caller passed a
dependent value.  Both summaries and incoming taints are greatest fixpoints,
computed by bounded iteration.

This module is deliberately independent of the GCC plugin it checks.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, replace

from . import dataflow, gas
from .dataflow import (  # noqa: F401 (part of this module's interface)
    CALL, DATA, FLAGS, HEAD_SOURCE, NONE, Access, CallGraph,
    Insn, Isa, Program, Result, State, Value, annotations, clear_slots,
    error_pointer, load_slot, store_slot, strength, vcap, vjoin, vmeet)
from .gas import IDENT as _IDENT
from .gas import Parser as _GasParser

NZCV = "nzcv"
STACK_BASES = ("sp", "x29")
DEFAULT_CC = "aarch64-linux-gnu-gcc"

_CONDITIONS = "eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al|nv"
_COND_BRANCH = re.compile(rf"^b\.?({_CONDITIONS})$")
_ATOMIC_OP = re.compile(
    r"^(ld|st)(add|clr|eor|set|smax|smin|umax|umin)(a|l|al)?(b|h)?$")
_SWP = re.compile(r"^swp(a|l|al)?(b|h)?$")
_CAS = re.compile(r"^cas(a|l|al)?(b|h)?$")
_CASP = re.compile(r"^casp(a|l|al)?$")
_STORE_EXCLUSIVE = re.compile(r"^stl?x[rp][bh]?$")
_ACQUIRE = re.compile(
    r"^(ldar|ldapr|ldapur|ldaxr|ldaxp"
    r"|ld(add|clr|eor|set|smax|smin|umax|umin)a|swpa|casa|caspa)")
_GPR = re.compile(r"^([xw])(\d+)$")
_VREG = re.compile(r"^([vqdshb])(\d+)(?:\.\w+)?(\[\d+\])?$")
_REG_ALIASES = {"sp": "sp", "wsp": "sp", "fp": "x29", "lr": "x30",
                "ip0": "x16", "ip1": "x17", "xzr": "zr", "wzr": "zr"}
_COMPARES = {"cmp", "cmn", "tst", "fcmp", "fcmpe"}
_COND_COMPARES = {"ccmp", "ccmn", "fccmp", "fccmpe"}
_FLAG_SETTERS = {"adds", "subs", "ands", "bics", "adcs", "sbcs", "negs",
                 "ngcs"}
_FLAG_READERS = {"csel", "csinc", "csinv", "csneg", "cset", "csetm", "cinc",
                 "cinv", "cneg", "fcsel", "adc", "adcs", "sbc", "sbcs", "ngc",
                 "ngcs"}
# Conditional selects of two registers: the result is one or the other.
_SELECTS = {"csel", "csinc", "csinv", "csneg", "fcsel"}
_PARTIAL_WRITES = {"movk", "bfi", "bfxil", "bfm", "bfc", "ins"}
_CONSTANT_DEFS = {"adr", "adrp"}
_EXITS = {"ret", "retaa", "retab", "eret", "brk", "udf", "hlt"}
_CALL_CLOBBERED = ([f"x{n}" for n in range(19)] + ["x30", NZCV]
                   + [f"v{n}" for n in (*range(8), *range(16, 32))])
_ARGUMENTS = [f"x{n}" for n in range(8)]
_RETURNS = {"ret", "retaa", "retab"}
# Instructions that write no register (hints, barriers) and those that
# write only the link register (pointer authentication of x30).
_NO_WRITES = {"nop", "dmb", "dsb", "isb", "sb", "csdb", "yield", "sev", "sevl",
              "wfe", "wfi", "clrex", "bti", "ssbb", "pssbb", "esb", "psb"}
_LINK_WRITES = {"paciasp", "pacibsp", "autiasp", "autibsp", "paciaz",
                "pacibz", "autiaz", "autibz", "xpaclri"}
_OTHER_FLAG_SETTERS = {"setf8", "setf16", "rmif", "cfinv", "axflag",
                       "xaflag"}
# What any call may change besides its callee's writes: the link register,
# and the intra-procedure-call scratch registers a linker veneer uses
# (AAPCS64; GCC lists them in every call's clobbers).
_CALL_FIXED = ("x16", "x17", "x30")


@dataclass(frozen=True)
class MemRef:
    """The memory operand of a load/store.

    ``base`` is None for a PC-relative literal.  ``writes_back`` is set for
    pre/post-indexed forms; ``step`` is then the immediate added to the base
    (None if it is a register, ``post_reg``, or not a plain number).
    """

    position: int
    base: str | None
    index: str | None
    offset: int | None
    writes_back: bool = False
    step: int | None = None
    post_reg: str | None = None


# --------------------------------------------------------------- operands

def split_operands(text: str) -> list[str]:
    """Split an operand string at top-level commas (not inside [] or {})."""
    return gas.split_operands(text, "[{", "]}")


@functools.cache
def register(operand: str) -> tuple[str | None, bool]:
    """Canonical register name of an operand and whether it is a lane.

    wN/xN map to ``xN``; v/q/d/s/h/bN map to ``vN``; sp/wsp map to ``sp``;
    xzr/wzr map to ``zr``; non-registers map to None.  (Cached: the
    analysis asks again for every operand at every fixpoint round.)
    """
    operand = operand.strip().lower()
    if operand in _REG_ALIASES:
        return _REG_ALIASES[operand], False
    match = _GPR.match(operand)
    if match and int(match.group(2)) <= 30:
        return f"x{match.group(2)}", False
    match = _VREG.match(operand)
    if match and int(match.group(2)) <= 31:
        return f"v{match.group(2)}", match.group(3) is not None
    return None, False


def registers(operand: str) -> list[tuple[str | None, bool]]:
    """Registers named by an operand, expanding ``{v0.4s - v3.4s}`` lists."""
    if not operand.startswith("{"):
        return [register(operand)]
    inner, _, after = operand[1:].partition("}")
    lane = after.strip().startswith("[")
    result = []
    for item in inner.split(","):
        first, _, last = item.partition("-")
        lo, hi = register(first)[0], register(last or first)[0]
        if lo is None or hi is None:
            continue
        for n in range(int(lo[1:]), int(hi[1:]) + 1):
            result.append((f"v{n}", lane))
    return result


def immediate(operand: str) -> int | None:
    """Integer value of ``#16`` / ``-8`` / ``0x10``, else None."""
    try:
        return int(operand.strip().lstrip("#"), 0)
    except ValueError:
        return None


def memref(insn: Insn) -> MemRef:
    """Decode the bracketed address operand (or a PC-relative literal)."""
    return _memref(insn.operands)


@functools.cache
def _memref(ops: tuple[str, ...]) -> MemRef:
    """:func:`memref` of an instruction's operands (cached)."""
    position = next((i for i, op in enumerate(ops) if op.startswith("[")),
                    None)
    if position is None:
        return MemRef(len(ops), None, None, None)
    operand = ops[position]
    parts = split_operands(operand[1:operand.rindex("]")])
    base = register(parts[0])[0]
    index = register(parts[1])[0] if len(parts) > 1 else None
    offset = immediate(parts[1]) if len(parts) > 1 else 0
    if operand.endswith("!"):
        return MemRef(position, base, index, offset, True, offset)
    if position + 1 < len(ops):
        post = ops[position + 1]
        return MemRef(position, base, index, offset, True, immediate(post),
                      register(post)[0])
    return MemRef(position, base, index, offset)


# ------------------------------------------------------- classification

@functools.cache
def memory_kind(mnemonic: str) -> str | None:
    """Classify a mnemonic: "load", "store", "atomic", "prefetch" or None."""
    if mnemonic.startswith("prf"):
        return "prefetch"
    match = _ATOMIC_OP.match(mnemonic)
    if match:
        return "atomic" if match.group(1) == "ld" else "store"
    if _SWP.match(mnemonic) or _CAS.match(mnemonic) or _CASP.match(mnemonic):
        return "atomic"
    if mnemonic.startswith("ld"):
        return "load"
    if mnemonic.startswith("st"):
        return "store"
    return None


def is_load(insn: Insn) -> bool:
    """True for instructions that read memory into registers."""
    return memory_kind(insn.mnemonic) in ("load", "atomic")


def is_memory_access(insn: Insn) -> bool:
    """True for loads, stores and atomics (prefetches are no accesses)."""
    return memory_kind(insn.mnemonic) in ("load", "store", "atomic")


def is_acquire(insn: Insn) -> bool:
    """True for load-acquire (RCpc or RCsc) instructions."""
    return bool(_ACQUIRE.match(insn.mnemonic))


def is_call(mnemonic: str) -> bool:
    """bl, blr and the pointer-authenticated blr variants."""
    return mnemonic == "bl" or mnemonic.startswith("blr")


def is_conditional_branch(mnemonic: str) -> bool:
    """b.cond / bcond, cbz, cbnz, tbz, tbnz."""
    return (bool(_COND_BRANCH.match(mnemonic))
            or mnemonic in ("cbz", "cbnz", "tbz", "tbnz"))


def is_control(mnemonic: str) -> bool:
    """True for instructions that never define a data register."""
    return (mnemonic == "b" or mnemonic in _EXITS or mnemonic.startswith("br")
            or is_conditional_branch(mnemonic) or is_call(mnemonic))


def loaded_registers(insn: Insn, ref: MemRef) -> list[tuple[str | None, bool]]:
    """Registers written with memory contents by a load or atomic."""
    ops = insn.operands
    if _CASP.match(insn.mnemonic):
        return [register(ops[0]), register(ops[1])]
    if _CAS.match(insn.mnemonic):
        return [register(ops[0])]
    if memory_kind(insn.mnemonic) == "atomic":
        return [register(ops[1])]
    return [reg for op in ops[:ref.position] for reg in registers(op)]


def stored_registers(insn: Insn, ref: MemRef) -> list[str | None]:
    """Registers whose values a store writes to memory."""
    first = 1 if _STORE_EXCLUSIVE.match(insn.mnemonic) else 0
    return [reg for op in insn.operands[first:ref.position]
            for reg, _ in registers(op)]


def access_size(mnemonic: str, operand: str) -> int:
    """Bytes moved per register by a load/store (used for stack slots)."""
    if mnemonic.endswith("sw"):
        return 4
    if mnemonic.endswith("b"):
        return 1
    if mnemonic.endswith("h"):
        return 2
    letter = operand.strip().lower()[:1]
    return {"x": 8, "d": 8, "w": 4, "s": 4, "q": 16, "h": 2, "b": 1}.get(
        letter, 8)


# ---------------------------------------------------------------- parsing

class _Parser(_GasParser):
    """Turn aarch64 assembly text into instructions and a CFG."""

    comment = "//"

    def decode(self, text: str) -> tuple[str, tuple[str, ...]]:
        """Mnemonic and operands of one instruction."""
        mnemonic, _, rest = text.replace("\t", " ").partition(" ")
        return mnemonic.lower(), tuple(split_operands(rest.strip()))

    def is_control(self, mnemonic: str) -> bool:
        """Branches, calls and returns."""
        return is_control(mnemonic)

    def successors(self, insn: Insn) -> list[int]:
        """CFG successors of one instruction.

        A branch to a function symbol is a tail call: it leaves the function
        and has no edge into the callee.
        """
        mnemonic = insn.mnemonic
        fall = self.next_in_section.get(insn.index)
        if mnemonic in _EXITS:
            return []
        if mnemonic.startswith("br"):
            return sorted({self.labels[name] for name in self.address_taken
                           if name in self.labels})
        name = insn.operands[-1] if insn.operands else ""
        target = None if self.is_function(name) else self.labels.get(name)
        if mnemonic == "b":
            return [target] if target is not None else []
        if is_conditional_branch(mnemonic):
            return [i for i in (fall, target) if i is not None]
        return [fall] if fall is not None else []

def parse(asm_text: str, source_basename: str) -> Program:
    """Parse assembly into a :class:`Program`."""
    return _Parser(source_basename).parse(asm_text)


# --------------------------------------------------------------- transfer

def adjust_sp(state: State, delta: int | None) -> None:
    """Rebase sp-relative slots after ``sp += delta`` (None: unknown)."""
    dataflow.rebase_slots(state, "sp", delta)


def is_stack_slot(state: State, ref: MemRef) -> bool:
    """A frame access: sp/x29 base, untainted, no index register."""
    return (ref.base in STACK_BASES and ref.index is None
            and not state.val(ref.base))


def address_value(state: State, ref: MemRef) -> Value:
    """Value of the address (base and index registers)."""
    return vjoin(state.val(ref.base), state.val(ref.index))


def address_level(state: State, ref: MemRef) -> int:
    """Dependency level of the address (base and index registers)."""
    return strength(address_value(state, ref))


def transfer_memory(insn: Insn, state: State, head) -> None:
    """Apply a load, store or atomic to ``state`` (``head``: the source a
    head load defines, see :func:`dataflow.head_value`)."""
    ref = memref(insn)
    if (ref.base in STACK_BASES and ref.index is None
            and any(type(s) is int for s in state.val(ref.base))):
        # A frame access in the views of heads the base does not hold,
        # none in the others.
        raise dataflow.ViewsDiverge("a frame base holds a head")
    stack = is_stack_slot(state, ref) and ref.offset is not None
    if memory_kind(insn.mnemonic) == "store":
        if _STORE_EXCLUSIVE.match(insn.mnemonic):
            state.set(register(insn.operands[0])[0], {})
        stored = stored_registers(insn, ref)
        if stack and stored:
            data = insn.operands[ref.position - len(stored)]
            size = access_size(insn.mnemonic, data)
            for i, reg in enumerate(stored):
                store_slot(state, ref.base, ref.offset + i * size, size,
                           state.val(reg))
        elif is_stack_slot(state, ref):
            clear_slots(state, ref.base)
    else:
        loaded = loaded_registers(insn, ref)
        size = access_size(insn.mnemonic, insn.operands[0])
        address = address_value(state, ref)
        for i, (reg, partial) in enumerate(loaded):
            if stack:
                value = load_slot(state, ref.base, ref.offset + i * size,
                                  size)
            else:
                value = address
            if head is not None:
                value = dataflow.head_value(head, value)
            if partial:
                value = vjoin(value, state.val(reg))
            state.set(reg, value)
            if reg == "x29":
                clear_slots(state, "x29")
    apply_writeback(state, ref)


def apply_writeback(state: State, ref: MemRef) -> None:
    """Update the base register of a pre/post-indexed access."""
    if not ref.writes_back:
        return
    if ref.base == "sp":
        adjust_sp(state, ref.step)
        return
    state.set(ref.base, vjoin(state.val(ref.base), state.val(ref.post_reg)))
    if ref.base == "x29":
        clear_slots(state, "x29")


def call_target(insn: Insn) -> str | None:
    """Symbol named by a direct call or (conditional) branch, else None."""
    if insn.mnemonic.startswith("blr") or insn.mnemonic.startswith("br"):
        return None
    if not (insn.mnemonic in ("b", "bl")
            or is_conditional_branch(insn.mnemonic)) or not insn.operands:
        return None
    name = insn.operands[-1]
    return name if _IDENT.fullmatch(name) else None


def transfer_call(insn: Insn, state: State, summaries) -> None:
    """bl/blr: clobber caller-saved state (a bound callee's clobbers only,
    see :func:`dataflow.compute_clobbers`); x0 is the call's result."""
    result = dataflow.call_result(ISA, insn, state, summaries)
    for reg in dataflow.call_clobbers(ISA, insn, summaries):
        state.set(reg, {})
    state.set("x0", result)


def written_registers(insn: Insn) -> frozenset[str] | None:
    """The registers (and NZCV) an instruction writes; None if it may
    write any: an indirect call or branch, a supervisor call, an operand
    that is no register the checker knows (SVE, a system operation).

    A64 names the destination first: a data-processing instruction writes
    its first operand, a load its registers before the address, an atomic
    its result register, a store only its exclusive status; pre/post-index
    also writes the base.  ``bl`` writes the link register (its callee's
    writes are the call graph's business)."""
    mnemonic, ops = insn.mnemonic, insn.operands
    if mnemonic == "bl":
        return frozenset({"x30"})
    if mnemonic in _EXITS:
        return frozenset()
    if is_call(mnemonic) or mnemonic.startswith("br"):
        return None
    if is_control(mnemonic) or mnemonic in _NO_WRITES:
        return frozenset()
    if mnemonic in _LINK_WRITES:
        return frozenset({"x30"})
    if mnemonic in _COMPARES or mnemonic in _COND_COMPARES:
        return frozenset({NZCV})
    kind = memory_kind(mnemonic)
    if kind == "prefetch":
        return frozenset()
    if kind is not None:
        ref = memref(insn)
        if kind == "store":
            written = ([register(ops[0])]
                       if _STORE_EXCLUSIVE.match(mnemonic) else [])
        else:
            written = loaded_registers(insn, ref)
        names = [reg for reg, _ in written]
        if ref.writes_back:
            names.append(ref.base)
        return None if None in names else frozenset(names)
    if mnemonic == "msr":
        return frozenset({NZCV}) if ops and ops[0].lower() == NZCV \
            else frozenset()
    if not ops:
        return None
    names = [reg for reg, _ in registers(ops[0])]
    if not names or None in names:
        return None
    if mnemonic in _FLAG_SETTERS or mnemonic in _OTHER_FLAG_SETTERS:
        names.append(NZCV)
    return frozenset(names)


def transfer_sp(insn: Insn, state: State) -> None:
    """An instruction writing sp: rebase or forget the sp-relative slots."""
    ops = insn.operands
    delta = None
    if (insn.mnemonic in ("add", "sub") and len(ops) == 3
            and register(ops[1])[0] == "sp"):
        amount = immediate(ops[2])
        if amount is not None:
            delta = amount if insn.mnemonic == "add" else -amount
    adjust_sp(state, delta)


def transfer_data(insn: Insn, state: State) -> None:
    """Data processing: destination = union of the source values."""
    mnemonic, ops = insn.mnemonic, insn.operands
    regs = [register(op) for op in ops]
    if mnemonic in _COMPARES or mnemonic in _COND_COMPARES:
        value = vjoin(*(state.val(r) for r, _ in regs))
        if mnemonic in _COND_COMPARES:
            value = vjoin(value, state.val(NZCV))
        state.set(NZCV, value)
        return
    if not regs or regs[0][0] is None:
        return
    dest, lane = regs[0]
    sources = [] if mnemonic in _CONSTANT_DEFS else [r for r, _ in regs[1:]]
    if mnemonic in _SELECTS:
        value = vmeet(*(state.val(r) for r in sources[:2]))
    elif (mnemonic == "mov" and len(ops) == 2 and not sources[0]
          and ops[0].lower().startswith("x")):
        value = error_pointer(immediate(ops[1]))
    else:
        value = vjoin(*(state.val(r) for r in sources))
    if lane or mnemonic in _PARTIAL_WRITES:
        value = vjoin(value, state.val(dest))
    if mnemonic in _FLAG_READERS:
        value = vjoin(value, vcap(state.val(NZCV), FLAGS))
    if mnemonic in _FLAG_SETTERS:
        state.set(NZCV, value)
    if dest == "sp":
        transfer_sp(insn, state)
    elif dest == "x29":
        clear_slots(state, "x29")
    state.set(dest, value)


def transfer(insn: Insn, state: State, head,
             summaries=None) -> State:
    """State after ``insn`` given the state before it.

    ``summaries`` maps function names to the summary of their return value
    (see :func:`apply_summary`); calls to other names use the generic rule.
    """
    out = state.copy()
    if is_memory_access(insn):
        transfer_memory(insn, out, head)
    elif is_call(insn.mnemonic):
        transfer_call(insn, out, summaries or {})
    elif not is_control(insn.mnemonic) and memory_kind(insn.mnemonic) is None:
        transfer_data(insn, out)
    return out


# ------------------------------------------------------- interprocedural

def is_tail_exit(insn: Insn, program: Program) -> bool:
    """A branch that leaves the function: to a function symbol, or to a
    symbol that is no label of this file."""
    if insn.mnemonic != "b" and not is_conditional_branch(insn.mnemonic):
        return False
    target = call_target(insn)
    return target is not None and (target in program.functions
                                   or target not in program.labels)


def is_direct_call(insn: Insn) -> bool:
    """``bl f``: a call that returns to the next instruction."""
    return insn.mnemonic == "bl"


ISA = Isa(arguments=tuple(_ARGUMENTS), result="x0", transfer=transfer,
          call_target=call_target, is_call=is_direct_call,
          is_return=lambda insn: insn.mnemonic in _RETURNS,
          is_tail_exit=is_tail_exit, call_clobbered=tuple(_CALL_CLOBBERED),
          writes=written_registers, call_fixed=_CALL_FIXED)


def compute_summaries(program: Program, heads: set[int],
                      graph: CallGraph | None = None):
    """Return-value summaries (see :func:`dataflow.compute_summaries`)."""
    return dataflow.compute_summaries(ISA, program, heads, graph)


def compute_entry_taint(program: Program, heads: set[int], summaries,
                        graph: CallGraph | None = None):
    """Incoming argument taint of the local functions and the final states
    (see :func:`dataflow.compute_entry_taint`)."""
    return dataflow.compute_entry_taint(ISA, program, heads, summaries, graph)


def classify(insn: Insn, state: State | None) -> Access:
    """Verdict on one memory access given the state before it.

    Unreached code (state None) is vacuously dependent.
    """
    if state is None:
        return Access(insn.text, insn.function, True, False)
    ref = memref(insn)
    level = address_level(state, ref)
    return Access(insn.text, insn.function, level >= CALL, level == FLAGS,
                  level == CALL, is_stack_slot(state, ref))


def analyze(asm_text: str, source_basename: str, head_lines,
            dep_lines) -> Result:
    """Check every memory access on ``dep_lines`` against the head loads.

    Stack-slot accesses (spills/reloads) are reported but neither break a
    line nor keep it from counting as vanished.
    """
    program = parse(asm_text, source_basename)
    heads = [insn for insn in program.insns
             if insn.line in head_lines and is_load(insn)]
    head_set = {insn.index for insn in heads}
    graph = CallGraph.of(ISA, program)
    summaries = compute_summaries(program, head_set, graph)
    taint, states = compute_entry_taint(program, head_set, summaries, graph)
    deps: dict[int, list[Access]] = {line: [] for line in sorted(dep_lines)}
    for insn in program.insns:
        if insn.line in deps and is_memory_access(insn):
            deps[insn.line].append(classify(insn, states[insn.index]))
    return dataflow.result(heads, bool(heads) and all(is_acquire(insn) for insn in heads), deps, summaries, taint)


# ------------------------------------------------------------ C helpers

def compile_to_asm(c_path, cc: str = DEFAULT_CC, opt: str = "-O2",
                   extra=()) -> str:
    """Compile ``c_path`` with ``-S -g`` and return the assembly text."""
    return dataflow.compile_to_asm(c_path, cc, opt, extra)


def compile_and_analyze(c_path, cc: str = DEFAULT_CC, opt: str = "-O2",
                        extra=()) -> Result:
    """Compile a C file and analyze it using its rcu:head/rcu:dep comments."""
    return dataflow.compile_and_analyze(analyze, c_path, cc, opt, extra)




# ---------------------------------------------------- per source site

# The loads that can be a pointer's head: one 64-bit register, plain or
# acquire (an index loaded at the same source site is no head).
_POINTER_LOADS = {"ldr", "ldur", "ldar", "ldapr", "ldapur"}


def site(insn: Insn) -> tuple[int | None, int | None]:
    """The source site of an instruction: its ``.loc`` line and column."""
    return insn.line, insn.column


def access_key(insn: Insn) -> tuple[int | None, int | None, str, int]:
    """What names a memory access across optimization levels: its source
    site, whether it writes memory ("store") or only reads it ("load"; an
    atomic read-modify-write is a load), and its size in bytes (per
    register).  GCC gives an optimized access the location of a nearby
    expression at times: direction and size keep another access that
    lands on a dependent access's site from standing for it."""
    kind = "store" if memory_kind(insn.mnemonic) == "store" else "load"
    first = 1 if _STORE_EXCLUSIVE.match(insn.mnemonic) else 0
    data = insn.operands[first] if len(insn.operands) > first else ""
    return insn.line, insn.column, kind, access_size(insn.mnemonic, data)


def is_pointer_load(insn: Insn) -> bool:
    """A load of one 64-bit general register (a pointer-sized load)."""
    return (insn.mnemonic in _POINTER_LOADS and bool(insn.operands)
            and insn.operands[0].lower().startswith("x"))


@dataclass
class SiteResult:
    """The verdict on the dependent accesses of one head site.

    ``deps``: per access key (:func:`access_key`), the verdicts on its
    accesses in the functions the analysis reached (those holding a head
    load); ``broken``: the keys with an access that is not dependent (frame
    accesses are ignored); ``vanished``: the keys with no access but frame
    accesses; ``unreached``: the other keys without a reached access, whose
    accesses lie in functions without a head load; ``ambiguous``: the keys
    with an access that is not dependent but more (non-frame) accesses
    than at -O0, each independent one accompanied by a dependent one on
    every path (``check``'s ``counts``): GCC put another access at the
    site, and the dependent one may stand for the -O0 access (they are
    not in ``broken``).
    """

    heads: list[Insn]
    deps: dict[tuple, list[Access]]
    broken: set[tuple] = field(default_factory=set)
    vanished: set[tuple] = field(default_factory=set)
    unreached: set[tuple] = field(default_factory=set)
    ambiguous: set[tuple] = field(default_factory=set)

    @property
    def verdict(self) -> str:
        """"broken" if a dependent access lost its dependency, else
        "unknown" if a key is ambiguous, else "intact"."""
        if self.broken:
            return "broken"
        return "unknown" if self.ambiguous else "intact"


def view_of(state: State, ref: MemRef, source) -> tuple[bool, int]:
    """(frame access, level of the address) of an access in the analysis
    of the view source ``source`` alone (None: of ``state`` as it is): in
    the view, a register holds only that source and the error pointer."""
    if source is None:
        return is_stack_slot(state, ref), address_level(state, ref)
    base, index = state.val(ref.base), state.val(ref.index)
    stack = (ref.base in STACK_BASES and ref.index is None
             and source not in base and dataflow.ERR_SOURCE not in base)
    return stack, max(base.get(source, NONE), index.get(source, NONE))


def seen(insn: Insn, state: State, ref: MemRef, source) -> Access:
    """:func:`classify` of an access in the view of ``source``."""
    stack, level = view_of(state, ref, source)
    return Access(insn.text, insn.function, level >= CALL, level == FLAGS,
                  level == CALL, stack)


class Sites:
    """One assembly file, analysed head by head, where heads and accesses
    are named by source site (``.loc`` line and column) rather than by line.

    A line of generated code (csmith's) holds many expressions; the column
    GCC writes with ``-g`` tells them apart, and an access is named by its
    site and direction (:func:`access_key`).  The head of a site is every
    pointer-sized load attributed to it (:func:`is_pointer_load`).  Each
    head is analysed alone (an access that derives only from another head
    is not dependent on this one), and only in the functions that hold one
    of its loads: the file's return-value summaries are computed once,
    without heads, and no argument is tainted on entry.  So an access in
    another function (a callee through its argument, a caller through a
    returned value) is never dependent here: :meth:`dependent_accesses`
    does not list it and :meth:`check` reports it as unreached.

    :meth:`solve` analyses the heads of many sites in one fixpoint: the
    sites whose head loads lie in the same functions share one solve in
    which each site's loads define their own view source
    (:func:`dataflow.head_value`), and each site reads its view of the
    states; where the views would diverge (:class:`dataflow.ViewsDiverge`)
    or a summary holds a head, a site is solved alone when asked.
    """

    def __init__(self, asm_text: str, source_basename: str):
        self.program = parse(asm_text, source_basename)
        self.at: dict[tuple, list[Insn]] = {}
        self.accesses: dict[tuple, list[Insn]] = {}
        for insn in self.program.insns:
            if insn.line is not None:
                self.at.setdefault(site(insn), []).append(insn)
                if is_memory_access(insn):
                    self.accesses.setdefault(access_key(insn), []).append(insn)
        self.summaries = compute_summaries(self.program, set())
        # Per head site, the states of its shared solve and its view.
        self._shared: dict[tuple, tuple] = {}
        self._solved: tuple | None = None
        self._reach: tuple | None = None
        self._views = not any(HEAD_SOURCE in summary
                              for summary in self.summaries.values()
                              if summary)

    def heads(self, head_site) -> list[Insn]:
        """The head loads of a site."""
        return [insn for insn in self.at.get(tuple(head_site), [])
                if is_pointer_load(insn)]

    def _solve(self, heads: list[Insn], sources) -> list[State | None]:
        """The fixpoint over the functions holding one of ``heads``, the
        head loads defining ``sources`` (see :class:`dataflow.Solver`)."""
        functions = {dataflow.owner(insn) for insn in heads}
        entries = {self.program.functions[name] for name in functions
                   if name in self.program.functions}
        program = replace(self.program, entries=entries)
        return dataflow.solve(ISA, program, sources, {}, self.summaries)

    def solve(self, head_sites) -> None:
        """Analyse the heads of ``head_sites`` together, one fixpoint per
        set of functions holding them (see the class comment); what the
        other methods later ask of these sites reads those states."""
        if not self._views:
            return
        groups: dict[frozenset, list] = {}
        for site in map(tuple, head_sites):
            heads = self.heads(site)
            if heads and site not in self._shared:
                functions = frozenset(dataflow.owner(h) for h in heads)
                groups.setdefault(functions, []).append((site, heads))
        for members in groups.values():
            if len(members) < 2:
                continue
            sources = {insn.index: n
                       for n, (_, heads) in enumerate(members, 1)
                       for insn in heads}
            try:
                states = self._solve([h for _, hs in members for h in hs],
                                     sources)
            except dataflow.ViewsDiverge:
                continue
            for n, (site, _) in enumerate(members, 1):
                self._shared[site] = (states, n)

    def _states(self, head_site, heads: list[Insn]):
        """(states, view) of a site's heads: the states of the functions
        holding a head load (None elsewhere) and the view source to read
        them with (None: the site's own solve, of which the last one is
        kept for the next call)."""
        if not heads:
            return [None] * len(self.program.insns), None
        shared = self._shared.get(tuple(head_site))
        if shared is not None:
            return shared
        key = frozenset(insn.index for insn in heads)
        if self._solved is None or self._solved[0] != key:
            self._solved = (key, self._solve(heads, set(key)))
        return self._solved[1], None

    def _alone(self, heads: list[Insn], real) -> bool:
        """Whether an independent access of ``real`` ((insn, verdict) of
        one key's non-frame accesses) lies on a path from a head load to
        an exit of the function (an instruction without successors) that
        passes no dependent access of the key.  On such a path the
        independent access is the only one at the key the head's value
        reaches, so it must stand for the -O0 access (or there is none)."""
        succ = self.program.succ
        blocked = {insn.index for insn, a in real if a.dependent}

        def reach(starts):
            seen, stack = set(), list(starts)
            while stack:
                index = stack.pop()
                if index in seen or index in blocked:
                    continue
                seen.add(index)
                stack.extend(succ[index])
            return seen

        from_heads = reach(n for h in heads for n in succ[h.index])
        for insn, a in real:
            if a.dependent or insn.index not in from_heads:
                continue
            if any(not succ[i] for i in reach([insn.index])):
                return True
        return False

    def _reached(self, states) -> list[tuple]:
        """(key, instruction, memref, state) of every access ``states``
        reach; the last states' list is kept for the next call (the sites
        of a shared solve ask one after the other)."""
        if self._reach is None or self._reach[0] is not states:
            self._reach = (states, [
                (key, insn, memref(insn), states[insn.index])
                for key, insns in self.accesses.items() for insn in insns
                if states[insn.index] is not None])
        return self._reach[1]

    def _merged_in(self, heads: list[Insn], real) -> bool:
        """Whether every access of ``real`` ((insn, verdict) of one key's
        non-frame accesses) that is not dependent is dependent once the
        paths that pass no head load are left out: the analysis started
        at the head loads, with nothing known before them.  Such an access
        is not dependent only through a path on which the head's statement
        never ran: GCC made one access of two statements' (cross-jumping
        the same tail of two lines, fuzz seeds 359 and 366: the other
        statement's access, through another pointer, joins the head's
        access at its insn), and on the head's paths the access is the
        head's.  The key is then ambiguous, not broken.  An access no head
        load reaches (made before the head: a load hoisted above it) stays
        broken."""
        starts = {insn.index for insn in heads}
        program = replace(self.program, entries=starts)
        states = dataflow.solve(ISA, program, set(starts),
                                {i: State({}, {}) for i in starts},
                                self.summaries)
        for insn, a in real:
            state = states[insn.index]
            if not a.dependent and (state is None or
                                    address_level(state, memref(insn)) < CALL):
                return False
        return True

    def access_counts(self, head_site) -> dict[tuple, int]:
        """Per access key, how many non-frame accesses the functions
        holding the head of ``head_site`` have (none without a head
        load): the -O0 counts :meth:`check` compares with."""
        states, source = self._states(head_site, self.heads(head_site))
        counts: dict[tuple, int] = {}
        for key, _, ref, state in self._reached(states):
            if not view_of(state, ref, source)[0]:
                counts[key] = counts.get(key, 0) + 1
        return counts

    def dependent_accesses(self, head_site):
        """(dependent, mixed) access keys of the head of ``head_site``, or
        None if the site has no head load.  An access is dependent when its
        address derives from the head through registers alone (level
        ``DATA``: not only through the flags or an unknown call) on every
        path reaching it; frame accesses and the head's own site are left
        out.  A key with both dependent and independent accesses is
        ``mixed``, not ``dependent``: an optimized access of that key could
        be either."""
        heads = self.heads(head_site)
        if not heads:
            return None
        states, source = self._states(head_site, heads)
        dependent, independent = set(), set()
        for key, _, ref, state in self._reached(states):
            if key[:2] == tuple(head_site):
                continue
            stack, level = view_of(state, ref, source)
            if stack:
                continue
            if level == DATA:
                dependent.add(key)
            else:
                independent.add(key)
        return dependent - independent, dependent & independent

    def check(self, head_site, dep_keys, counts=None) -> SiteResult:
        """The verdict on the accesses of ``dep_keys`` against the head of
        ``head_site``.  Without a head load nothing is reached: every key
        with an access is unreached.

        ``counts`` (optional): per key, its number of non-frame accesses
        at -O0 (:meth:`access_counts`; a key not given had one).  A key
        with an access that is not dependent is ``ambiguous``, not
        ``broken``, when it has more non-frame accesses here than at -O0,
        one of them dependent, and no independent one is alone
        (:meth:`_alone`): GCC put another access at the same site (fuzz
        seed 70: csmith's global argument loaded at the call's column), and
        the dependent one may be the -O0 access, intact.  The key is broken if its count is the -O0
        count or lower, or if on some path from the head an independent
        access is made without a dependent one of the key (GCC duplicated
        the access and one copy lost the dependency: the equality hazard
        after tail duplication)."""
        heads = self.heads(head_site)
        states, source = self._states(head_site, heads)
        res = SiteResult(heads, {})
        for key in sorted(tuple(k) for k in dep_keys):
            accesses = self.accesses.get(key, [])
            pairs = [(insn, seen(insn, states[insn.index], memref(insn),
                                 source))
                     for insn in accesses if states[insn.index] is not None]
            reached = [a for _, a in pairs]
            res.deps[key] = reached
            real = [(insn, a) for insn, a in pairs if not a.stack]
            if any(not a.dependent for _, a in real):
                if (counts is not None and len(real) > counts.get(key, 1)
                        and any(a.dependent for _, a in real)
                        and not self._alone(heads, real)):
                    res.ambiguous.add(key)
                elif self._merged_in(heads, real):
                    res.ambiguous.add(key)
                else:
                    res.broken.add(key)
            elif real:
                continue
            elif len(reached) == len(accesses):
                res.vanished.add(key)
            else:
                res.unreached.add(key)
        return res


# ------------------------------------------------------- places in files

@dataclass
class PlaceResult:
    """The verdict on the accesses at some places (file basename, line)
    against the loads at the head places, in the functions holding a head
    load (optionally only those of ``functions``).

    ``accesses``: (instruction, verdict) for every access at a dep place in
    such a function; ``broken``: an access there is not dependent (frame
    accesses aside); ``intact``: every such access is dependent;
    ``vanished``: no access there but frame accesses; ``unreached``: no
    function holding a head load holds an access at a dep place.
    """

    heads: list[Insn]
    accesses: list[tuple[Insn, Access]]

    @property
    def verdict(self) -> str:
        real = [a for _, a in self.accesses if not a.stack]
        if not self.heads or not self.accesses:
            return "unreached" if self.heads else "no head"
        if not real:
            return "vanished"
        if any(not a.dependent for a in real):
            return "broken"
        return "intact"


class Places:
    """One assembly file whose heads and accesses are named by (file
    basename, line), in every file of the assembly (a kernel object's
    inlined headers), as :class:`Sites` names them by site in one file.

    The head of a set of places is every load there; each function holding
    one is analysed from its entry with no argument tainted, with the
    file's return-value summaries computed once without heads.  The
    analysis can be limited to some ``functions``; a head's solution is
    computed once and kept for the next checks."""

    def __init__(self, asm_text: str):
        self.program = parse(asm_text, gas.ALL_FILES)
        self.summaries = compute_summaries(self.program, set())
        self.solved: dict[tuple, tuple] = {}

    def _solve(self, head_places, functions):
        key = (frozenset(tuple(p) for p in head_places),
               frozenset(functions) if functions else None)
        if key not in self.solved:
            at, wanted = key
            heads = [insn for insn in self.program.insns
                     if (insn.file, insn.line) in at and is_load(insn)
                     and (wanted is None or dataflow.owner(insn) in wanted)]
            states = None
            if heads:
                owners = {dataflow.owner(insn) for insn in heads}
                entries = {self.program.functions[name] for name in owners
                           if name in self.program.functions}
                states = dataflow.solve(
                    ISA, replace(self.program, entries=entries),
                    {insn.index for insn in heads}, {}, self.summaries)
            self.solved[key] = (heads, states)
        return self.solved[key]

    def check(self, head_places, dep_places, functions=None) -> PlaceResult:
        """The verdict on the accesses at ``dep_places`` against the head
        loads at ``head_places``."""
        heads, states = self._solve(head_places, functions)
        deps_at = {tuple(p) for p in dep_places}
        found = []
        for insn in self.program.insns if states else []:
            if ((insn.file, insn.line) in deps_at and is_memory_access(insn)
                    and states[insn.index] is not None
                    and (not functions
                         or dataflow.owner(insn) in functions)):
                found.append((insn, classify(insn, states[insn.index])))
        return PlaceResult(heads, found)


    def from_heads(self, head_places, insns) -> bool:
        """Whether every access of ``insns`` is reached from the head loads
        at ``head_places`` and its address depends on them in the analysis
        started at those loads, nothing known before them: the paths that
        pass no head load are left out (as in :meth:`Sites._merged_in`).
        An access that is not dependent only through such a path joins the
        head's value with one the source never derived from the head (a
        pointer from another lookup, a default value, another statement's
        cross-jumped access)."""
        heads, _ = self._solve(head_places, None)
        if not heads:
            return False
        key = ("from", frozenset(tuple(p) for p in head_places))
        if key not in self.solved:
            starts = {insn.index for insn in heads}
            self.solved[key] = (heads, dataflow.solve(
                ISA, replace(self.program, entries=starts), starts,
                {i: State({}, {}) for i in starts}, self.summaries))
        states = self.solved[key][1]
        return all(states[insn.index] is not None and
                   address_level(states[insn.index], memref(insn)) >= CALL
                   for insn in insns)

    def first_heads(self, head_places, functions=None) -> set[int]:
        """The indices of the head loads at ``head_places`` before which
        no register or stack slot holds a head's value (on some path):
        the first head of a chain (a list walk's first pointer), whose own
        address derives from no head by design."""
        heads, states = self._solve(head_places, functions)
        return {insn.index for insn in heads
                if states is not None and states[insn.index] is not None
                and not any(states[insn.index].regs.values())
                and not any(states[insn.index].slots.values())}


def check_places(asm_text: str, head_places, dep_places,
                 functions=None) -> PlaceResult:
    """:meth:`Places.check` on one assembly text."""
    return Places(asm_text).check(head_places, dep_places, functions)
