"""Decide from powerpc64le assembly whether RCU address dependencies survived.

The input is what ``powerpc64le-linux-gnu-gcc -S -g -O<n>`` writes (ELFv2,
registers as bare numbers).  The model is the one of ``aarch64.py``:
instructions are attributed to source lines through ``.loc``; loads on
*head* lines define dependent values; the forward MUST data-flow of
``dataflow.py`` over a CFG built from labels and branches decides, for
every memory access on a *dep* line, whether its address still carries a
head's value; return-value summaries and incoming argument taints are
computed within the file (ELFv2 ABI: arguments ``r3`` .. ``r10``, result
``r3``).

The Power rule.  Power ISA v3.1, Book II, section 1.7.1 ("Storage Access
Ordering"): an access has an *address dependency* on a load when the value
the load returned is used, through register data flow, to compute the
access's effective address; a conditional branch on it gives a *control
dependency*, which orders a later load only with an ``isync`` after the
branch.  What we take for register data flow:

- general registers: the destination of an instruction takes the join of
  its source registers (``add``, ``subf``, shifts and rotates, ``extsw``,
  ``cntlzw``, ``popcntd`` ...: so ``subf; srdi 63`` or ``cntlzw; srwi 5``,
  GCC's branch-free comparisons, are data);
- the carry (XER[CA]) is a register: ``srawi``/``sradi``/``addic``/
  ``subfic``/``addc``/``subfc`` write it from their sources, ``addze``/
  ``adde``/``subfe`` ... read it;
- the Condition Register is *not* taken to carry an address dependency:
  what ``isel`` (RT = CR bit ? RA : RB), ``mfcr``/``mfocrf``/``setb``
  take from a CR field is capped at ``FLAGS`` (not dependent), and
  ``isel`` passes on only what both of its choices hold (the MUST meet of
  RA and RB).  The Power ISA's dependency text speaks of the values
  registers carry and does not name ``isel``; the Arm model, whose
  dependency definitions are otherwise the same, states outright that a
  conditional select's condition gives only a *pick* dependency, which
  does not order a later read (Arm ARM B2.3; see ``aarch64.py``).  We
  apply that rule here: it is the conservative reading (it can only
  call more accesses broken), and it is the rule the kernel's
  ``rcu_dereference.rst`` states for every architecture ("do not use the
  results of relational operators").

Operands: the meaning of a bare number depends on the mnemonic.  Memory
operands are ``D(RA)`` (RA 0 means the value 0), or the X-form ``RT,RA,RB``
of a mnemonic ending in ``x``; update forms (``ldu``, ``stdu``, ``lwzux``
...) write the effective address back to RA.  Immediate forms
(``addi``, ``ori``, ``rldicl``, ``cmpdi`` ...) have a known number of
register operands; ``addi``/``addis`` with RA 0 is a constant.  Float,
VSX and Altivec operands (``lfd``, ``lxv``, ``fadd``, ``xxlor``,
``vaddubm`` ...) are vector-scalar registers (``vs<n>``), apart from the
general ones.  ``r1`` is the stack pointer (``sp``); stack slots are
accesses through ``sp`` or ``r31`` (the frame pointer at -O0) with a
numeric offset while those carry no head value; ``stdu 1,-N(1)`` rebases
the ``sp`` slots.

Control flow: ``b``, ``b<cond>[+-]``, ``bdnz``/``bdz`` (CTR loops),
``b<cond>lr`` (a conditional return), ``blr``; ``bl`` and ``bctrl`` are
calls (clobbering ``r0``, ``r3`` .. ``r12``, ``ctr``, ``lr``, the carry,
``cr0``, ``cr1``, ``cr5`` .. ``cr7`` and the volatile vector-scalar
registers); ``b f`` to a function symbol is a tail call; ``bctr`` in a
function that takes the address of its own labels (a jump table) may go to
each of them, else it is a tail call through a pointer.  A branch to
``$+4`` is its own fall-through (GCC's ``bne- 0,$+4`` before ``isync``).

Acquires (for :mod:`ordering`): ``lwsync``, ``sync``/``hwsync``, and an
``isync`` right after a conditional branch on a compare of a head load's
register (``ld r; cmpw r,r; bne- $+4; isync``, GCC's acquire load):
Power ISA Book II 1.7.1, a control dependency followed by ``isync`` orders
the load before later loads and stores.

This module is deliberately independent of the GCC plugin it checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import dataflow, gas
from .dataflow import (  # noqa: F401 (part of this module's interface)
    CALL, DATA, FLAGS, HEAD_SOURCE, Access,
    Insn, Isa, Program, Result, State, Value, annotations, clear_slots,
    error_pointer, load_slot, store_slot, strength, vcap, vjoin, vmeet)

DEFAULT_CC = "powerpc64le-linux-gnu-gcc"
STACK_BASES = ("sp", "r31")
CARRY = "ca"
CTR = "ctr"
LR = "lr"

_NUMBER = re.compile(r"^\d+$")
_MEM = re.compile(r"^(?P<off>.*)\((?P<base>\d+)\)$")
# Loads and stores (by mnemonic; the operands say D-form or X-form).
_LOAD = re.compile(
    r"^(lbz|lhz|lha|lwz|lwa|ld|lq|lhbr|lwbr|ldbr|lbar|lhar|lwar|ldar|lqar"
    r"|lfs|lfd|lfiwa|lfiwz|lxv|lxvd2|lxvw4|lxvb16|lxvh8|lxvdsx|lxvwsx|lxvl"
    r"|lxvll|lxsd|lxssp|lxsiwa|lxsiwz|lxsibz|lxsihz|lxsdx|lxsspx|lvx|lvxl"
    r"|lvebx|lvehx|lvewx|lmw)(u?x?|x)$")
_STORE = re.compile(
    r"^(stb|sth|stw|std|stq|sthbr|stwbr|stdbr|stfs|stfd|stfiw|stxv|stxvd2"
    r"|stxvw4|stxvb16|stxvh8|stxvl|stxvll|stxsd|stxssp|stxsiw|stxsib"
    r"|stxsih|stvx|stvxl|stvebx|stvehx|stvewx|stmw)(u?x?|x)$"
    r"|^st[bhwdq]cx\.$")
_RESERVE = re.compile(r"^l[bhwdq]arx$")
_VS_DATA = re.compile(r"^(l|st)(f|xv|xs|v)")
_VS_OPS = re.compile(r"^(f|x[svx]|v)")
_COND = r"(lt|le|eq|ge|gt|nl|ne|ng|so|ns|un|nu)"
_COND_BRANCH = re.compile(rf"^(b{_COND}|bdnz|bdz|bdnzt|bdnzf|bdzt|bdzf"
                          rf"|bc|bt|bf|bdnz{_COND}|bdz{_COND})[+-]?$")
_COND_RETURN = re.compile(rf"^(b{_COND}lr|bdnzlr|bdzlr|bclr)[+-]?$")
_COMPARE = re.compile(r"^(cmp|cmpl)(w|d)?i?$|^fcmp[uo]$")
# Immediate forms: how many leading operands are general registers.
_IMMEDIATE_REGS = {
    "li": 1, "lis": 1, "lil": 1, "liu": 1,
    "addi": 2, "addis": 2, "addic": 2, "subfic": 2, "mulli": 2,
    "andi": 2, "andis": 2, "ori": 2, "oris": 2, "xori": 2, "xoris": 2,
    "slwi": 2, "srwi": 2, "sldi": 2, "srdi": 2, "srawi": 2, "sradi": 2,
    "rlwinm": 2, "rldicl": 2, "rldicr": 2, "rldic": 2, "clrldi": 2,
    "clrlwi": 2, "clrrdi": 2, "clrrwi": 2, "extldi": 2, "extrdi": 2,
    "extlwi": 2, "extrwi": 2, "rotldi": 2, "rotlwi": 2, "rotrdi": 2,
    "rotrwi": 2, "extswsli": 2, "clrlsldi": 2, "rlwimi": 2, "rldimi": 2,
    "insrdi": 2, "insrwi": 2, "inslwi": 2, "rlwnm": 3, "rldcl": 3,
    "rldcr": 3, "twi": 0, "tdi": 0, "mfocrf": 1, "setb": 1,
}
# Writes that keep the other bits of the destination.
_PARTIAL = {"rlwimi", "rldimi", "insrdi", "insrwi", "inslwi"}
_CARRY_WRITERS = {"addic", "subfic", "addc", "subfc", "srawi", "sradi",
                  "sraw", "srad", "adde", "subfe", "addze", "subfze",
                  "addme", "subfme"}
_CARRY_READERS = {"adde", "subfe", "addze", "subfze", "addme", "subfme"}
_NO_DATA = {"nop", "sync", "hwsync", "lwsync", "isync", "eieio", "ptesync",
            "dcbt", "dcbtst", "dcbf", "dcbst", "dcbz", "icbi", "crxor",
            "creqv", "cror", "crnor", "crand", "crandc", "crorc", "crnand",
            "crset", "crclr", "crnot", "crmove", "mcrf", "mtcrf", "mtocrf",
            "tw", "td", "twi", "tdi", "trap", "attn", "mtspr"}
_EXITS = {"blr", "trap", "attn", "rfid"}
_BARRIERS = {"lwsync", "sync", "hwsync"}
_CALL_CLOBBERED = (["r0"] + [f"r{n}" for n in range(3, 13)]
                   + [CTR, LR, CARRY, "cr0", "cr1", "cr5", "cr6", "cr7"]
                   + [f"vs{n}" for n in (*range(14), *range(32, 52))])
_ARGUMENTS = tuple(f"r{n}" for n in range(3, 11))


@dataclass(frozen=True)
class MemRef:
    """A memory operand: ``base`` and ``index`` registers (None: the value
    0 or a constant address), the numeric offset (None if it is not a plain
    number), whether the effective address is written back to the base,
    and where the address operands start."""

    position: int
    base: str | None
    index: str | None
    offset: int | None
    update: bool = False


def gpr(operand: str) -> str | None:
    """A general register operand (``1`` is the stack pointer)."""
    operand = operand.strip().lower()
    if operand.startswith("%r"):
        operand = operand[2:]
    elif operand.startswith("r") and _NUMBER.match(operand[1:]):
        operand = operand[1:]
    if not _NUMBER.match(operand) or int(operand) > 31:
        return None
    return "sp" if operand == "1" else "r" + operand


def base_gpr(operand: str) -> str | None:
    """RA of an address: register 0 there means the value 0."""
    reg = gpr(operand)
    return None if reg == "r0" else reg


def vsr(operand: str, offset: int = 0) -> str | None:
    operand = operand.strip()
    return f"vs{int(operand) + offset}" if _NUMBER.match(operand) else None


def crf(operand: str) -> str | None:
    operand = operand.strip().lower()
    if operand.startswith("cr"):
        operand = operand[2:]
    return f"cr{operand}" if _NUMBER.match(operand) and int(operand) < 8 else None


def immediate(operand: str) -> int | None:
    try:
        return int(operand.strip(), 0)
    except ValueError:
        return None


def stem(mnemonic: str) -> str:
    """A mnemonic without its record bit (``.``) and branch hints."""
    return mnemonic.rstrip("+-").rstrip(".")


def memory_kind(mnemonic: str) -> str | None:
    if _STORE.match(mnemonic):
        return "store"
    if _LOAD.match(mnemonic):
        return "load"
    return None


def is_load(insn: Insn) -> bool:
    return memory_kind(insn.mnemonic) == "load"


def is_memory_access(insn: Insn) -> bool:
    return memory_kind(insn.mnemonic) is not None


def is_update(mnemonic: str) -> bool:
    base = mnemonic.rstrip("x")
    return base.endswith("u") and mnemonic not in ("lxvl", "lxvll")


def memref(insn: Insn) -> MemRef:
    ops = insn.operands
    update = is_update(insn.mnemonic)
    for position, op in enumerate(ops):
        match = _MEM.match(op.strip())
        if match:
            off = match.group("off").strip()
            return MemRef(position, base_gpr(match.group("base")), None,
                          immediate(off) if off else 0, update)
    if len(ops) >= 3:        # X-form: RT, RA, RB
        return MemRef(1, base_gpr(ops[1]), gpr(ops[2]), None, update)
    return MemRef(len(ops), None, None, None)


def is_call(mnemonic: str) -> bool:
    return mnemonic in ("bl", "bctrl", "blrl", "bla")


def is_conditional_branch(mnemonic: str) -> bool:
    return bool(_COND_BRANCH.match(mnemonic))


def is_control(mnemonic: str) -> bool:
    return (mnemonic in ("b", "ba", "bctr") or mnemonic in _EXITS
            or is_call(mnemonic) or is_conditional_branch(mnemonic)
            or bool(_COND_RETURN.match(mnemonic)))


def call_target(insn: Insn) -> str | None:
    if insn.mnemonic in ("bctr", "bctrl") or not insn.operands:
        return None
    if not (insn.mnemonic in ("b", "bl") or is_conditional_branch(insn.mnemonic)):
        return None
    name = insn.operands[-1]
    return name if gas.IDENT.fullmatch(name) else None


def condition_field(insn: Insn) -> str | None:
    """The CR field a conditional branch reads (``beq 7,.L3``; cr0 when
    the operand is missing)."""
    ops = insn.operands
    if insn.mnemonic.startswith("bd") or not ops:
        return "cr0" if not insn.mnemonic.startswith("bd") else None
    return crf(ops[0]) if len(ops) > 1 else "cr0"


# ---------------------------------------------------------------- parsing

_NUMERIC_LABEL = re.compile(r"^\d+:")


class _Parser(gas.Parser):
    comment = "#"

    def statement(self, text: str) -> None:
        super().statement(_NUMERIC_LABEL.sub("", text.strip()))

    def decode(self, text: str) -> tuple[str, tuple[str, ...]]:
        mnemonic, _, rest = text.replace("\t", " ").partition(" ")
        return mnemonic.lower(), tuple(gas.split_operands(rest.strip(), "(", ")"))

    def is_control(self, mnemonic: str) -> bool:
        return is_control(mnemonic)

    def successors(self, insn: Insn) -> list[int]:
        mnemonic = insn.mnemonic
        fall = self.next_in_section.get(insn.index)
        falls = [fall] if fall is not None else []
        if mnemonic in _EXITS:
            return []
        if _COND_RETURN.match(mnemonic):
            return falls
        if mnemonic == "bctr":
            return sorted({self.labels[name] for name in self.address_taken
                           if name in self.labels
                           and not self.is_function(name)})
        if insn.operands and insn.operands[-1].replace(" ", "") == "$+4":
            return falls
        name = call_target(insn)
        target = None if name is None or self.is_function(name) \
            else self.labels.get(name)
        if mnemonic == "b":
            return [target] if target is not None else []
        if is_conditional_branch(mnemonic):
            return [i for i in (fall, target) if i is not None]
        return falls


def parse(asm_text: str, source_basename: str) -> Program:
    return _Parser(source_basename).parse(asm_text)


# --------------------------------------------------------------- transfer

def is_stack_slot(state: State, ref: MemRef) -> bool:
    return (ref.base in STACK_BASES and ref.index is None
            and ref.offset is not None and not state.val(ref.base))


def address_value(state: State, ref: MemRef) -> Value:
    return vjoin(state.val(ref.base), state.val(ref.index))


def access_size(mnemonic: str) -> int:
    body = mnemonic.rstrip(".").rstrip("x").rstrip("u")
    for suffix, size in (("q", 16), ("d", 8), ("w", 4), ("wa", 4), ("h", 2),
                         ("ha", 2), ("b", 1), ("bz", 1), ("hz", 2),
                         ("wz", 4), ("fs", 4), ("fd", 8)):
        if body.endswith(suffix):
            return size
    return 8


def data_register(mnemonic: str, operand: str) -> str | None:
    if _VS_DATA.match(mnemonic):
        offset = 32 if mnemonic.startswith(("lv", "stv")) else 0
        return vsr(operand, offset)
    return gpr(operand)


def transfer_memory(insn: Insn, state: State, head: bool) -> None:
    ref = memref(insn)
    ops = insn.operands
    address = address_value(state, ref)
    stack = is_stack_slot(state, ref)
    size = access_size(insn.mnemonic)
    data = data_register(insn.mnemonic, ops[0]) if ops else None
    if memory_kind(insn.mnemonic) == "store":
        if insn.mnemonic.endswith("cx."):
            state.set("cr0", {})
        if stack:
            store_slot(state, ref.base, ref.offset, size, state.val(data))
    else:
        if head:
            value = {HEAD_SOURCE: DATA}
        elif stack:
            value = load_slot(state, ref.base, ref.offset, size)
        else:
            value = address
        state.set(data, value)
        if data == "r31":
            clear_slots(state, "r31")
    if ref.update and ref.base:
        if ref.base == "sp":
            dataflow.rebase_slots(state, "sp", ref.offset)
        else:
            state.set(ref.base, vjoin(address, state.val(ref.index)))


def transfer_call(insn: Insn, state: State, summaries) -> None:
    result = dataflow.call_result(ISA, insn, state, summaries)
    for reg in _CALL_CLOBBERED:
        state.set(reg, {})
    state.set("r3", result)


def cr_value(state: State) -> Value:
    return vjoin(*(state.val(f"cr{n}") for n in range(8)))


def transfer_compare(insn: Insn, state: State) -> None:
    """``cmpd BF,RA,RB``, ``cmpdi BF,RA,SI``, ``cmp BF,L,RA,RB``,
    ``fcmpu BF,FRA,FRB``: the field BF takes the join of the registers
    compared."""
    ops, name = insn.operands, stem(insn.mnemonic)
    if len(ops) < 2:
        return
    if name.startswith("f"):
        value = vjoin(*(state.val(vsr(op)) for op in ops[1:3]))
    elif name.endswith("i"):
        value = state.val(gpr(ops[1]))
    else:
        regs = ops[2:4] if len(ops) == 4 else ops[1:3]
        value = vjoin(*(state.val(gpr(op)) for op in regs))
    state.set(crf(ops[0]), value)


def register_operands(mnemonic: str, ops) -> list[str | None]:
    """The registers named by the operands of a non-memory instruction
    (None for an immediate or a symbol)."""
    name = stem(mnemonic)
    if name.startswith(("mtvsr",)):
        return [vsr(ops[0])] + [gpr(op) for op in ops[1:]]
    if name.startswith(("mfvsr",)):
        return [gpr(ops[0])] + [vsr(op) for op in ops[1:]]
    if _VS_OPS.match(name) and not name.startswith("xor"):
        return [vsr(op, 32 if name.startswith("v") else 0) for op in ops]
    count = _IMMEDIATE_REGS.get(name, len(ops))
    regs = [gpr(op) for op in ops[:count]] + [None] * (len(ops) - count)
    if name in ("addi", "addis") and len(ops) > 1 and regs[1] == "r0":
        regs[1] = None          # RA 0: the value 0
    return regs


def transfer_data(insn: Insn, state: State) -> None:
    mnemonic, ops = insn.mnemonic, insn.operands
    name = stem(mnemonic)
    if name in _NO_DATA:
        return
    if _COMPARE.match(name):
        transfer_compare(insn, state)
        return
    if name in ("mtctr", "mtlr"):
        state.set(CTR if name == "mtctr" else LR, state.val(gpr(ops[0])))
        return
    if name in ("mfctr", "mflr"):
        state.set(gpr(ops[0]), state.val(CTR if name == "mfctr" else LR))
        return
    if not ops:
        return
    if name in ("mfcr", "mfocrf", "setb", "setbc", "setbcr", "setnbc",
                "setnbcr"):
        state.set(gpr(ops[0]), vcap(cr_value(state), FLAGS))
        return
    if name == "isel":
        ra = base_gpr(ops[1])
        value = vmeet(state.val(ra), state.val(gpr(ops[2])))
        bit = immediate(ops[3]) if len(ops) > 3 else None
        flags = state.val(f"cr{bit // 4}") if bit is not None else cr_value(state)
        state.set(gpr(ops[0]), vjoin(value, vcap(flags, FLAGS)))
        return
    regs = register_operands(mnemonic, ops)
    dest = regs[0]
    if dest is None:
        return
    if name in ("li", "lis") and len(ops) == 2:
        value = error_pointer(immediate(ops[1])) if name == "li" else {}
    else:
        value = vjoin(*(state.val(r) for r in regs[1:]))
    if name in _PARTIAL:
        value = vjoin(value, state.val(dest))
    if name in _CARRY_READERS:
        value = vjoin(value, state.val(CARRY))
    if name in _CARRY_WRITERS:
        state.set(CARRY, value)
    if mnemonic.endswith("."):
        state.set("cr0", value)
    if dest == "sp":
        delta = None
        if name == "addi" and regs[1] == "sp":
            delta = immediate(ops[2])
        dataflow.rebase_slots(state, "sp", delta)
        return
    if dest == "r31":
        clear_slots(state, "r31")
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
    if insn.mnemonic != "b" and not is_conditional_branch(insn.mnemonic):
        return False
    target = call_target(insn)
    return target is not None and (target in program.functions
                                   or target not in program.labels)


ISA = Isa(arguments=_ARGUMENTS, result="r3", transfer=transfer,
          call_target=call_target,
          is_call=lambda insn: insn.mnemonic == "bl",
          is_return=lambda insn: insn.mnemonic == "blr",
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

def _isync_after_compare(program: Program, index: int, loaded) -> bool:
    """An ``isync`` right after a conditional branch on a compare of one
    of the ``loaded`` registers (the control dependency plus isync)."""
    insns = program.insns
    if index < 2 or insns[index].mnemonic != "isync":
        return False
    branch, compare = insns[index - 1], insns[index - 2]
    if not is_conditional_branch(branch.mnemonic):
        return False
    if not _COMPARE.match(stem(compare.mnemonic)) or len(compare.operands) < 2:
        return False
    if crf(compare.operands[0]) != condition_field(branch):
        return False
    return any(gpr(op) in loaded for op in compare.operands[1:])


def is_acquire_load(program: Program, index: int) -> bool:
    """A load followed by GCC's acquire sequence (``cmp; bne-; isync``) or
    by ``lwsync``/``sync``."""
    insns = program.insns
    insn = insns[index]
    loaded = {data_register(insn.mnemonic, insn.operands[0])}
    following = insns[index + 1:index + 4]
    if following and following[0].mnemonic in _BARRIERS:
        return True
    return len(following) == 3 and _isync_after_compare(program, index + 3, loaded)


def orders_loads(insn: Insn, program: Program, head_lines) -> bool:
    """An instruction after which the head loads are ordered before every
    later access: ``lwsync``/``sync``, or the ``isync`` of a control
    dependency on a head load's register."""
    if insn.mnemonic in _BARRIERS:
        return True
    if insn.mnemonic != "isync":
        return False
    loaded = set()
    for back in program.insns[max(0, insn.index - 8):insn.index]:
        if back.line in head_lines and is_load(back) and back.operands:
            loaded.add(data_register(back.mnemonic, back.operands[0]))
    return _isync_after_compare(program, insn.index, loaded)


def is_frame_access(insn: Insn) -> bool:
    """An access through r1 or r31 (a spill or reload)."""
    return memref(insn).base in STACK_BASES
