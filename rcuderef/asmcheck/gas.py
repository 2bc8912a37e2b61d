"""Reading GNU as output: directives, labels, sections and line attribution.

The directives GCC writes are the same on every target; what differs is the
comment character, how an instruction splits into mnemonic and operands, and
which instructions branch.  :class:`Parser` handles the common part; each
checker subclasses it with ``decode``, ``is_control`` and ``successors``
(and ``canonical``, the text of an instruction, if it keeps prefixes).
"""

from __future__ import annotations

import os
import re

from .dataflow import Insn, Program

LABEL = re.compile(r"^([A-Za-z_.$][\w.$]*):")
# A local numeric label (``1:``, inline assembly's) and a reference to one:
# ``1b`` the last definition of 1 before, ``1f`` the next one after.
NUMERIC_LABEL = re.compile(r"^(\d+):")
NUMERIC_REF = re.compile(r"^(\d+)([bf])$")
IDENT = re.compile(r"[A-Za-z_.$][\w.$]*")
COLD = re.compile(r"\.cold(\.\d+)?$")
_FILE = re.compile(r'^\.file\s+(\d+)\s+"([^"]*)"(?:\s+"([^"]*)")?')
_LOC = re.compile(r"^\.loc\s+(\d+)\s+(\d+)(?:\s+(\d+))?")
_TYPE = re.compile(r"^\.type\s+([\w.$]+)\s*,\s*[%@]function")
_BINDING = re.compile(r"^\.(globl|global|weak)\s+(.*)$")
_ALIAS = re.compile(r"^\.(?:set|equ|equiv)\s+[\w.$]+\s*,\s*(.*)$")
_SIZE = re.compile(r"^\.size\s+([\w.$]+)\s*,")
_SUBSECTION = re.compile(r"^\.subsection\s+(\d+)")
_SECTION = re.compile(r"^\.(?:section|pushsection)\s+([^\s,]+)")
# The source name that makes a parser attribute instructions to the lines
# of every file (``Insn.file`` then tells the files apart): a kernel
# object's accesses and heads lie in headers as well as in its .c file.
ALL_FILES = "*"

# DWARF's DW_AT_producer, which GCC writes with -g (-grecord-gcc-switches,
# the default): "GNU C17 12.2.0 -mabi=lp64 -g -O2 -fPIC".
_PRODUCER = re.compile(r'^\.(?:string|ascii|asciz)\s+"(GNU [\w+]+ \d+\.\d[^"]*)')
_PIC_OPTIONS = {"-fpic": True, "-fPIC": True, "-fpie": False, "-fPIE": False,
                "-fno-pic": False, "-fno-PIC": False, "-fno-pie": False,
                "-fno-PIE": False}
# GCC's records of -fpatchable-function-entry and -mrecord-mcount: the
# function entries that ftrace or live patching may rewrite at run time.
_PATCHABLE = {"__patchable_function_entries", "__mcount_loc"}

_DATA_DIRECTIVE = re.compile(
    r"^\.(byte|hword|short|value|word|long|int|quad|xword|dword|[248]byte)\b")


class Parser:
    """Turn assembly text into instructions attributed to source lines."""

    comment = "//"

    def __init__(self, source_basename: str):
        self.source = os.path.basename(source_basename)
        self.files: dict[str, str] = {}
        self.file: str | None = None
        self.line: int | None = None
        self.column: int | None = None
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
        self.loc_pending: list[int] = []
        self.loc_next: dict[int, list[int]] = {}
        self.producer: str | None = None
        self.patchable = False
        self.numeric: dict[str, int] = {}

    # Hooks of the instruction set.

    def decode(self, text: str) -> tuple[str, tuple[str, ...]]:
        """Mnemonic (lower case) and operands of one instruction."""
        raise NotImplementedError

    def is_control(self, mnemonic: str) -> bool:
        """True for branches, calls and returns (their operands name code,
        not an address the program takes)."""
        raise NotImplementedError

    def successors(self, insn: Insn) -> list[int]:
        """CFG successors of one instruction."""
        raise NotImplementedError

    def canonical(self, mnemonic: str, operands: tuple[str, ...]) -> str:
        """The text of an instruction as results show it."""
        return f"{mnemonic} {', '.join(operands)}".strip()

    # The common part.

    def feed(self, raw: str) -> None:
        """Consume one line of assembly: each of its statements (the kernel's
        inline assembly puts several on one line, separated by ``;``)."""
        for part in split_statements(raw, self.comment):
            self.statement(part)

    def statement(self, text: str) -> None:
        """Consume one statement: its labels, then a directive or an
        instruction."""
        text = text.strip()
        while (match := LABEL.match(text) or NUMERIC_LABEL.match(text)):
            name = match.group(1)
            if name[0].isdigit():
                self.numeric[name] = self.numeric.get(name, 0) + 1
                name = self.numeric_name(name, self.numeric[name])
            self.label(name)
            text = text[match.end():].strip()
        if text.startswith("."):
            self.directive(text)
        elif text and not text.startswith((self.comment, "#")):
            # A line that starts with "#" is a comment to GNU as on every
            # target: GCC's #APP and #NO_APP around inline assembly.
            self.instruction(text.split(self.comment)[0].strip())

    @staticmethod
    def numeric_name(number: str, nth: int) -> str:
        """The name the parser gives the nth definition of a numeric label."""
        return f".Lgas_{number}_{nth}"

    def resolve(self, operand: str, index: int) -> str:
        """A numeric label reference (``1b``, ``1f``) as the name of the
        definition it means, and ``.`` (this instruction) as a name of the
        instruction at ``index``; any other operand unchanged."""
        if operand == ".":
            name = f".Lgas_dot_{index}"
            self.labels[name] = index
            return name
        if (match := NUMERIC_REF.match(operand)):
            number, direction = match.groups()
            nth = self.numeric.get(number, 0) + (direction == "f")
            return self.numeric_name(number, nth)
        return operand

    def label(self, name: str) -> None:
        """Record a label; function symbols start (or continue) a function."""
        self.pending.setdefault(self.section, []).append(name)
        if name in self.function_syms:
            self.function = name
            if not COLD.search(name):
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
            name = self.files.get(match.group(1))
            same = self.source in (name, ALL_FILES)
            self.file = name if same else None
            self.line = int(match.group(2)) if same else None
            self.column = (int(match.group(3)) if same and match.group(3)
                           else None)
            if self.line is not None:
                self.loc_pending.append(self.line)
        elif (match := _TYPE.match(text)):
            self.function_syms.add(match.group(1))
        elif (match := _BINDING.match(text)):
            names = {name.strip() for name in match.group(2).split(",")}
            self.exported.update(names)
            if match.group(1) == "weak":
                self.weak.update(names)
        elif (match := _ALIAS.match(text)):
            self.address_taken.update(IDENT.findall(match.group(1)))
        elif (match := _SIZE.match(text)):
            if match.group(1) == self.function:
                self.function = None
        elif (match := _SECTION.match(text)):
            self.patchable |= match.group(1) in _PATCHABLE
            if text.startswith(".pushsection"):
                self.section_stack.append(self.section)
            self.switch_section(match.group(1))
        elif text.startswith(".popsection") and self.section_stack:
            self.switch_section(self.section_stack.pop())
        elif text.startswith(".previous"):
            self.switch_section(self.previous_section)
        elif (match := _SUBSECTION.match(text)):
            # A subsection is a section of its own to the CFG: the kernel's
            # alternatives put the replacement instructions in .subsection
            # 1, which .previous leaves for the code that falls through.
            base = self.section.split("+")[0]
            number = int(match.group(1))
            self.switch_section(base if number == 0 else f"{base}+{number}")
        elif re.match(r"^\.(text|data|bss)\b", text):
            self.switch_section(text.split()[0])
        elif (_DATA_DIRECTIVE.match(text)
              and not self.section.startswith(".debug")):
            self.address_taken.update(IDENT.findall(text.split(None, 1)[-1]))
        elif (match := _PRODUCER.match(text)) and self.producer is None:
            self.producer = match.group(1)

    def instruction(self, text: str) -> None:
        """Append an instruction, linking it to its section predecessor."""
        mnemonic, operands = self.decode(text)
        index = len(self.insns)
        operands = tuple(self.resolve(op, index) for op in operands)
        for line in set(self.loc_pending):
            self.loc_next.setdefault(line, []).append(index)
        self.loc_pending = []
        canonical = self.canonical(mnemonic, operands)
        self.insns.append(Insn(index, mnemonic, operands, canonical,
                               self.line, self.function, self.column,
                               self.file if self.source == ALL_FILES
                               else None))
        if not self.is_control(mnemonic):
            for op in operands:
                self.address_taken.update(IDENT.findall(op))
        if self.section in self.last:
            self.next_in_section[self.last[self.section]] = index
        self.last[self.section] = index
        for name in self.pending.pop(self.section, []):
            self.labels[name] = index

    def is_function(self, name: str) -> bool:
        """A function symbol of this file (not a ``.cold`` part)."""
        return name in self.function_syms and not COLD.search(name)

    def pic(self) -> bool | None:
        """Whether the compile was -fpic/-fPIC, as its DW_AT_producer string
        records (the last of the -fpic, -fpie and -fno- options; none:
        the compiler's default, not PIC on the Debian compilers, which
        default to PIE); None without a producer string."""
        if self.producer is None:
            return None
        pic = False
        for option in self.producer.split():
            pic = _PIC_OPTIONS.get(option, pic)
        return pic

    def bound(self, functions) -> set[str]:
        """The functions whose direct calls run their body in this file.

        A function GCC's IPA-RA may keep a caller's values in caller-saved
        registers across (checked with aarch64 and x86-64 GCC 12, -O2, on
        a static, a global and a ``.weak`` callee, each compiled -fno-pic,
        -fPIE and -fPIC): a static function always; a global one when not
        compiled -fPIC (GCC did so at -fno-pic and -fPIE, not at -fPIC,
        where the dynamic linker may interpose another definition, and
        x86-64 calls ``f@PLT``); a ``.weak`` one never (the linker may take
        another definition).  A global function
        is bound only when the producer string says the compile was not
        PIC: without one, it is not.  No function is bound when the file
        has patchable function entries (ftrace or live patching may send
        a call elsewhere)."""
        if self.patchable:
            return set()
        globals_bind = self.pic() is False
        return {name for name in functions if name not in self.weak
                and (name not in self.exported or globals_bind)}

    def program(self) -> Program:
        """Finish parsing and build the CFG."""
        succ = [self.successors(insn) for insn in self.insns]
        functions = {name: self.labels[name] for name in self.entry_labels
                     if name in self.labels}
        local = {name for name in functions
                 if name not in self.exported
                 and name not in self.address_taken}
        return Program(self.insns, succ, set(functions.values()), functions,
                       local, self.weak & set(functions), dict(self.labels),
                       set(self.address_taken), self.loc_next,
                       self.bound(functions))

    def parse(self, asm_text: str) -> Program:
        """Feed every line of ``asm_text`` and build the program."""
        for raw in asm_text.splitlines():
            self.feed(raw)
        return self.program()


def split_statements(text: str, comment: str) -> list[str]:
    """The statements of one line: split at ``;`` (GNU as's statement
    separator on every target the checkers read), the ``comment`` that
    ends the line cut, both outside double quotes (a ``.string`` may hold
    either; a backslash escapes a quote in one)."""
    parts, current, quoted, i = [], [], False, 0
    while i < len(text):
        char = text[i]
        if quoted and char == "\\":
            current.append(text[i:i + 2])
            i += 2
            continue
        if char == '"':
            quoted = not quoted
        elif not quoted and text.startswith(comment, i):
            break
        elif not quoted and char == ";":
            parts.append("".join(current))
            current = []
            i += 1
            continue
        current.append(char)
        i += 1
    parts.append("".join(current))
    return parts


def split_operands(text: str, opening: str, closing: str) -> list[str]:
    """Split an operand string at the commas outside the brackets the
    syntax nests them in (aarch64 ``[]{}``, AT&T ``()``)."""
    parts, depth, current = [], 0, ""
    for char in text:
        if char in opening:
            depth += 1
        elif char in closing:
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current.strip())
    return parts
