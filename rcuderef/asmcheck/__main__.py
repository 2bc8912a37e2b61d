"""Command line: compile a C file and print per-line verdicts.

Usage::

    python3 -m rcuderef.asmcheck FILE.c [--target aarch64|x86_64|ppc64le|riscv64]
        [--head L[,L]] [--dep L[,L]] [-O2] [--cc COMPILER] [--show-asm]
        [extra cc args]

The target (default aarch64) picks the checker and its default compiler
(``aarch64-linux-gnu-gcc``, ``gcc``, ``powerpc64le-linux-gnu-gcc`` or
``riscv64-linux-gnu-gcc``).  Lines default to the ``rcu:head`` /
``rcu:dep`` comments of FILE.c.  The exit status is 0 for "intact", 1 for
"broken".
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import aarch64, ppc64le, riscv64, x86_64
from .dataflow import CompileError, annotations

CHECKERS = {"aarch64": aarch64, "x86_64": x86_64, "ppc64le": ppc64le,
            "riscv64": riscv64}


def line_set(text: str) -> set[int]:
    """Parse ``"7,9"`` into ``{7, 9}``."""
    return {int(item) for item in text.split(",") if item.strip()}


def parse_args(argv: list[str]) -> tuple[argparse.Namespace, str, list[str]]:
    """Split argv into our options, the -O level and extra compiler args."""
    parser = argparse.ArgumentParser(prog="python3 -m rcuderef.asmcheck")
    parser.add_argument("file", type=Path)
    parser.add_argument("--head", type=line_set)
    parser.add_argument("--dep", type=line_set)
    parser.add_argument("--target", choices=sorted(CHECKERS),
                        default="aarch64")
    parser.add_argument("--cc", help="compiler (default: the target's)")
    parser.add_argument("--show-asm", action="store_true",
                        help="also print the generated assembly")
    args, rest = parser.parse_known_args(argv)
    opts = [arg for arg in rest if arg.startswith("-O")]
    extra = [arg for arg in rest if not arg.startswith("-O")]
    return args, (opts[-1] if opts else "-O2"), extra


def describe(access) -> str:
    """One human-readable line for an access."""
    if access.stack:
        tag = "stack slot (ignored)"
    elif access.via_flags:
        tag = "NOT dependent (only via flags)"
    elif access.via_call:
        tag = "dependent (through a call's return value)"
    else:
        tag = "dependent" if access.dependent else "NOT dependent"
    return f"    {access.insn_text:<40} [{access.function}] {tag}"


def main(argv: list[str]) -> int:
    """Entry point; returns the process exit status."""
    args, opt, extra = parse_args(argv)
    heads, deps = annotations(args.file.read_text())
    heads = args.head or heads
    deps = args.dep or deps
    checker = CHECKERS[args.target]
    try:
        asm = checker.compile_to_asm(args.file, args.cc or checker.DEFAULT_CC,
                                     opt, extra)
    except CompileError as e:
        # Not a verdict: exit 2, with the compiler's own message.
        print(f"asmcheck: cannot compile {args.file}:\n{e}", file=sys.stderr)
        return 2
    if args.show_asm:
        print(asm)
    res = checker.analyze(asm, os.path.basename(args.file), heads, deps)
    print(f"{args.file} {opt}: heads on lines {sorted(heads)}"
          f"{' (acquire)' if res.acquire else ''}")
    for head in res.heads:
        print(f"  head line {head.line}: {head.text} [{head.function}]")
    for line, accesses in res.deps.items():
        state = ("vanished" if line in res.vanished_lines else
                 "BROKEN" if line in res.broken_lines else "intact")
        print(f"  dep line {line}: {state}")
        for access in accesses:
            print(describe(access))
    print(f"verdict: {res.verdict}")
    return 1 if res.verdict == "broken" else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
