"""Decide from x86-64 assembly whether RCU address dependencies survived.

The input is what ``gcc -S -g -O<n>`` writes for x86-64 (AT&T syntax).  The
model is the one of ``aarch64.py``: instructions are attributed to source
lines through ``.loc``; loads on *head* lines define dependent values; a
forward MUST data-flow over a CFG built from labels and branches decides,
for every memory access on a *dep* line, whether its address still carries
a head's value, at one of the levels of ``dataflow.py`` (``DATA``,
``CALL``, ``FLAGS``, ``NONE``); the interprocedural summaries and incoming
argument taints are computed within the file, with the System V ABI.

The x86-64 rules:

- Registers: the 64/32/16/8-bit names of one register (``%rax``, ``%eax``,
  ``%ax``, ``%al``, ``%ah``; ``%r8`` .. ``%r8d``/``%r8w``/``%r8b``) are one
  value.  Writing a 32-bit register zero-extends: it replaces the whole
  value.  Writing an 8- or 16-bit register keeps the other bits: the new
  value joins the old one.  ``%xmmN``/``%ymmN``/``%zmmN`` are one value;
  the scalar SSE instructions that keep the rest of the destination
  (``movss``/``movsd`` between registers, ``cvtsi2sd`` ...) join it.
- Operands are AT&T: sources first, destination last.  Two-operand
  arithmetic (``add``, ``and``, ``shl``, ``imul``, ...) reads its
  destination; moves (``mov``, ``movz``/``movs``, ``lea``, ``set``cc,
  ``pop``, conversions, three-operand VEX/BMI forms) do not.
- Memory operands ``seg:disp(base,index,scale)``: the address is the join
  of base and index; ``sym(%rip)``, an absolute address and a segment base
  alone (``%fs:40``) are constant addresses.  Every instruction with a
  memory operand is an access (``addl 8(%rax), %edx``, ``movq %rax,
  (%rdx)``, ``incl (%rax)``, ``cmpq $0, 8(%rdi)``, ``cmove``, ``xchg``,
  ``lock cmpxchg``, ``call *8(%rax)``, the string instructions through
  ``%rsi``/``%rdi``), except ``lea``, ``nop`` and prefetches.  A value read
  from memory derives from the address it was read from ("chain of
  pointers"), from the head if the instruction is a head load, or from the
  stack slot it reloads.
- Flags (one value, ``flags``): written by ``cmp``, ``test``, ``bt`` (the
  join of their operands) and by arithmetic (its result; ``inc``/``dec``
  keep CF, so their flags join the old ones); read by ``set``cc,
  ``cmov``cc, ``adc``, ``sbb``, ``rcl``, ``rcr``, whose result joins the
  flags' value capped at ``FLAGS``.  ``xor %r, %r``, ``sub %r, %r`` (and
  ``pxor``/``xorps`` of a register with itself, ``and $0``, ``or $-1``) make
  a constant; ``sbb %r, %r`` makes a value of the flags only.
- Control flow: ``jmp``, ``j``cc, ``jrcxz``, ``loop``; ``ret``, ``ud2`` and
  ``hlt`` end a path; ``call`` returns to the next instruction; a ``jmp``
  (or ``j``cc) to a function symbol or to a symbol that is no label of the
  file is a tail call.  An indirect ``jmp *...`` (``notrack`` or not) in a
  function that takes the address of some of its own labels (jump tables
  ``.long .L5-.L4``/``.quad .L5``, computed gotos) may go to each of those
  labels; an indirect ``jmp`` in a function that takes none is a tail call
  through a pointer (generic call rule, no successor).
- Calls (System V): arguments ``%rdi``, ``%rsi``, ``%rdx``, ``%rcx``,
  ``%r8``, ``%r9``; result ``%rax``; a call clobbers ``%rax``, ``%rcx``,
  ``%rdx``, ``%rsi``, ``%rdi``, ``%r8`` .. ``%r11``, the flags and every
  vector register, and the red zone below ``%rsp``; but a direct call of
  a function of the file that binds locally (GCC 12's IPA-RA, seen at
  -O2 on static callees, and on global ones unless -fPIC: see
  ``gas.Parser.bound``) clobbers only the registers of that list it and
  its callees write (:func:`written_registers`,
  :func:`dataflow.compute_clobbers`), and the red zone.
- Stack slots: accesses through ``%rsp`` or ``%rbp`` (when they carry no
  head value) with a numeric offset; ``push``/``pop`` and ``add``/``sub``
  of an immediate to ``%rsp`` rebase the ``%rsp`` slots, any other write of
  ``%rsp`` (``leave``, ``and $-16``) forgets them; a write of ``%rbp``
  forgets the ``%rbp`` slots.

Every x86-64 load is an acquire (x86-TSO: loads are not reordered with
other loads, nor stores with older loads; Intel SDM vol. 3A, 9.2.2), so
``Result.acquire`` is true whenever a head was found.

This module is deliberately independent of the GCC plugin it checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import dataflow, gas
from .dataflow import (  # noqa: F401 (part of this module's interface)
    CALL, DATA, FLAGS, HEAD_SOURCE, NONE, Access, CallGraph,
    Insn, Isa, Program, Result, State, Value, annotations, error_pointer,
    strength, vcap, vjoin, vmeet)
from .gas import IDENT, Parser

DEFAULT_CC = "gcc"
FLAGS_REG = "flags"
STACK_BASES = ("rsp", "rbp")

_CC = ("o|no|b|c|nae|ae|nb|nc|e|z|ne|nz|be|na|a|nbe|s|ns|p|pe|np|po"
       "|l|nge|ge|nl|le|ng|g|nle")
_JCC = re.compile(rf"^j({_CC})$")
_SETCC = re.compile(rf"^set({_CC})b?$")
_CMOVCC = re.compile(rf"^cmov({_CC})[wlq]?$")
_PREFIXES = {"lock", "rep", "repe", "repz", "repne", "repnz", "notrack",
             "bnd", "data16", "addr32", "rex64", "xacquire", "xrelease",
             "cs", "ds"}
_MEMORY = re.compile(
    r"^(?:%(?P<seg>[c-gs]s):)?(?P<disp>[^(]*)"
    r"(?:\((?P<base>%\w+)?(?:,(?P<index>%\w+)?(?:,(?P<scale>\d+))?)?\))?$")
_MOVE_EXTEND = re.compile(r"^mov(z|s)(b|w|l)(w|l|q)$|^mov(z|s)x[bwl]?$"
                          r"|^movsxd$")
_STRING = re.compile(r"^()(movs|stos|lods|cmps|scas)([bwlqd]?)$")
_SUFFIX_SIZE = {"b": 1, "w": 2, "l": 4, "d": 4, "q": 8}

_GPR_NAMES = {
    "rax": ("eax", "ax", "al", "ah"), "rbx": ("ebx", "bx", "bl", "bh"),
    "rcx": ("ecx", "cx", "cl", "ch"), "rdx": ("edx", "dx", "dl", "dh"),
    "rsi": ("esi", "si", "sil", None), "rdi": ("edi", "di", "dil", None),
    "rbp": ("ebp", "bp", "bpl", None), "rsp": ("esp", "sp", "spl", None),
    **{f"r{n}": (f"r{n}d", f"r{n}w", f"r{n}b", None) for n in range(8, 16)},
}


def _register_table() -> dict[str, tuple[str, int]]:
    """Every register name -> (canonical register, width in bytes)."""
    table = {}
    for full, (r32, r16, r8, high) in _GPR_NAMES.items():
        table.update({full: (full, 8), r32: (full, 4), r16: (full, 2),
                      r8: (full, 1)})
        if high:
            table[high] = (full, 1)
        if full[1:].isdigit():
            table[f"{full}l"] = (full, 1)
    for n in range(32):
        table.update({f"xmm{n}": (f"xmm{n}", 16), f"ymm{n}": (f"xmm{n}", 32),
                      f"zmm{n}": (f"xmm{n}", 64)})
    table.update({f"mm{n}": (f"mm{n}", 8) for n in range(8)})
    table.update({f"k{n}": (f"k{n}", 8) for n in range(8)})
    table.update({"rip": ("rip", 8), "eip": ("rip", 4)})
    return table


_REGISTERS = _register_table()
_HIGH_BYTES = {"ah", "bh", "ch", "dh"}
_PARTS = (".8", ".16")       # keys of the low parts of a register
_PART_MARK = "="             # a source at level NONE: keeps a part present
_ARGUMENTS = ("rdi", "rsi", "rdx", "rcx", "r8", "r9")
_CALL_CLOBBERED = (["rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10",
                    "r11", FLAGS_REG]
                   + [f"xmm{n}" for n in range(32)]
                   + [f"mm{n}" for n in range(8)]
                   + [f"k{n}" for n in range(8)] + ["st"])

# Mnemonic stems (size suffix removed) by what they do.
_EXITS = {"ret", "retq", "retl", "ud2", "hlt", "sysret", "iret", "iretq"}
_RETURNS = {"ret", "retq", "retl"}
_COND_JUMPS = {"jcxz", "jecxz", "jrcxz", "loop", "loope", "loopne", "loopz",
               "loopnz"}
_NO_EFFECT = {"nop", "endbr64", "endbr32", "pause", "mfence", "lfence",
              "sfence", "prefetch", "prefetcht0", "prefetcht1",
              "prefetcht2", "prefetchnta", "prefetchw", "clflush",
              "clflushopt", "clwb", "int3", "vzeroupper", "emms", "cld",
              "std"}
_NOT_ACCESSES = {"lea", "nop", "prefetch", "prefetcht0", "prefetcht1",
                 "prefetcht2", "prefetchnta", "prefetchw", "clflush",
                 "clflushopt", "clwb"}
_COMPARES = {"cmp", "test", "bt", "comiss", "comisd", "ucomiss", "ucomisd",
             "vcomiss", "vcomisd", "vucomiss", "vucomisd", "ptest",
             "vptest"}
_FLAG_SETTERS = {"add", "sub", "and", "or", "xor", "adc", "sbb", "neg",
                 "shl", "sal", "shr", "sar", "rol", "ror", "rcl", "rcr",
                 "shld", "shrd", "imul", "mul", "bts", "btr", "btc", "bsf",
                 "bsr", "lzcnt", "tzcnt", "popcnt", "andn", "bextr", "blsi",
                 "blsr", "blsmsk", "bzhi", "xadd"}
_FLAG_KEEPERS = {"inc", "dec"}          # set flags but keep CF
_FLAG_READERS = {"adc", "sbb", "rcl", "rcr"}
_FLAG_CLOBBERS = {"div", "idiv"}         # flags undefined afterwards
# Writes its last operand without reading it.
_PURE_DEFS = {
    "mov", "movabs", "movd", "movq", "lea", "pop", "bsf", "bsr", "lzcnt",
    "tzcnt", "popcnt", "andn", "bextr", "blsi", "blsr", "blsmsk", "bzhi",
    "pdep", "pext", "sarx", "shlx", "shrx", "rorx", "movaps", "movups",
    "movapd", "movupd", "movdqa", "movdqu", "movdqa64", "movnti",
    "movntdq", "movntps", "cvttsd2si", "cvtsd2si", "cvttss2si", "cvtss2si",
    "pmovmskb", "movmskps", "movmskpd", "pshufd", "pextrb", "pextrw",
    "pextrd", "pextrq", "movbe",
}
# SSE scalar forms that keep the rest of an xmm destination.
_VECTOR_MERGES = {"movss", "movsd", "cvtsi2sd", "cvtsi2ss", "cvtsi2sdl",
                  "cvtsi2sdq", "cvtsi2ssl", "cvtsi2ssq", "cvtss2sd",
                  "cvtsd2ss", "sqrtsd", "sqrtss", "roundsd", "roundss",
                  "pinsrb", "pinsrw", "pinsrd", "pinsrq", "movlps",
                  "movhps", "movlpd", "movhpd", "insertps"}
_SPECIAL = {"xchg", "cmpxchg", "cmpxchg8b", "cmpxchg16b", "not", "bswap",
            "push", "pop", "call", "jmp", "cqto", "cltd", "cwtd", "cltq",
            "cwtl", "cbtw", "movs", "stos", "lods", "cmps", "scas", "leave",
            "enter", "rdtsc", "rdtscp", "cpuid", "rdrand", "rdseed"}
_STEMS = (_FLAG_SETTERS | _FLAG_KEEPERS | _COMPARES | _PURE_DEFS
          | _FLAG_CLOBBERS | _VECTOR_MERGES | _NO_EFFECT | _NOT_ACCESSES
          | _SPECIAL)
_SELF_ZERO = {"xor", "sub", "pxor", "xorps", "xorpd", "vpxor", "vxorps",
              "vxorpd", "vpxord", "vpxorq", "psubb", "psubw", "psubd",
              "psubq"}


@dataclass(frozen=True)
class MemRef:
    """A memory operand ``seg:disp(base,index,scale)``.

    ``position`` is the operand's index (None for the implicit operands of
    push/pop and string instructions); ``base``/``index`` canonical
    registers or None (``rip`` for PC-relative); ``offset`` the
    displacement if it is a plain number, else None; ``reads``/``writes``
    whether the instruction reads/writes that memory; ``size`` the bytes
    accessed (for stack slots); ``implicit_stack``: a push or pop.
    """

    position: int | None
    base: str | None
    index: str | None
    offset: int | None
    reads: bool
    writes: bool
    size: int = 8
    segment: str | None = None
    implicit_stack: bool = False


# --------------------------------------------------------------- operands

def split_operands(text: str) -> list[str]:
    """Split an operand string at top-level commas (not inside ())."""
    return gas.split_operands(text, "(", ")")


def register(operand: str) -> tuple[str | None, int]:
    """Canonical register of ``%name`` (``*%name`` too) and its width.

    The 8-, 16-, 32- and 64-bit names of a general register map to its
    64-bit name, vector registers to ``xmmN``; ``%st(N)`` to ``st``.
    Non-registers map to (None, 0)."""
    operand = operand.strip().lstrip("*").lower()
    if not operand.startswith("%"):
        return None, 0
    name = operand[1:]
    if name.startswith("st"):
        return "st", 10
    return _REGISTERS.get(name, (name, 8))


def is_high_byte(operand: str) -> bool:
    """``%ah``, ``%bh``, ``%ch``, ``%dh``."""
    return operand.strip().lstrip("*%").lower() in _HIGH_BYTES


def is_register(operand: str) -> bool:
    """``%reg`` (not a segment-prefixed memory operand)."""
    return operand.startswith("%") and ":" not in operand


def is_immediate(operand: str) -> bool:
    """``$imm`` or ``$symbol``."""
    return operand.startswith("$")


def immediate(operand: str) -> int | None:
    """Integer value of ``$16`` / ``$-1`` / ``$0x10``, else None."""
    try:
        return int(operand.strip().lstrip("$"), 0)
    except ValueError:
        return None


def stem(mnemonic: str) -> str:
    """The mnemonic without its size suffix, if it is a known stem."""
    if mnemonic in _STEMS:
        return mnemonic
    if mnemonic[-1:] in ("b", "w", "l", "q") and mnemonic[:-1] in _STEMS:
        return mnemonic[:-1]
    return mnemonic


def memory_operand(operand: str) -> re.Match | None:
    """Parse a memory operand (``*`` of an indirect branch removed)."""
    operand = operand.strip().lstrip("*")
    if not operand or is_register(operand) or is_immediate(operand):
        return None
    return _MEMORY.match(operand)


def _offset(disp: str) -> int | None:
    """A numeric displacement (empty: 0), else None."""
    disp = disp.strip()
    if not disp:
        return 0
    try:
        return int(disp, 0)
    except ValueError:
        return None


def _data_size(insn: Insn, mem_position: int) -> int:
    """Bytes a load/store moves, for stack slots."""
    mnemonic, ops = insn.mnemonic, insn.operands
    match = _MOVE_EXTEND.match(mnemonic)
    if match and match.group(2):
        return _SUFFIX_SIZE[match.group(2)]
    fixed = {"movss": 4, "movd": 4, "movsd": 8, "movq": 8, "movlps": 8,
             "movhps": 8, "movlpd": 8, "movhpd": 8, "vmovss": 4,
             "vmovsd": 8, "vmovd": 4, "vmovq": 8}
    if mnemonic in fixed:
        return fixed[mnemonic]
    widths = [register(op)[1] for i, op in enumerate(ops)
              if i != mem_position and is_register(op)]
    if widths:
        return widths[-1]
    return _SUFFIX_SIZE.get(mnemonic[-1:], 8)


# ------------------------------------------------------- classification

def is_call(mnemonic: str) -> bool:
    """``call``/``callq``."""
    return mnemonic in ("call", "callq")


def is_jump(mnemonic: str) -> bool:
    """``jmp``/``jmpq``."""
    return mnemonic in ("jmp", "jmpq")


def is_conditional_branch(mnemonic: str) -> bool:
    """jcc, jrcxz and the loop instructions."""
    return bool(_JCC.match(mnemonic)) or mnemonic in _COND_JUMPS


def is_control(mnemonic: str) -> bool:
    """True for branches, calls and returns."""
    return (is_jump(mnemonic) or is_call(mnemonic) or mnemonic in _EXITS
            or is_conditional_branch(mnemonic))


def is_string(insn: Insn) -> bool:
    """movs/stos/lods/cmps/scas without explicit operands (the SSE
    ``movsd``/``cmpsd`` always have operands)."""
    return (not insn.operands or all(
        op.startswith(("(%", "%es:(%", "%ds:(%")) for op in insn.operands)) \
        and bool(_STRING.match(insn.mnemonic))


def is_indirect(insn: Insn) -> bool:
    """An indirect ``jmp``/``call`` (``*%rax``, ``*8(%rax)``)."""
    return bool(insn.operands) and insn.operands[0].startswith("*")


def call_target(insn: Insn) -> str | None:
    """Symbol named by a direct call or (conditional) jump, else None.

    ``f@PLT`` names f."""
    mnemonic = insn.mnemonic
    if not (is_call(mnemonic) or is_jump(mnemonic)
            or is_conditional_branch(mnemonic)) or not insn.operands:
        return None
    if is_indirect(insn):
        return None
    name = insn.operands[-1].split("@")[0]
    return name if IDENT.fullmatch(name) else None


def _string_refs(insn: Insn) -> list[MemRef]:
    """Implicit memory operands of a string instruction."""
    match = _STRING.match(insn.mnemonic)
    kind, size = match.group(2), _SUFFIX_SIZE.get(match.group(3), 8)
    src = MemRef(None, "rsi", None, 0, True, False, size)
    dst_read = MemRef(None, "rdi", None, 0, True, False, size)
    dst_write = MemRef(None, "rdi", None, 0, False, True, size)
    return {"movs": [src, dst_write], "stos": [dst_write], "lods": [src],
            "cmps": [src, dst_read], "scas": [dst_read]}[kind]


def memrefs(insn: Insn) -> list[MemRef]:
    """Every memory operand of an instruction, explicit or implicit.

    The implicit stack accesses of push and pop are included (marked
    ``implicit_stack``); those of call and ret are not."""
    mnemonic, ops = insn.mnemonic, insn.operands
    base = stem(mnemonic)
    if mnemonic in _NOT_ACCESSES or base in _NOT_ACCESSES:
        return []
    if is_string(insn):
        return _string_refs(insn)
    refs = []
    branch = is_control(mnemonic)
    for position, operand in enumerate(ops):
        if branch and not operand.startswith("*"):
            continue
        match = memory_operand(operand)
        if match is None:
            continue
        last = position == len(ops) - 1
        reads = not (last and (base in _PURE_DEFS or _SETCC.match(mnemonic)
                               or base == "pop"))
        if _MOVE_EXTEND.match(mnemonic) or _CMOVCC.match(mnemonic):
            reads = True
        writes = last and not (base in _COMPARES or branch or base == "push"
                               or _CMOVCC.match(mnemonic)
                               or mnemonic.startswith("cmps"))
        if base in ("xchg", "xadd"):
            writes = True
        refs.append(MemRef(
            position, register(match.group("base") or "")[0],
            register(match.group("index") or "")[0],
            _offset(match.group("disp")), reads, writes,
            _data_size(insn, position), match.group("seg")))
    if base == "push":
        refs.append(MemRef(None, "rsp", None, -8, False, True, 8,
                           implicit_stack=True))
    elif base == "pop":
        refs.append(MemRef(None, "rsp", None, 0, True, False, 8,
                           implicit_stack=True))
    return refs


def is_memory_access(insn: Insn) -> bool:
    """True for instructions that read or write memory (not lea, nop or
    prefetches; call and ret are not, except ``call *mem``)."""
    return bool(memrefs(insn))


def is_load(insn: Insn) -> bool:
    """True for instructions that read memory."""
    return any(ref.reads for ref in memrefs(insn))


def is_acquire(insn: Insn) -> bool:
    """Every x86-64 load is an acquire (x86-TSO)."""
    return is_load(insn)


# ---------------------------------------------------------------- parsing

class _Parser(Parser):
    """Turn x86-64 AT&T assembly into instructions and a CFG."""

    comment = "#"

    def __init__(self, source_basename: str):
        super().__init__(source_basename)
        self.prefixes: list[str] = []

    def statement(self, text: str) -> None:
        """Consume one statement; ``lock; cmpxchg`` is one instruction."""
        words = text.split()
        if words and all(w.lower() in _PREFIXES for w in words):
            self.prefixes += [w.lower() for w in words]
        else:
            super().statement(text)

    def decode(self, text: str) -> tuple[str, tuple[str, ...]]:
        """Mnemonic and operands; prefixes are kept for the text."""
        words = text.replace("\t", " ").split(" ")
        words = [w for w in words if w]
        while len(words) > 1 and words[0].lower() in _PREFIXES:
            self.prefixes.append(words.pop(0).lower())
        rest = " ".join(words[1:])
        return words[0].lower(), tuple(split_operands(rest))

    def canonical(self, mnemonic: str, operands: tuple[str, ...]) -> str:
        """``rep stosq``, ``lock cmpxchgq %rdx, (%rdi)``."""
        text = " ".join([*self.prefixes, mnemonic])
        self.prefixes = []
        return f"{text} {', '.join(operands)}".strip()

    def is_control(self, mnemonic: str) -> bool:
        """Branches, calls and returns."""
        return is_control(mnemonic)

    def dispatch_targets(self, insn: Insn) -> list[int]:
        """Labels of the function of ``insn`` whose address is taken."""
        name = dataflow.owner(insn)
        return sorted({index for label, index in self.labels.items()
                       if label in self.address_taken
                       and not self.is_function(label)
                       and dataflow.owner(self.insns[index]) == name})

    def successors(self, insn: Insn) -> list[int]:
        """CFG successors of one instruction.

        A jump to a function symbol or to a symbol that is no label is a
        tail call: it leaves the function and has no edge into the callee.
        """
        mnemonic = insn.mnemonic
        fall = self.next_in_section.get(insn.index)
        if mnemonic in _EXITS:
            return []
        if is_jump(mnemonic) and is_indirect(insn):
            return self.dispatch_targets(insn)
        target = None
        if is_jump(mnemonic) or is_conditional_branch(mnemonic):
            name = call_target(insn)
            if name is not None and not self.is_function(name):
                target = self.labels.get(name)
        if is_jump(mnemonic):
            return [target] if target is not None else []
        if is_conditional_branch(mnemonic):
            return [i for i in (fall, target) if i is not None]
        return [fall] if fall is not None else []



def parse(asm_text: str, source_basename: str) -> Program:
    """Parse assembly into a :class:`Program`."""
    return _Parser(source_basename).parse(asm_text)


# --------------------------------------------------------------- transfer

def is_stack_slot(state: State, ref: MemRef) -> bool:
    """A frame access: rsp/rbp base, untainted, no index register."""
    return (ref.base in STACK_BASES and ref.index is None
            and ref.segment is None and not state.val(ref.base))


def address_value(state: State, ref: MemRef) -> Value:
    """Value of the address (base and index registers)."""
    return vjoin(state.val(ref.base), state.val(ref.index))


def address_level(state: State, ref: MemRef) -> int:
    """Dependency level of the address (base and index registers)."""
    return strength(address_value(state, ref))


def read_memory(state: State, ref: MemRef, head: bool) -> Value:
    """The value an instruction reads through ``ref``."""
    if head:
        return {HEAD_SOURCE: DATA}
    if is_stack_slot(state, ref) and ref.offset is not None:
        return dataflow.load_slot(state, ref.base, ref.offset, ref.size)
    return address_value(state, ref)


def write_memory(state: State, ref: MemRef, value: Value) -> None:
    """A store through ``ref``: only stack slots are tracked."""
    if not is_stack_slot(state, ref):
        return
    if ref.offset is None:
        dataflow.clear_slots(state, ref.base)
    else:
        dataflow.store_slot(state, ref.base, ref.offset, ref.size, value)


def adjust_rsp(state: State, delta: int | None) -> None:
    """Rebase rsp-relative slots after ``rsp += delta`` (None: unknown)."""
    dataflow.rebase_slots(state, "rsp", delta)


def define(state: State, reg: str | None, value: Value) -> None:
    """A full write of ``reg`` (its low parts are the same value)."""
    state.set(reg, value)
    if reg is not None:
        for part in _PARTS:
            state.regs.pop(reg + part, None)


def low_part(state: State, reg: str, part: str) -> Value:
    """Value of the low 8 or 16 bits of a general register: recorded by
    the last partial write, else the register's value."""
    return state.regs.get(reg + part, state.val(reg))


def set_part(state: State, reg: str, part: str, value: Value) -> None:
    """Record the value of a low part; the marker keeps it present even
    when it is independent ("absent" means: the register's value)."""
    state.regs[reg + part] = {**value, _PART_MARK: NONE}


def set_register(state: State, operand: str, value: Value,
                 merge: bool = False) -> None:
    """Write a register operand.

    32/64-bit writes replace the whole value.  8/16-bit writes keep the
    rest of the register: its value joins the new one, while the part
    written (``%dl``, ``%dx``) holds the new value alone, so that reading
    it back (``movzbl %dl, %edx`` after ``setne %dl``) sees only what was
    written.  ``%ah``..``%dh`` join the low 16 bits.
    """
    reg, width = register(operand)
    if reg is None:
        return
    if reg == "rsp":
        adjust_rsp(state, None)
    elif reg == "rbp":
        dataflow.clear_slots(state, "rbp")
    if merge:
        value = vjoin(value, state.val(reg))
    if width not in (1, 2) or reg not in _GPR_NAMES:
        define(state, reg, value)
        return
    low8, low16 = low_part(state, reg, ".8"), low_part(state, reg, ".16")
    whole = vjoin(value, state.val(reg))
    state.set(reg, whole)
    if width == 2:
        set_part(state, reg, ".16", value)
        set_part(state, reg, ".8", value)
    elif is_high_byte(operand):
        set_part(state, reg, ".16", vjoin(value, low16))
        set_part(state, reg, ".8", low8)
    else:
        set_part(state, reg, ".16", vjoin(value, low16))
        set_part(state, reg, ".8", value)


def read_register(state: State, operand: str) -> Value:
    """Value of a register operand (a low part reads what was written to
    it; ``%ah``..``%dh`` read the low 16 bits)."""
    reg, width = register(operand)
    if reg is None:
        return {}
    if reg in _GPR_NAMES and width in (1, 2):
        part = ".8" if width == 1 and not is_high_byte(operand) else ".16"
        return vjoin(low_part(state, reg, part))
    return state.val(reg)


def operand_value(state: State, insn: Insn, position: int,
                  refs: dict[int, MemRef], head: bool) -> Value:
    """The value an operand provides as a source."""
    operand = insn.operands[position]
    if position in refs:
        return read_memory(state, refs[position], head)
    if is_register(operand.lstrip("*")):
        return read_register(state, operand)
    return {}


def flags_value(state: State) -> Value:
    """The flags as read by setcc/cmovcc/adc/sbb: capped at FLAGS."""
    return vcap(state.val(FLAGS_REG), FLAGS)


def _rsp_delta(insn: Insn) -> int | None:
    """``addq $N, %rsp`` / ``subq $N, %rsp``: the change of rsp."""
    base = stem(insn.mnemonic)
    if (base in ("add", "sub") and len(insn.operands) == 2
            and register(insn.operands[1])[0] == "rsp"):
        amount = immediate(insn.operands[0])
        if amount is not None:
            return amount if base == "add" else -amount
    return None


def same_registers(insn: Insn) -> bool:
    """Two or more operands, all the same register (``xor %eax, %eax``)."""
    ops = insn.operands
    return (len(ops) >= 2 and all(is_register(op) for op in ops)
            and len({register(op)[0] for op in ops}) == 1)


def is_constant_idiom(insn: Insn) -> bool:
    """``xor %r, %r``, ``sub %r, %r``, ``and $0, ...``, ``or $-1, ...``."""
    base, ops = stem(insn.mnemonic), insn.operands
    if base in _SELF_ZERO and same_registers(insn):
        return True
    if base in ("and", "or") and len(ops) == 2:
        return immediate(ops[0]) == (0 if base == "and" else -1)
    return False


def transfer_call(insn: Insn, state: State, summaries) -> None:
    """call: clobber caller-saved state (a bound callee's clobbers only,
    see :func:`dataflow.compute_clobbers`) and the red zone; rax is the
    call's result."""
    result = dataflow.call_result(ISA, insn, state, summaries)
    for reg in dataflow.call_clobbers(ISA, insn, summaries):
        define(state, reg, {})
    state.slots = {k: v for k, v in state.slots.items()
                   if k[0] != "rsp" or k[1] >= 0}
    define(state, "rax", result)


def transfer_string(insn: Insn, state: State, head: bool) -> None:
    """movs/stos/lods/cmps/scas, with or without a rep prefix.

    rsi/rdi keep their values (and, under rep, join rcx, the count, which
    becomes zero); lods defines rax from memory; cmps/scas set the flags.
    """
    refs = _string_refs(insn)
    kind = _STRING.match(insn.mnemonic).group(2)
    read = vjoin(*(read_memory(state, ref, head) for ref in refs
                   if ref.reads))
    for ref in refs:
        if ref.writes:
            value = read if kind == "movs" else state.val("rax")
            write_memory(state, ref, value)
    if kind == "lods":
        define(state, "rax", vjoin(read, state.val("rax")))
    if kind in ("cmps", "scas"):
        define(state, FLAGS_REG, vjoin(read, state.val("rax")
                                   if kind == "scas" else {}))
    if insn.text.startswith("rep"):
        count = state.val("rcx")
        for reg in {"movs": ("rsi", "rdi"), "stos": ("rdi",),
                    "lods": ("rsi",), "cmps": ("rsi", "rdi"),
                    "scas": ("rdi",)}[kind]:
            define(state, reg, vjoin(state.val(reg), count))
        define(state, "rcx", {} if kind in ("movs", "stos", "lods")
                  else vcap(state.val(FLAGS_REG), FLAGS))


def transfer_stack(insn: Insn, state: State, head: bool) -> None:
    """push, pop, leave, enter."""
    base = stem(insn.mnemonic)
    refs = {ref.position: ref for ref in memrefs(insn)
            if ref.position is not None}
    if base == "push":
        value = operand_value(state, insn, 0, refs, head)
        adjust_rsp(state, -8)
        dataflow.store_slot(state, "rsp", 0, 8, value)
    elif base == "pop":
        value = dataflow.load_slot(state, "rsp", 0, 8)
        adjust_rsp(state, 8)
        if 0 in refs:
            write_memory(state, refs[0], value)
        else:
            set_register(state, insn.operands[0], value)
    else:
        adjust_rsp(state, None)
        value = dataflow.load_slot(state, "rbp", 0, 8) if base == "leave" \
            else {}
        dataflow.clear_slots(state, "rbp")
        define(state, "rbp", value)


def transfer_special(insn: Insn, state: State, refs: dict[int, MemRef],
                     head: bool) -> bool:
    """Instructions with implicit or several destinations; False if
    ``insn`` is none of them."""
    base, ops = stem(insn.mnemonic), insn.operands
    values = [operand_value(state, insn, i, refs, head)
              for i in range(len(ops))]
    if base in ("cltq", "cwtl", "cbtw"):
        return True                       # rax from rax: same value
    if base in ("cqto", "cltd", "cwtd"):
        define(state, "rdx", state.val("rax"))
        return True
    if base in ("mul", "div", "idiv") or (base == "imul" and len(ops) == 1):
        value = vjoin(values[0], state.val("rax"))
        if base in ("div", "idiv"):
            value = vjoin(value, state.val("rdx"))
        define(state, "rax", value)
        if not (insn.mnemonic.endswith("b") or register(ops[0])[1] == 1):
            define(state, "rdx", value)          # not for mulb/divb: ax only
        define(state, FLAGS_REG, value if base != "div" and base != "idiv"
                  else {})
        return True
    if base in ("xchg", "xadd") and len(ops) == 2:
        # xchg swaps; xadd src, dst: src <- dst, dst <- src + dst.
        new = {0: values[1], 1: values[0] if base == "xchg"
               else vjoin(*values)}
        for position, value in new.items():
            if position in refs:
                write_memory(state, refs[position], value)
            else:
                set_register(state, ops[position], value)
        if base == "xadd":
            define(state, FLAGS_REG, new[1])
        return True
    if base == "cmpxchg" and len(ops) == 2:
        old = values[1]
        rax = vjoin(state.val("rax"), old)
        define(state, FLAGS_REG, rax)
        if 1 in refs:
            write_memory(state, refs[1], vjoin(old, values[0]))
        else:
            set_register(state, ops[1], vjoin(old, values[0]))
        define(state, "rax", rax)
        return True
    if base in ("cmpxchg8b", "cmpxchg16b"):
        loaded = values[0] if values else {}
        for reg in ("rax", "rdx"):
            define(state, reg, vjoin(state.val(reg), loaded))
        define(state, FLAGS_REG, loaded)
        return True
    if base in ("rdtsc", "rdtscp", "cpuid", "rdrand", "rdseed"):
        for reg in ("rax", "rbx", "rcx", "rdx"):
            if base == "cpuid" or reg in ("rax", "rdx"):
                define(state, reg, {})
        return True
    return False


def writes_only(insn: Insn) -> bool:
    """The instruction writes its last operand without reading it."""
    mnemonic, base = insn.mnemonic, stem(insn.mnemonic)
    vex = mnemonic.startswith("v") and (
        len(insn.operands) >= 3 or mnemonic[1:] in _PURE_DEFS
        or mnemonic[1:] in _VECTOR_MERGES)
    return (base in _PURE_DEFS or base in _VECTOR_MERGES or vex
            or bool(_SETCC.match(mnemonic))
            or bool(_MOVE_EXTEND.match(mnemonic))
            or (base == "imul" and len(insn.operands) == 3))


def transfer_data(insn: Insn, state: State, head: bool) -> None:
    """Everything else: the last operand is the destination.

    Its new value joins the sources (and the destination itself unless the
    instruction only writes it); flag readers add the flags at FLAGS."""
    mnemonic, ops = insn.mnemonic, insn.operands
    base = stem(mnemonic)
    refs = {ref.position: ref for ref in memrefs(insn)
            if ref.position is not None}
    if transfer_special(insn, state, refs, head) or not ops:
        return
    last = len(ops) - 1
    sources = list(range(last))
    if base in _COMPARES or not writes_only(insn):
        sources.append(last)
    value = vjoin(*(operand_value(state, insn, i, refs, head)
                    for i in sources))
    if base == "lea":
        value = read_lea(state, ops[0])
    if _CMOVCC.match(mnemonic):
        # A conditional move picks its source or keeps its destination: the
        # arm64 pick rule (aarch64.py's docstring), dependent only if both
        # choices are; the condition adds the flags at FLAGS below.
        value = vmeet(*(operand_value(state, insn, i, refs, head)
                        for i in sources))
    if is_constant_idiom(insn) or (base == "sbb" and same_registers(insn)):
        value = {}
    if (base in ("mov", "movq", "movabs") and len(ops) == 2
            and is_immediate(ops[0])
            and register(ops[1])[1] == 8):
        value = error_pointer(immediate(ops[0]))
    if (base in _FLAG_READERS or _SETCC.match(mnemonic)
            or _CMOVCC.match(mnemonic)):
        value = vjoin(value, flags_value(state))
    if base in _COMPARES:
        define(state, FLAGS_REG, value)
        return
    if base in _FLAG_SETTERS:
        define(state, FLAGS_REG, value)
    elif base in _FLAG_KEEPERS:
        define(state, FLAGS_REG, vjoin(value, state.val(FLAGS_REG)))
    if last in refs:
        write_memory(state, refs[last], value)
        return
    dest = ops[last]
    if not is_register(dest):
        return
    delta = _rsp_delta(insn)
    if delta is not None:
        adjust_rsp(state, delta)
        return
    merge = (base in _VECTOR_MERGES and register(dest)[0].startswith("xmm")
             and not (base in ("movss", "movsd") and 0 in refs))
    set_register(state, dest, value, merge)


def read_lea(state: State, operand: str) -> Value:
    """The value ``lea`` computes: its address operand's registers."""
    match = memory_operand(operand)
    if match is None:
        return {}
    return vjoin(state.val(register(match.group("base") or "")[0]),
                 state.val(register(match.group("index") or "")[0]))


def transfer(insn: Insn, state: State, head: bool, summaries=None) -> State:
    """State after ``insn`` given the state before it.

    ``summaries`` maps function names to the summary of their return value
    (see :func:`dataflow.apply_summary`); calls to other names use the
    generic rule.
    """
    out = state.copy()
    mnemonic = insn.mnemonic
    base = stem(mnemonic)
    if is_call(mnemonic):
        transfer_call(insn, out, summaries or {})
    elif is_control(mnemonic) or base in _NO_EFFECT:
        pass
    elif is_string(insn):
        transfer_string(insn, out, head)
    elif base in ("push", "pop", "leave", "enter"):
        transfer_stack(insn, out, head)
    else:
        transfer_data(insn, out, head)
    return out


# ------------------------------------------------------- interprocedural

def is_return(insn: Insn) -> bool:
    """``ret`` (with or without a prefix or a pop count)."""
    return insn.mnemonic in _RETURNS


def is_direct_call(insn: Insn) -> bool:
    """``call f``: a call that returns to the next instruction."""
    return is_call(insn.mnemonic) and not is_indirect(insn)


def is_tail_exit(insn: Insn, program: Program) -> bool:
    """A jump that leaves the function: to a function symbol, to a symbol
    that is no label of this file, or an indirect jump in a function that
    takes the address of none of its labels."""
    if is_jump(insn.mnemonic) and is_indirect(insn):
        return not program.succ[insn.index]
    if not (is_jump(insn.mnemonic)
            or is_conditional_branch(insn.mnemonic)):
        return False
    target = call_target(insn)
    return target is not None and (target in program.functions
                                   or target not in program.labels)


# The registers some instructions write besides their last operand.
_IMPLICIT_WRITES = {
    "mul": ("rax", "rdx"), "imul": ("rax", "rdx"), "div": ("rax", "rdx"),
    "idiv": ("rax", "rdx"), "cqto": ("rdx",), "cltd": ("rdx",),
    "cwtd": ("rdx",), "cltq": ("rax",), "cwtl": ("rax",), "cbtw": ("rax",),
    "cmpxchg": ("rax",), "cmpxchg8b": ("rax", "rdx"),
    "cmpxchg16b": ("rax", "rdx"), "cpuid": ("rax", "rbx", "rcx", "rdx"),
    "rdtsc": ("rax", "rdx"), "rdtscp": ("rax", "rcx", "rdx"),
    "push": ("rsp",), "pop": ("rsp",), "leave": ("rsp", "rbp"),
    "enter": ("rsp", "rbp"), "movs": ("rsi", "rdi", "rcx"),
    "stos": ("rdi", "rcx"), "lods": ("rax", "rsi", "rcx"),
    "cmps": ("rsi", "rdi", "rcx"), "scas": ("rdi", "rcx"),
}
# SSE forms that write their last operand only (two operands, no VEX).
_SSE_LAST = {
    *(f"{op}{kind}" for op in ("add", "sub", "mul", "div", "min", "max",
                               "sqrt") for kind in ("ss", "sd", "ps", "pd")),
    *(f"{op}{kind}" for op in ("and", "andn", "or", "xor", "unpckl",
                               "unpckh", "shuf") for kind in ("ps", "pd")),
    *(f"{op}{size}" for op in ("padd", "psub", "pcmpeq", "pcmpgt")
      for size in "bwdq"),
    *(f"{op}{size}" for op in ("psll", "psrl", "psra") for size in "wdq"),
    *(f"punpck{half}{size}" for half in ("l", "h")
      for size in ("bw", "wd", "dq", "qdq")),
    "pand", "pandn", "por", "pxor", "pshufb", "pmuludq", "pmulld",
    "pmullw", "movlhps", "movhlps", "cvtps2pd", "cvtpd2ps", "cvtdq2pd",
    "cvtdq2ps", "cvttps2dq", "cvtps2dq",
}
# No register written (the flags aside: cld/std write DF).
_WRITE_NOTHING = _NO_EFFECT - {"vzeroupper", "emms", "int3"}


def written_registers(insn: Insn) -> frozenset[str] | None:
    """The registers (and flags) an instruction writes; None if it may
    write any: an indirect call or jump, an instruction this checker has
    no stem for (SSE/AVX forms, system instructions: a gather also writes
    its mask, ``syscall`` rcx and r11; the SSE forms of
    :data:`_SSE_LAST` aside).

    AT&T names the destination last: a known instruction writes its last
    operand if that is a register, both operands for ``xchg``/``xadd``,
    the implicit registers of :data:`_IMPLICIT_WRITES` (a string
    instruction the ones it steps, and rcx for a rep prefix), and, to be
    safe, the flags.  A direct ``call`` writes nothing itself (its
    callee's writes are the call graph's business)."""
    mnemonic, ops = insn.mnemonic, insn.operands
    base = stem(mnemonic)
    if is_call(mnemonic) or is_jump(mnemonic):
        return None if is_indirect(insn) else frozenset()
    if mnemonic.startswith("loop"):
        return frozenset({"rcx"})
    if is_control(mnemonic) or base in _WRITE_NOTHING:
        return frozenset({FLAGS_REG} if base in ("cld", "std") else ())
    if is_string(insn):
        kind = _STRING.match(mnemonic).group(2)
        return frozenset({*_IMPLICIT_WRITES[kind], FLAGS_REG})
    if not (base in _STEMS or base in _SSE_LAST or _SETCC.match(mnemonic)
            or _CMOVCC.match(mnemonic) or _MOVE_EXTEND.match(mnemonic)):
        return None
    out = {FLAGS_REG, *_IMPLICIT_WRITES.get(base, ())}
    if base == "vzeroupper":
        out.update(f"xmm{n}" for n in range(16))
    elif base == "emms":
        out.update(["st", *(f"mm{n}" for n in range(8))])
    elif base == "int3":
        return None
    written = (ops if base in ("xchg", "xadd")
               else [] if base in ("mul", "div", "idiv") or (
                   base == "imul" and len(ops) == 1)
               else ops[-1:])
    if base not in _COMPARES:
        out.update(register(op)[0] for op in written if is_register(op))
    return frozenset(reg for reg in out if reg)


ISA = Isa(arguments=_ARGUMENTS, result="rax", transfer=transfer,
          call_target=call_target, is_call=is_direct_call,
          is_return=is_return, is_tail_exit=is_tail_exit,
          call_clobbered=tuple(_CALL_CLOBBERED), writes=written_registers)


# ---------------------------------------------------------------- verdict

def classify(insn: Insn, state: State | None) -> list[Access]:
    """Verdict on each memory operand of an access given the state before
    it.  Unreached code (state None) is vacuously dependent."""
    accesses = []
    for ref in memrefs(insn):
        if state is None:
            accesses.append(Access(insn.text, insn.function, True, False,
                                   stack=ref.implicit_stack))
            continue
        level = address_level(state, ref)
        accesses.append(Access(insn.text, insn.function, level >= CALL,
                               level == FLAGS, level == CALL,
                               is_stack_slot(state, ref)))
    return accesses


def analyze(asm_text: str, source_basename: str, head_lines,
            dep_lines) -> Result:
    """Check every memory access on ``dep_lines`` against the head loads.

    Stack-slot accesses (spills/reloads, push/pop) are reported but neither
    break a line nor keep it from counting as vanished.
    """
    program = parse(asm_text, source_basename)
    heads = [insn for insn in program.insns
             if insn.line in head_lines and is_load(insn)]
    head_set = {insn.index for insn in heads}
    graph = CallGraph.of(ISA, program)
    summaries = dataflow.compute_summaries(ISA, program, head_set, graph)
    taint, states = dataflow.compute_entry_taint(ISA, program, head_set,
                                                 summaries, graph)
    deps: dict[int, list[Access]] = {line: [] for line in sorted(dep_lines)}
    for insn in program.insns:
        if insn.line in deps:
            deps[insn.line] += classify(insn, states[insn.index])
    return dataflow.result(heads, bool(heads), deps, summaries, taint)


# ------------------------------------------------------------ C helpers

def compile_to_asm(c_path, cc: str = DEFAULT_CC, opt: str = "-O2",
                   extra=()) -> str:
    """Compile ``c_path`` with ``-S -g`` and return the assembly text."""
    return dataflow.compile_to_asm(c_path, cc, opt, extra)


def compile_and_analyze(c_path, cc: str = DEFAULT_CC, opt: str = "-O2",
                        extra=()) -> Result:
    """Compile a C file and analyze it using its rcu:head/rcu:dep comments."""
    return dataflow.compile_and_analyze(analyze, c_path, cc, opt, extra)
