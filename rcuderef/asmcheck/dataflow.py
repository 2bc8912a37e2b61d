"""The ISA-independent part of the assembly dependency checkers.

A checker (``aarch64.py``, ``x86_64.py``) parses GCC's assembly into
:class:`Insn` objects and a :class:`Program` (a CFG), and provides an
:class:`Isa`: its transfer function and calling convention.  This module
holds what does not depend on the instruction set:

- dependency levels and the values registers and stack slots carry: a level
  per *source*, the source being a head load (``head``) or, while a
  function is summarized, one of its incoming argument registers (``@reg``);
- the joins: along one path a value takes the strongest level of its
  inputs (:func:`vjoin`), at a CFG join the weakest level of the paths
  (:func:`vmeet`), so an access is dependent only if its address is
  dependent on every path reaching it;
- error pointers: a 64-bit register set to a constant in [-4095, -1] (the
  kernel's ``ERR_PTR(-e)``, ``MAX_ERRNO`` 4095) holds the source ``errptr``.
  No access through such an address reads memory (the last page of the
  address space is never mapped: it faults), so a path on which the address
  is an error pointer has no dependency to keep, and at a join, or between
  the two choices of a select, a value that is only an error pointer gives
  way to the other side (``p = ERR_PTR(-EAGAIN); if (...) p =
  rcu_dereference(q)``).  The source is no head: alone it is independent;
- the forward MUST fixpoint solver over the whole file;
- the interprocedural summaries: what the return register holds at every
  return of a function of the file (greatest fixpoint over its returns and
  tail calls), and the incoming argument taint of local functions (weakest
  level over all of their call sites);
- the registers a call clobbers (:func:`compute_clobbers`).  A call to
  unknown code clobbers every caller-saved register of the ABI.  GCC's
  IPA-RA (``-fipa-ra``: on at -O2, -O3 and -Os, off at -O1, says GCC 12's
  ``-Q --help=optimizers``) lets a caller keep a value in a
  caller-saved register across a direct call to a function of the same
  file that binds locally and does not write that register, itself or
  through its callees.  So a direct call (or tail call) of a function
  whose body is in the file and cannot be replaced at run time
  (:attr:`Program.bound`) clobbers only the caller-saved registers that
  function and its callees write (least fixpoint over the call graph),
  plus the registers any call may clobber on its way (the link register,
  a linker veneer's).  A function that makes an indirect call or jump, calls
  anything not bound, or holds an instruction whose written registers the
  instruction set cannot tell (``Isa.writes`` None), clobbers them all.  A
  checker without ``Isa.writes`` keeps the ABI rule for every call:
  aarch64 and x86_64 have it; ppc64le and riscv64 do not, as GCC 12 was
  seen to keep a value live across a call of a static function in a
  callee-saved register there (``r31``, ``s0``), never a caller-saved one;
- the stack slots of a state, the ``rcu:head``/``rcu:dep`` annotations and
  the compiler driver.

Levels:

``DATA``  pure register data dependency on a head value;
``CALL``  dependent only under the assumption that a called helper returns
          something derived from its arguments;
``FLAGS`` derived only through the condition flags (compare + conditional
          select/set);
``NONE``  independent (absent from the state).
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

NONE, FLAGS, CALL, DATA = 0, 1, 2, 3
HEAD_SOURCE = "head"
ERR_SOURCE = "errptr"
MAX_ERRNO = 4095
MAX_ROUNDS = 64
# Stack pointers, zero register and program counter of either target: they
# never carry a head's value.
NEVER_DEPENDENT = frozenset({"sp", "zr", "rsp", "rip"})

_COLD = re.compile(r"\.cold(\.\d+)?$")
_ANNOTATION = re.compile(r"\brcu:(head|dep)\b")
_C_COMMENT = re.compile(r"/\*.*?\*/|//.*")


@dataclass(frozen=True)
class Insn:
    """One machine instruction with its source attribution (``column``:
    the column of its ``.loc``, None if it gives none; ``file``: the
    basename of the ``.loc``'s file, set when the parser follows every
    file, see :data:`gas.ALL_FILES`)."""

    index: int
    mnemonic: str
    operands: tuple[str, ...]
    text: str
    line: int | None
    function: str | None
    column: int | None = None
    file: str | None = None


@dataclass(frozen=True)
class Access:
    """A memory access found on a dep line and the verdict on its address.

    ``dependent``: the address carries a head value through registers (or
    through a call, see ``via_call``).  ``via_flags``: not dependent, but the
    address is derived from a head only through the condition flags.
    ``stack``: a frame access (stack or frame pointer base, immediate
    offset), i.e. a spill or reload, which is reported but ignored by the
    line verdicts.
    """

    insn_text: str
    function: str | None
    dependent: bool
    via_flags: bool
    via_call: bool = False
    stack: bool = False


@dataclass
class Result:
    """Outcome of a checker's ``analyze``.

    ``summaries``: per function of the file, what the return register holds
    at its returns, as ``{source: level}`` with sources ``head`` and
    ``@reg`` (the incoming argument registers); None for functions without
    a reachable return and not given for ``.weak`` ones (callers use the
    generic rule).  ``entry_taint``: per local function, the level of each
    argument register that is dependent at all of its call sites in the
    file.
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


@dataclass
class Program:
    """Parsed instructions plus the control-flow graph.

    ``functions`` maps each function symbol (not its ``.cold`` parts) to the
    index of its first instruction; ``local`` holds the functions whose
    every caller is in this file (neither ``.global`` nor ``.weak``, address
    never taken); ``weak`` the ``.weak`` ones, which the linker may replace;
    ``labels`` every label with the index of the instruction it names;
    ``address_taken`` every symbol named in data or in the operands of an
    instruction that is no branch or call.
    """

    insns: list[Insn]
    succ: list[list[int]]
    entries: set[int]
    functions: dict[str, int] = field(default_factory=dict)
    local: set[str] = field(default_factory=set)
    weak: set[str] = field(default_factory=set)
    labels: dict[str, int] = field(default_factory=dict)
    address_taken: set[str] = field(default_factory=set)
    # Per source line, the first instruction after each of its ``.loc``s
    # (see moved_heads()).
    loc_next: dict[int, list[int]] = field(default_factory=dict)
    # The functions whose direct calls are known to run their body in this
    # file (see gas.Parser.program()): the only callees whose registers
    # :func:`compute_clobbers` trusts.  Empty: every call clobbers every
    # caller-saved register.
    bound: set[str] = field(default_factory=set)


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


def error_pointer(constant: int | None) -> Value:
    """The value of a 64-bit register set to ``constant``: an error
    pointer, or independent."""
    if constant is not None and -MAX_ERRNO <= constant < 0:
        return {ERR_SOURCE: DATA}
    return {}


def only_error_pointer(value: Value) -> bool:
    return set(value) == {ERR_SOURCE}


def vmeet(old: Value, new: Value) -> Value:
    """At a join: the sources on both sides, at the weaker level; a side
    that is only an error pointer gives way to the other.

    View sources (see :func:`head_value`) are met one view at a time: in
    the view of head h, a side holding the error pointer and not h is only
    an error pointer there, so the other side's h is kept."""
    if only_error_pointer(old):
        return new
    if only_error_pointer(new):
        return old
    out = {source: min(level, new[source]) for source, level in old.items()
           if source in new}
    if ERR_SOURCE in old:
        out.update((s, l) for s, l in new.items()
                   if type(s) is int and s not in old)
    if ERR_SOURCE in new:
        out.update((s, l) for s, l in old.items()
                   if type(s) is int and s not in new)
    return out


class ViewsDiverge(Exception):
    """One solve for several heads (view sources) cannot stand for the
    solves of each head alone here; solve them one at a time."""


def head_value(head, base: Value) -> Value:
    """The value a head load gives its register.

    ``head`` is the source of the load: ``HEAD_SOURCE`` when one head is
    analysed, whatever the address (``base``) holds; or an int, a *view
    source*, when several heads are solved at once (:class:`Solver` with a
    dict of heads).  Then every source is a view source or the error
    pointer, and the view of each head h is the value restricted to h and
    the error pointer: what the solve of h alone gives.  In its own view
    the load holds the head; in the others it is a plain load holding its
    address (``base``).  An error pointer in the address would hold in the
    other views and not in the head's own: the views diverge."""
    if head == HEAD_SOURCE:
        return {HEAD_SOURCE: DATA}
    if ERR_SOURCE in base:
        raise ViewsDiverge("a head load through an error pointer")
    return vjoin(base, {head: DATA})


def view(value: Value, source) -> Value:
    """The part of ``value`` a single-head analysis of the view source
    ``source`` sees (None: the value itself)."""
    if source is None:
        return value
    return {s: l for s, l in value.items() if s == source or s == ERR_SOURCE}


def strength(value: Value) -> int:
    """Dependency level of a value whose sources are all head loads (an
    error pointer is none)."""
    return max((level for source, level in value.items()
                if source != ERR_SOURCE), default=NONE)


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
        """Value of a register (None and unknown registers: independent)."""
        return self.regs.get(reg, {}) if reg else {}

    def level(self, reg: str | None) -> int:
        """Strongest level of any source of a register."""
        return strength(self.val(reg))

    def set(self, reg: str | None, value: Value) -> None:
        """Define a register (those of NEVER_DEPENDENT stay clean)."""
        if reg is None or reg in NEVER_DEPENDENT:
            return
        if value:
            self.regs[reg] = value
        else:
            self.regs.pop(reg, None)


@dataclass(frozen=True)
class Isa:
    """What the generic analysis needs to know of an instruction set.

    ``transfer(insn, state, head, summaries)`` returns the state after an
    instruction (``head``: the source the instruction defines as a head
    load, None if it is none; see :meth:`Solver.head`);
    ``call_target(insn)`` the symbol named by a direct call or branch;
    ``is_call(insn)`` is true for calls that return to the next instruction;
    ``is_return(insn)`` for returns, whose result is in ``result``;
    ``is_tail_exit(insn, program)`` for branches that leave the function
    (their result is the callee's);
    ``call_clobbered``: the registers (and flags) a call to unknown code
    may change, the ABI's caller-saved ones;
    ``writes(insn)``: the registers an instruction writes (a direct call:
    those the call instruction itself writes, the link register), None if
    it may write any (an indirect call or branch, an instruction the
    checker does not know); None for the function itself: calls keep the
    ABI rule (see :func:`compute_clobbers`);
    ``call_fixed``: the registers any call may change besides its callee's
    writes (the link register, a linker veneer's scratch registers).
    """

    arguments: tuple[str, ...]
    result: str
    transfer: Callable
    call_target: Callable
    is_call: Callable
    is_return: Callable
    is_tail_exit: Callable
    call_clobbered: tuple[str, ...] = ()
    writes: Callable | None = None
    call_fixed: tuple[str, ...] = ()

    @property
    def arg_sources(self) -> dict[str, str]:
        """The source name of each incoming argument register."""
        return {reg: f"@{reg}" for reg in self.arguments}


# ------------------------------------------------------------ stack slots

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


def rebase_slots(state: State, base: str, delta: int | None) -> None:
    """Rebase the slots addressed from ``base`` after ``base += delta``
    (None: unknown, the slots are forgotten)."""
    if delta is None:
        clear_slots(state, base)
        return
    state.slots = {(b, o - delta if b == base else o, s): v
                   for (b, o, s), v in state.slots.items()}


# ------------------------------------------------------------------ calls

class Summaries(dict):
    """The return-value summaries of the functions of a file (a dict:
    function name to ``{source: level}`` or None), with ``clobbers``: per
    function of :attr:`Program.bound`, the registers a direct call of it
    may change (see :func:`compute_clobbers`).  A plain dict has no
    clobbers: every call then clobbers the ABI's caller-saved registers."""

    def __init__(self, values=(), clobbers=None):
        super().__init__(values)
        self.clobbers: dict[str, frozenset[str]] = dict(clobbers or {})


def call_clobbers(isa: Isa, insn: Insn, summaries) -> tuple[str, ...] | frozenset[str]:
    """The registers a call instruction may change: its callee's clobbers
    if it is a direct call of a bound function, else the ABI's
    caller-saved registers."""
    clobbers = getattr(summaries, "clobbers", None) or {}
    target = bound_target(isa, insn) if isa.is_call(insn) else None
    found = clobbers.get(target) if target is not None else None
    return isa.call_clobbered if found is None else found


def bound_target(isa: Isa, insn: Insn) -> str | None:
    """The symbol a direct call or branch names, unless it goes through
    a relocation that may send it elsewhere (``f@PLT``: a PLT entry, the
    dynamic linker's resolver or another definition)."""
    if any("@" in op for op in insn.operands[-1:]):
        return None
    return isa.call_target(insn)


def generic_result(isa: Isa, state: State) -> Value:
    """The result register after a call to unknown code: derived (at most
    ``CALL``) from any dependent argument register."""
    return vcap(vjoin(*(state.val(r) for r in isa.arguments)), CALL)


def apply_summary(isa: Isa, summary: Value, state: State) -> Value:
    """The result after a call to a summarized function, given the
    argument values.

    Each ``@reg`` source of the summary is replaced by the caller's value
    of reg, weakened to the level at which the callee passes it through.
    """
    out = {HEAD_SOURCE: summary[HEAD_SOURCE]} if HEAD_SOURCE in summary else {}
    for reg, source in isa.arg_sources.items():
        if source in summary:
            out = vjoin(out, vcap(state.val(reg), summary[source]))
    return out


def call_result(isa: Isa, insn: Insn, state: State, summaries) -> Value:
    """The result once the function called (or tail-called) by ``insn``
    returns: its summary if it has one, else the generic rule."""
    summary = summaries.get(isa.call_target(insn))
    if summary is None:
        return generic_result(isa, state)
    return apply_summary(isa, summary, state)


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


class Solver:
    """Incremental forward MUST analysis over the whole program.

    Summaries and entry states may be lowered between runs; re-pushing the
    instructions they affect (``touch``/``seed``) and running again yields the
    greatest fixpoint for the lowered inputs, because the previous states are
    a post-fixpoint above it and every transfer is monotone.
    """

    def __init__(self, isa: Isa, program: Program, heads: set[int],
                 summaries, entry_states):
        self.isa, self.program = isa, program
        self.heads, self.summaries = heads, summaries
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

    def head(self, index: int):
        """The source a head load at ``index`` defines (None: no head):
        ``HEAD_SOURCE`` if the heads are a set, their view source if they
        are a dict (index to int, see :func:`head_value`)."""
        if isinstance(self.heads, dict):
            return self.heads.get(index)
        return HEAD_SOURCE if index in self.heads else None

    def run(self) -> set[int]:
        """Iterate to the fixpoint; return the instructions processed."""
        processed: set[int] = set()
        insns, succ = self.program.insns, self.program.succ
        states, transfer = self.states, self.isa.transfer
        while self.work:
            index = self.work.pop()
            processed.add(index)
            out = transfer(insns[index], states[index], self.head(index),
                           self.summaries)
            for nxt in succ[index]:
                merged = meet(states[nxt], out)
                if merged != states[nxt]:
                    states[nxt] = merged
                    self.work.append(nxt)
        return processed


def solve(isa: Isa, program: Program, heads: set[int], entry_states=None,
          summaries=None) -> list[State | None]:
    """Fixpoint of the forward analysis; entry state per instruction.

    ``entry_states`` maps entry indexes to their initial state (default:
    nothing dependent).
    """
    solver = Solver(isa, program, heads, summaries or {}, entry_states or {})
    solver.run()
    return solver.states


# ------------------------------------------------------- interprocedural

def owner(insn: Insn) -> str | None:
    """The function an instruction belongs to (``f.cold`` belongs to f)."""
    return _COLD.sub("", insn.function) if insn.function else None


@dataclass
class CallGraph:
    """Exits of each function and the call sites of each callee."""

    exits: dict[str, list[int]]       # returns and tail-call instructions
    calls: dict[str, list[int]]       # direct calls of the callee
    tails: dict[str, list[int]]       # tail calls of the callee

    @classmethod
    def of(cls, isa: Isa, program: Program) -> "CallGraph":
        """Collect the call graph of a program."""
        graph = cls({name: [] for name in program.functions},
                    {name: [] for name in program.functions},
                    {name: [] for name in program.functions})
        for insn in program.insns:
            name, target = owner(insn), isa.call_target(insn)
            tail = isa.is_tail_exit(insn, program)
            if name in graph.exits and (isa.is_return(insn) or tail):
                graph.exits[name].append(insn.index)
            if target in program.functions:
                if isa.is_call(insn):
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


def compute_clobbers(isa: Isa, program: Program) -> dict[str, frozenset[str]]:
    """The registers a direct call of each bound function may change.

    A function's own writes (``Isa.writes`` of each of its instructions,
    ``.cold`` parts included), joined with its bound callees' (direct calls
    and tail calls), as a least fixpoint over the call graph; an indirect
    call or branch, a call or tail call of anything not bound, or an
    instruction of unknown writes makes it clobber every caller-saved
    register.  The result keeps the caller-saved registers only (the ABI
    has the callee restore the others) and adds ``Isa.call_fixed``.
    Without ``Isa.writes`` no function gets clobbers: every call keeps the
    ABI rule.
    """
    if isa.writes is None:
        return {}
    everything = frozenset(isa.call_clobbered)
    bound = {name for name in program.bound if name in program.functions}
    own: dict[str, set[str]] = {name: set() for name in bound}
    callees: dict[str, set[str]] = {name: set() for name in bound}
    for insn in program.insns:
        name = owner(insn)
        if name not in own:
            continue
        if isa.is_call(insn) or isa.is_tail_exit(insn, program):
            target = bound_target(isa, insn)
            if target in bound:
                callees[name].add(target)
            else:
                own[name] |= everything
        written = isa.writes(insn)
        own[name] |= everything if written is None else written
    clobbers = {name: set(regs) for name, regs in own.items()}
    changed = True
    while changed:
        changed = False
        for name in sorted(bound):
            new = clobbers[name].union(*(clobbers[c] for c in callees[name]))
            if new != clobbers[name]:
                clobbers[name] = new
                changed = True
    fixed = frozenset(isa.call_fixed)
    return {name: frozenset(regs & everything) | fixed
            for name, regs in clobbers.items()}


def _summary_of(name: str, graph: CallGraph, solver: Solver):
    """Meet of the result over the reached exits of one function (None:
    none)."""
    isa = solver.isa
    result: Value | None = None
    for index in graph.exits[name]:
        state = solver.states[index]
        if state is None:
            continue
        insn = solver.program.insns[index]
        value = (state.val(isa.result) if isa.is_return(insn)
                 else call_result(isa, insn, state, solver.summaries))
        result = value if result is None else vmeet(result, value)
    return result


def compute_summaries(isa: Isa, program: Program, heads: set[int],
                      graph: CallGraph | None = None):
    """Greatest fixpoint of the return-value summaries.

    Each function starts with the top summary (every source at ``DATA``);
    functions without a reachable return or tail call get None (callers
    apply the generic rule), ``.weak`` ones get no summary at all.  If the
    bound is hit, every summary is None, i.e. the generic rule everywhere.
    The :class:`Summaries` returned carry the file's call clobbers
    (:func:`compute_clobbers`), which the analysis uses as well.
    """
    graph = graph or CallGraph.of(isa, program)
    sources = isa.arg_sources
    top = {HEAD_SOURCE: DATA, **{src: DATA for src in sources.values()}}
    summarized = set(program.functions) - program.weak
    clobbers = compute_clobbers(isa, program)
    summaries = Summaries({name: dict(top) for name in summarized}, clobbers)
    entry = State({reg: {src: DATA} for reg, src in sources.items()}, {})
    solver = Solver(isa, program, heads, summaries,
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
    return Summaries({name: None for name in summarized}, clobbers)


def _taint_at_sites(callee: str, graph: CallGraph,
                    solver: Solver) -> dict[str, int]:
    """Weakest level of each argument register over the reached sites."""
    levels: dict[str, int] | None = None
    for index in graph.sites(callee):
        state = solver.states[index]
        if state is None:
            continue
        here = {reg: state.level(reg) for reg in solver.isa.arguments}
        levels = here if levels is None else {
            reg: min(level, levels[reg]) for reg, level in here.items()}
    return {reg: level for reg, level in (levels or {}).items() if level}


def compute_entry_taint(isa: Isa, program: Program, heads: set[int],
                        summaries, graph: CallGraph | None = None):
    """Greatest fixpoint of the incoming argument taint of local functions.

    A local function (all call sites in this file) starts with every
    argument register dependent; each round sets each argument to its
    weakest level over the reachable call sites.  Returns (taint, states)
    where states are the final per-instruction states.  If the bound is hit,
    no function gets an incoming taint.
    """
    graph = graph or CallGraph.of(isa, program)
    callees = {name for name in program.local if graph.sites(name)}
    taint = {name: {reg: DATA for reg in isa.arguments} for name in callees}
    solver = Solver(isa, program, heads, summaries,
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
    return {}, solve(isa, program, heads, {}, summaries)


# ------------------------------------------------------- moved head loads

def moved_heads(program: Program, head_lines, is_head_load) -> list[int]:
    """Head loads GCC attributed to another line.

    On powerpc64le and riscv64, GCC 12 at times gives an inlined
    ``rcu_dereference()`` no instruction of its own: its ``.loc``s are
    empty and its load carries the line of the statement that uses it
    (``if (c == 3)``, a getter's closing brace).  For a head line with no
    load of its own, the head is then the first load (``is_head_load``:
    no frame access) at or after the first of the line's ``.loc``s, in the
    same function.  Only ppc64le.py and riscv64.py use this; tests list the
    cases where it applies (tests/test_asmcheck_targets.py)."""
    insns = program.insns
    out = []
    for line in sorted(head_lines):
        if any(insn.line == line and is_head_load(insn) for insn in insns):
            continue
        starts = program.loc_next.get(line, [])
        if not starts:
            continue
        start = min(starts)
        function = insns[start].function
        for insn in insns[start:]:
            if insn.function != function:
                break
            if is_head_load(insn):
                out.append(insn.index)
                break
    return out


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


def compile_to_asm(c_path, cc: str, opt: str = "-O2", extra=()) -> str:
    """Compile ``c_path`` with ``-S -g`` and return the assembly text."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.s"
        proc = subprocess.run(
            [cc, "-S", "-g", opt, *extra, "-o", str(out), str(c_path)],
            capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise CompileError(proc.stderr)
        return out.read_text()


def result(heads, acquire, deps, summaries, taint) -> Result:
    """The verdicts on the accesses of each dep line.  Stack-slot accesses
    (spills and reloads) neither break a line nor keep it from vanishing."""
    real = {line: [a for a in accesses if not a.stack]
            for line, accesses in deps.items()}
    return Result(
        heads=heads,
        acquire=acquire,
        deps=deps,
        broken_lines={line for line, accesses in real.items()
                      if any(not a.dependent for a in accesses)},
        vanished_lines={line for line, accesses in real.items()
                        if not accesses},
        summaries=summaries,
        entry_taint=taint)


def compile_and_analyze(analyze, c_path, cc, opt, extra) -> Result:
    """Compile a C file and analyze it with a target's ``analyze``, using
    its rcu:head/rcu:dep comments."""
    heads, deps = annotations(Path(c_path).read_text())
    asm = compile_to_asm(c_path, cc, opt, extra)
    return analyze(asm, os.path.basename(str(c_path)), heads, deps)


def analyze_program(isa: Isa, program: Program, head_lines, dep_lines, *,
                    is_load, is_head_load, is_memory_access, classify,
                    is_acquire_load) -> Result:
    """Check every memory access on ``dep_lines`` against the head loads on
    ``head_lines`` (and the loads GCC moved past them): the analysis a
    target's checker runs with its own instruction predicates."""
    heads = [insn for insn in program.insns
             if insn.line in head_lines and is_load(insn)]
    moved = set(moved_heads(program, head_lines, is_head_load))
    heads += [program.insns[i] for i in sorted(moved)]
    head_set = {insn.index for insn in heads}
    graph = CallGraph.of(isa, program)
    summaries = compute_summaries(isa, program, head_set, graph)
    taint, states = compute_entry_taint(isa, program, head_set, summaries, graph)
    deps: dict = {line: [] for line in sorted(dep_lines)}
    for insn in program.insns:
        if (insn.line in deps and is_memory_access(insn)
                and insn.index not in moved):
            deps[insn.line].append(classify(insn, states[insn.index]))
    acquire = bool(heads) and all(
        is_acquire_load(program, insn.index) for insn in heads)
    return result(heads, acquire, deps, summaries, taint)
