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

The analysis is interprocedural within the assembly file.  A register holds
a *value*: a level per *source*, the source being a head load (``head``) or,
while summarizing a function, one of its incoming argument registers
(``@x0`` .. ``@x7``).  Each function defined in the file gets a summary of
what ``x0`` holds at every return (a MUST meet over its ``ret``s and tail
calls); ``bl f`` / ``b f`` to such a function substitute the caller's argument
values into that summary.  Calls to anything else keep the generic rule: the
result derives (at level ``CALL``) from whatever argument register was
dependent.  A local (not ``.global``/``.weak``) function whose address is not
taken also gets an *incoming argument taint*: the weakest level each argument
register has over all of its call sites in the file, so an access inside a
callee is dependent through an argument only if every caller passed a
dependent value.  Both summaries and incoming taints are greatest fixpoints,
computed by bounded iteration.

This module is deliberately independent of the GCC plugin it checks.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

NONE, FLAGS, CALL, DATA = 0, 1, 2, 3
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
_LABEL = re.compile(r"^([A-Za-z_.$][\w.$]*):")
_IDENT = re.compile(r"[A-Za-z_.$][\w.$]*")
_FILE = re.compile(r'^\.file\s+(\d+)\s+"([^"]*)"(?:\s+"([^"]*)")?')
_LOC = re.compile(r"^\.loc\s+(\d+)\s+(\d+)")
_TYPE = re.compile(r"^\.type\s+([\w.$]+)\s*,\s*[%@]function")
_BINDING = re.compile(r"^\.(globl|global|weak)\s+(.*)$")
_ALIAS = re.compile(r"^\.(?:set|equ|equiv)\s+[\w.$]+\s*,\s*(.*)$")
_SIZE = re.compile(r"^\.size\s+([\w.$]+)\s*,")
_SECTION = re.compile(r"^\.(?:section|pushsection)\s+([^\s,]+)")
_DATA_DIRECTIVE = re.compile(
    r"^\.(byte|hword|short|word|long|int|quad|xword|dword|[248]byte)\b")
_COLD = re.compile(r"\.cold(\.\d+)?$")
_ANNOTATION = re.compile(r"\brcu:(head|dep)\b")
_C_COMMENT = re.compile(r"/\*.*?\*/|//.*")

_COMPARES = {"cmp", "cmn", "tst", "fcmp", "fcmpe"}
_COND_COMPARES = {"ccmp", "ccmn", "fccmp", "fccmpe"}
_FLAG_SETTERS = {"adds", "subs", "ands", "bics", "adcs", "sbcs", "negs",
                 "ngcs"}
_FLAG_READERS = {"csel", "csinc", "csinv", "csneg", "cset", "csetm", "cinc",
                 "cinv", "cneg", "fcsel", "adc", "adcs", "sbc", "sbcs", "ngc",
                 "ngcs"}
_PARTIAL_WRITES = {"movk", "bfi", "bfxil", "bfm", "bfc", "ins"}
_CONSTANT_DEFS = {"adr", "adrp"}
_EXITS = {"ret", "retaa", "retab", "eret", "brk", "udf", "hlt"}
_CALL_CLOBBERED = ([f"x{n}" for n in range(19)] + ["x30", NZCV]
                   + [f"v{n}" for n in (*range(8), *range(16, 32))])
_ARGUMENTS = [f"x{n}" for n in range(8)]
_RETURNS = {"ret", "retaa", "retab"}
HEAD_SOURCE = "head"
ARG_SOURCES = {reg: f"@{reg}" for reg in _ARGUMENTS}
MAX_ROUNDS = 64


@dataclass(frozen=True)
class Insn:
    """One machine instruction with its source attribution."""

    index: int
    mnemonic: str
    operands: tuple[str, ...]
    text: str
    line: int | None
    function: str | None


@dataclass(frozen=True)
class Access:
    """A memory access found on a dep line and the verdict on its address.

    ``dependent``: the address carries a head value through registers (or
    through a call, see ``via_call``).  ``via_flags``: not dependent, but the
    address is derived from a head only through the NZCV flags.
    ``stack``: a frame access (sp/x29 base, immediate offset), i.e. a spill or
    reload, which is reported but ignored by the line verdicts.
    """

    insn_text: str
    function: str | None
    dependent: bool
    via_flags: bool
    via_call: bool = False
    stack: bool = False


@dataclass
class Result:
    """Outcome of :func:`analyze`.

    ``summaries``: per function of the file, what x0 holds at its returns,
    as ``{source: level}`` with sources ``head`` and ``@x0`` .. ``@x7`` (the
    incoming argument registers); None for functions without a reachable
    return and not given for ``.weak`` ones (callers use the generic rule).
    ``entry_taint``: per local function, the level of each argument register
    that is dependent at all of its call sites in the file.
    """

    heads: list[Insn]
    acquire: bool
    deps: dict[int, list[Access]]
    broken_lines: set[int] = field(default_factory=set)
    vanished_lines: set[int] = field(default_factory=set)
    summaries: dict[str, dict[str, int] | None] = field(default_factory=dict)
    entry_taint: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def verdict(self) -> str:
        """"broken" if any dep line lost its dependency, else "intact"."""
        return "broken" if self.broken_lines else "intact"


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


@dataclass
class Program:
    """Parsed instructions plus the control-flow graph.

    ``functions`` maps each function symbol (not its ``.cold`` parts) to the
    index of its first instruction; ``local`` holds the functions whose
    every caller is in this file (neither ``.global`` nor ``.weak``, address
    never taken); ``weak`` the ``.weak`` ones, which the linker may replace;
    ``labels`` every label with the index of the instruction it names.
    """

    insns: list[Insn]
    succ: list[list[int]]
    entries: set[int]
    functions: dict[str, int] = field(default_factory=dict)
    local: set[str] = field(default_factory=set)
    weak: set[str] = field(default_factory=set)
    labels: dict[str, int] = field(default_factory=dict)


Value = dict  # source -> level; never mutated once built


def vjoin(*values: Value) -> Value:
    """Along one path: every source of any input, at its strongest level."""
    out: Value = {}
    for value in values:
        for source, level in value.items():
            if level > out.get(source, NONE):
                out[source] = level
    return out


def vcap(value: Value, level: int) -> Value:
    """Weaken every source of ``value`` to at most ``level``."""
    return {source: min(have, level) for source, have in value.items()
            if min(have, level) > NONE}


def vmeet(old: Value, new: Value) -> Value:
    """At a join: the sources on both sides, at the weaker level."""
    return {source: min(level, new[source]) for source, level in old.items()
            if source in new}


def strength(value: Value) -> int:
    """Dependency level of a value whose sources are all head loads."""
    return max(value.values(), default=NONE)


def vstate(levels: dict[str, int]) -> "State":
    """A state whose registers carry head dependencies at given levels."""
    return State({reg: {HEAD_SOURCE: level}
                  for reg, level in levels.items() if level}, {})


@dataclass
class State:
    """Values of registers and of stack slots (base, off, size)."""

    regs: dict[str, Value]
    slots: dict[tuple[str, int, int], Value]

    def copy(self) -> "State":
        """Return an independent copy (values themselves are shared)."""
        return State(dict(self.regs), dict(self.slots))

    def val(self, reg: str | None) -> Value:
        """Value of a register (sp and xzr are never dependent)."""
        return self.regs.get(reg, {}) if reg else {}

    def level(self, reg: str | None) -> int:
        """Strongest level of any source of a register."""
        return strength(self.val(reg))

    def set(self, reg: str | None, value: Value) -> None:
        """Define a register with the given value (sp and zr stay clean)."""
        if reg in (None, "sp", "zr"):
            return
        if value:
            self.regs[reg] = value
        else:
            self.regs.pop(reg, None)


# --------------------------------------------------------------- operands

def split_operands(text: str) -> list[str]:
    """Split an operand string at top-level commas (not inside [] or {})."""
    parts, depth, current = [], 0, ""
    for char in text:
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current.strip())
    return parts


def register(operand: str) -> tuple[str | None, bool]:
    """Canonical register name of an operand and whether it is a lane.

    wN/xN map to ``xN``; v/q/d/s/h/bN map to ``vN``; sp/wsp map to ``sp``;
    xzr/wzr map to ``zr``; non-registers map to None.
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
    ops = insn.operands
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

class _Parser:
    """Turn assembly text into instructions attributed to source lines."""

    def __init__(self, source_basename: str):
        self.source = os.path.basename(source_basename)
        self.files: dict[str, str] = {}
        self.line: int | None = None
        self.function: str | None = None
        self.function_syms: set[str] = set()
        self.section = ".text"
        self.previous_section = ".text"
        self.section_stack: list[str] = []
        self.pending: dict[str, list[str]] = {}
        self.last: dict[str, int] = {}
        self.labels: dict[str, int] = {}
        self.entry_labels: list[str] = []
        self.address_taken: set[str] = set()
        self.exported: set[str] = set()
        self.weak: set[str] = set()
        self.insns: list[Insn] = []
        self.next_in_section: dict[int, int] = {}

    def feed(self, raw: str) -> None:
        """Consume one line of assembly."""
        text = raw.strip()
        while (match := _LABEL.match(text)):
            self.label(match.group(1))
            text = text[match.end():].strip()
        if text.startswith("."):
            self.directive(text)
        elif text and not text.startswith("//"):
            self.instruction(text.split("//")[0].strip())

    def label(self, name: str) -> None:
        """Record a label; function symbols start (or continue) a function."""
        self.pending.setdefault(self.section, []).append(name)
        if name in self.function_syms:
            self.function = name
            if not _COLD.search(name):
                self.entry_labels.append(name)

    def switch_section(self, name: str) -> None:
        """Make ``name`` the current section."""
        self.previous_section, self.section = self.section, name

    def directive(self, text: str) -> None:
        """Handle the few directives that matter; ignore the rest."""
        if (match := _FILE.match(text)):
            self.files[match.group(1)] = os.path.basename(
                match.group(3) or match.group(2))
        elif (match := _LOC.match(text)):
            same = self.files.get(match.group(1)) == self.source
            self.line = int(match.group(2)) if same else None
        elif (match := _TYPE.match(text)):
            self.function_syms.add(match.group(1))
        elif (match := _BINDING.match(text)):
            names = {name.strip() for name in match.group(2).split(",")}
            self.exported.update(names)
            if match.group(1) == "weak":
                self.weak.update(names)
        elif (match := _ALIAS.match(text)):
            self.address_taken.update(_IDENT.findall(match.group(1)))
        elif (match := _SIZE.match(text)):
            if match.group(1) == self.function:
                self.function = None
        elif (match := _SECTION.match(text)):
            if text.startswith(".pushsection"):
                self.section_stack.append(self.section)
            self.switch_section(match.group(1))
        elif text.startswith(".popsection") and self.section_stack:
            self.switch_section(self.section_stack.pop())
        elif text.startswith(".previous"):
            self.switch_section(self.previous_section)
        elif re.match(r"^\.(text|data|bss)\b", text):
            self.switch_section(text.split()[0])
        elif (_DATA_DIRECTIVE.match(text)
              and not self.section.startswith(".debug")):
            self.address_taken.update(_IDENT.findall(text.split(None, 1)[-1]))

    def instruction(self, text: str) -> None:
        """Append an instruction, linking it to its section predecessor."""
        mnemonic, _, rest = text.replace("\t", " ").partition(" ")
        mnemonic = mnemonic.lower()
        operands = tuple(split_operands(rest.strip()))
        index = len(self.insns)
        canonical = f"{mnemonic} {', '.join(operands)}".strip()
        self.insns.append(Insn(index, mnemonic, operands, canonical,
                               self.line, self.function))
        if not is_control(mnemonic):
            for op in operands:
                self.address_taken.update(_IDENT.findall(op))
        if self.section in self.last:
            self.next_in_section[self.last[self.section]] = index
        self.last[self.section] = index
        for name in self.pending.pop(self.section, []):
            self.labels[name] = index

    def is_function(self, name: str) -> bool:
        """A function symbol of this file (not a ``.cold`` part)."""
        return name in self.function_syms and not _COLD.search(name)

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

    def program(self) -> Program:
        """Finish parsing and build the CFG."""
        succ = [self.successors(insn) for insn in self.insns]
        functions = {name: self.labels[name] for name in self.entry_labels
                     if name in self.labels}
        local = {name for name in functions
                 if name not in self.exported
                 and name not in self.address_taken}
        return Program(self.insns, succ, set(functions.values()), functions,
                       local, self.weak & set(functions), dict(self.labels))


def parse(asm_text: str, source_basename: str) -> Program:
    """Parse assembly into a :class:`Program`."""
    parser = _Parser(source_basename)
    for raw in asm_text.splitlines():
        parser.feed(raw)
    return parser.program()


# --------------------------------------------------------------- transfer

def store_slot(state: State, base: str, offset: int, size: int,
               value: Value) -> None:
    """Overwrite a stack slot, dropping any slot it overlaps."""
    for key in [k for k in state.slots if k[0] == base
                and k[1] < offset + size and offset < k[1] + k[2]]:
        del state.slots[key]
    if value:
        state.slots[(base, offset, size)] = value


def load_slot(state: State, base: str, offset: int, size: int) -> Value:
    """Value in a stack slot (independent unless fully covered)."""
    return vjoin(*(value for (b, o, s), value in state.slots.items()
                   if b == base and o <= offset and offset + size <= o + s))


def clear_slots(state: State, base: str) -> None:
    """Forget every slot addressed from ``base``."""
    state.slots = {k: v for k, v in state.slots.items() if k[0] != base}


def adjust_sp(state: State, delta: int | None) -> None:
    """Rebase sp-relative slots after ``sp += delta`` (None: unknown)."""
    if delta is None:
        clear_slots(state, "sp")
        return
    state.slots = {(b, o - delta if b == "sp" else o, s): v
                   for (b, o, s), v in state.slots.items()}


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


def transfer_memory(insn: Insn, state: State, head: bool) -> None:
    """Apply a load, store or atomic to ``state``."""
    ref = memref(insn)
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
            if head:
                value = {HEAD_SOURCE: DATA}
            elif stack:
                value = load_slot(state, ref.base, ref.offset + i * size,
                                  size)
            else:
                value = address
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


def generic_result(state: State) -> Value:
    """x0 after a call to unknown code: derived (at most ``CALL``) from any
    dependent argument register."""
    return vcap(vjoin(*(state.val(r) for r in _ARGUMENTS)), CALL)


def apply_summary(summary: Value, state: State) -> Value:
    """x0 after a call to a summarized function, given the argument values.

    Each ``@xN`` source of the summary is replaced by the caller's value of
    xN, weakened to the level at which the callee passes it through.
    """
    out = {HEAD_SOURCE: summary[HEAD_SOURCE]} if HEAD_SOURCE in summary else {}
    for reg, source in ARG_SOURCES.items():
        if source in summary:
            out = vjoin(out, vcap(state.val(reg), summary[source]))
    return out


def call_target(insn: Insn) -> str | None:
    """Symbol named by a direct call or (conditional) branch, else None."""
    if insn.mnemonic.startswith("blr") or insn.mnemonic.startswith("br"):
        return None
    if not (insn.mnemonic in ("b", "bl")
            or is_conditional_branch(insn.mnemonic)) or not insn.operands:
        return None
    name = insn.operands[-1]
    return name if _IDENT.fullmatch(name) else None


def call_result(insn: Insn, state: State, summaries) -> Value:
    """Value of x0 once the function called (or tail-called) by ``insn``
    returns: its summary if it has one, else the generic rule."""
    summary = summaries.get(call_target(insn))
    if summary is None:
        return generic_result(state)
    return apply_summary(summary, state)


def transfer_call(insn: Insn, state: State, summaries) -> None:
    """bl/blr: clobber caller-saved state; x0 is the call's result."""
    result = call_result(insn, state, summaries)
    for reg in _CALL_CLOBBERED:
        state.set(reg, {})
    state.set("x0", result)


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


def transfer(insn: Insn, state: State, head: bool,
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


# -------------------------------------------------------------- dataflow

def meet(old: State | None, new: State) -> State:
    """MUST join: keep what is dependent on both sides, at the weaker level.

    ``None`` stands for "not reached yet" (top: everything dependent).
    """
    if old is None:
        return new.copy()
    regs = {r: vmeet(v, new.regs[r]) for r, v in old.regs.items()
            if r in new.regs}
    slots = {k: vmeet(v, new.slots[k]) for k, v in old.slots.items()
             if k in new.slots}
    return State({r: v for r, v in regs.items() if v},
                 {k: v for k, v in slots.items() if v})


class _Solver:
    """Incremental forward MUST analysis over the whole program.

    Summaries and entry states may be lowered between runs; re-pushing the
    instructions they affect (``touch``/``seed``) and running again yields the
    greatest fixpoint for the lowered inputs, because the previous states are
    a post-fixpoint above it and every transfer is monotone.
    """

    def __init__(self, program: Program, heads: set[int], summaries,
                 entry_states):
        self.program, self.heads, self.summaries = program, heads, summaries
        self.states: list[State | None] = [None] * len(program.insns)
        self.work: list[int] = []
        for entry in sorted(program.entries, reverse=True):
            self.seed(entry, entry_states.get(entry, State({}, {})))

    def seed(self, index: int, state: State) -> None:
        """Lower the state at ``index`` to (at most) ``state``."""
        merged = meet(self.states[index], state)
        if merged != self.states[index]:
            self.states[index] = merged
            self.work.append(index)

    def touch(self, index: int) -> None:
        """Re-run the transfer of a reached instruction (inputs changed)."""
        if self.states[index] is not None:
            self.work.append(index)

    def run(self) -> set[int]:
        """Iterate to the fixpoint; return the instructions processed."""
        processed: set[int] = set()
        insns, succ = self.program.insns, self.program.succ
        states = self.states
        while self.work:
            index = self.work.pop()
            processed.add(index)
            out = transfer(insns[index], states[index], index in self.heads,
                           self.summaries)
            for nxt in succ[index]:
                merged = meet(states[nxt], out)
                if merged != states[nxt]:
                    states[nxt] = merged
                    self.work.append(nxt)
        return processed


def solve(program: Program, heads: set[int], entry_states=None,
          summaries=None) -> list[State | None]:
    """Fixpoint of the forward analysis; entry state per instruction.

    ``entry_states`` maps entry indexes to their initial state (default:
    nothing dependent).
    """
    solver = _Solver(program, heads, summaries or {}, entry_states or {})
    solver.run()
    return solver.states


# ------------------------------------------------------- interprocedural

def owner(insn: Insn) -> str | None:
    """The function an instruction belongs to (``f.cold`` belongs to f)."""
    return _COLD.sub("", insn.function) if insn.function else None


def is_tail_exit(insn: Insn, program: Program) -> bool:
    """A branch that leaves the function: to a function symbol, or to a
    symbol that is no label of this file."""
    if insn.mnemonic != "b" and not is_conditional_branch(insn.mnemonic):
        return False
    target = call_target(insn)
    return target is not None and (target in program.functions
                                   or target not in program.labels)


@dataclass
class _CallGraph:
    """Exits of each function and the call sites of each callee."""

    exits: dict[str, list[int]]       # ret and tail-call instructions
    calls: dict[str, list[int]]       # bl callee
    tails: dict[str, list[int]]       # b callee (tail calls)

    @classmethod
    def of(cls, program: Program) -> "_CallGraph":
        """Collect the call graph of a program."""
        graph = cls({name: [] for name in program.functions},
                    {name: [] for name in program.functions},
                    {name: [] for name in program.functions})
        for insn in program.insns:
            name, target = owner(insn), call_target(insn)
            tail = is_tail_exit(insn, program)
            if name in graph.exits and (insn.mnemonic in _RETURNS or tail):
                graph.exits[name].append(insn.index)
            if target in program.functions:
                if insn.mnemonic == "bl":
                    graph.calls[target].append(insn.index)
                elif tail:
                    graph.tails[target].append(insn.index)
        return graph

    def sites(self, callee: str) -> list[int]:
        """Every call or tail call of ``callee``."""
        return self.calls[callee] + self.tails[callee]


def _bound(program: Program) -> int:
    """Rounds after which a fixpoint iteration gives up.

    Every round lowers some summary or taint; their lattices have fewer than
    32 steps per function, so the bound is never reached in theory.
    """
    return 32 * (len(program.functions) + 1) + MAX_ROUNDS


def _summary_of(name: str, graph: _CallGraph, solver: _Solver):
    """Meet of x0 over the reached exits of one function (None: none)."""
    result: Value | None = None
    for index in graph.exits[name]:
        state = solver.states[index]
        if state is None:
            continue
        insn = solver.program.insns[index]
        value = (state.val("x0") if insn.mnemonic in _RETURNS
                 else call_result(insn, state, solver.summaries))
        result = value if result is None else vmeet(result, value)
    return result


def compute_summaries(program: Program, heads: set[int],
                      graph: _CallGraph | None = None):
    """Greatest fixpoint of the return-value summaries.

    Each function starts with the top summary (every source at ``DATA``);
    functions without a reachable return or tail call get None (callers
    apply the generic rule), ``.weak`` ones get no summary at all.  If the
    bound is hit, every summary is None, i.e. the generic rule everywhere.
    """
    graph = graph or _CallGraph.of(program)
    top = {HEAD_SOURCE: DATA, **{src: DATA for src in ARG_SOURCES.values()}}
    summarized = set(program.functions) - program.weak
    summaries: dict[str, Value | None] = {name: dict(top)
                                          for name in summarized}
    entry = State({reg: {src: DATA} for reg, src in ARG_SOURCES.items()}, {})
    solver = _Solver(program, heads, summaries,
                     {index: entry for index in program.entries})
    dirty = set(summarized)
    solver.run()
    for _ in range(_bound(program)):
        changed = set()
        for name in sorted(dirty & summarized):
            new = _summary_of(name, graph, solver)
            if new != summaries[name]:
                summaries[name] = new
                changed.add(name)
        if not changed:
            return summaries
        dirty = set()
        for name in changed:
            for index in graph.calls[name]:
                solver.touch(index)
            dirty.update(owner(program.insns[i]) for i in graph.tails[name])
        dirty.update(owner(program.insns[i]) for i in solver.run())
    return {name: None for name in summarized}


def _taint_at_sites(callee: str, graph: _CallGraph,
                    solver: _Solver) -> dict[str, int]:
    """Weakest level of each argument register over the reached sites."""
    levels: dict[str, int] | None = None
    for index in graph.sites(callee):
        state = solver.states[index]
        if state is None:
            continue
        here = {reg: state.level(reg) for reg in _ARGUMENTS}
        levels = here if levels is None else {
            reg: min(level, levels[reg]) for reg, level in here.items()}
    return {reg: level for reg, level in (levels or {}).items() if level}


def compute_entry_taint(program: Program, heads: set[int], summaries,
                        graph: _CallGraph | None = None):
    """Greatest fixpoint of the incoming argument taint of local functions.

    A local function (all call sites in this file) starts with every
    argument register dependent; each round sets each argument to its
    weakest level over the reachable call sites.  Returns (taint, states)
    where states are the final per-instruction states.  If the bound is hit,
    no function gets an incoming taint.
    """
    graph = graph or _CallGraph.of(program)
    callees = {name for name in program.local if graph.sites(name)}
    taint = {name: {reg: DATA for reg in _ARGUMENTS} for name in callees}
    solver = _Solver(program, heads, summaries,
                     {program.functions[name]: vstate(levels)
                      for name, levels in taint.items()})
    affected = set(callees)
    solver.run()
    for _ in range(_bound(program)):
        changed = False
        for name in sorted(affected):
            new = _taint_at_sites(name, graph, solver)
            if new != taint[name]:
                taint[name] = new
                solver.seed(program.functions[name], vstate(new))
                changed = True
        if not changed:
            return {name: levels for name, levels in taint.items()
                    if levels}, solver.states
        processed = solver.run()
        affected = {name for name in callees
                    if any(i in processed for i in graph.sites(name))}
    return {}, solve(program, heads, {}, summaries)


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
    graph = _CallGraph.of(program)
    summaries = compute_summaries(program, head_set, graph)
    taint, states = compute_entry_taint(program, head_set, summaries, graph)
    deps: dict[int, list[Access]] = {line: [] for line in sorted(dep_lines)}
    for insn in program.insns:
        if insn.line in deps and is_memory_access(insn):
            deps[insn.line].append(classify(insn, states[insn.index]))
    real = {line: [a for a in accesses if not a.stack]
            for line, accesses in deps.items()}
    return Result(
        heads=heads,
        acquire=bool(heads) and all(is_acquire(insn) for insn in heads),
        deps=deps,
        broken_lines={line for line, accesses in real.items()
                      if any(not a.dependent for a in accesses)},
        vanished_lines={line for line, accesses in real.items()
                        if not accesses},
        summaries=summaries,
        entry_taint=taint)


# ------------------------------------------------------------ C helpers

def annotations(c_source_text: str) -> tuple[set[int], set[int]]:
    """1-based lines whose comments carry ``rcu:head`` / ``rcu:dep``."""
    heads: set[int] = set()
    deps: set[int] = set()
    for number, line in enumerate(c_source_text.splitlines(), 1):
        for comment in _C_COMMENT.findall(line):
            for kind in _ANNOTATION.findall(comment):
                (heads if kind == "head" else deps).add(number)
    return heads, deps


class CompileError(RuntimeError):
    """The compiler failed; the message carries its stderr."""


def compile_to_asm(c_path, cc: str = DEFAULT_CC, opt: str = "-O2",
                   extra=()) -> str:
    """Compile ``c_path`` with ``-S -g`` and return the assembly text."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.s"
        proc = subprocess.run(
            [cc, "-S", "-g", opt, *extra, "-o", str(out), str(c_path)],
            capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise CompileError(proc.stderr)
        return out.read_text()


def compile_and_analyze(c_path, cc: str = DEFAULT_CC, opt: str = "-O2",
                        extra=()) -> Result:
    """Compile a C file and analyze it using its rcu:head/rcu:dep comments."""
    heads, deps = annotations(Path(c_path).read_text())
    asm = compile_to_asm(c_path, cc, opt, extra)
    return analyze(asm, os.path.basename(str(c_path)), heads, deps)
