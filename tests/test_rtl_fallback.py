"""Bad input for the final-code check (plugin/rcu_deref_rtl.c): control
flow the RTL pass may not analyse, huge functions, and option
combinations, with each target's compiler, in warning and in fix-up mode.

The requirement: a function the RTL pass cannot analyse gets a clear
fallback (the GIMPLE verdict, said so in the stats), never an ICE.  Every
expectation here is independent of the plugin: the compile without the
plugin (exit status, assembly, the program's output), the assembly
checker rcuderef/asmcheck/ on that compile's own code, what the sources
say (tests/data/fallback/: every head a plain load, of a global or
through a pointer, in the function that uses it, and the breaks marked
"warn: broken" by hand), and arithmetic on the stats record.  The plugin
bugs found here keep their reproducers (tests/data/fallback/*_bug.c) and
a test each; a new one fails the sweep.
"""
import json
import os
import re
import shutil
import subprocess

import pytest

from fuzz.pipeline import crashed
from rcuderef import diagnostics
from rcuderef.asmcheck import dataflow
from rcuderef.compiler import ENV, PLUGIN_ARG, QEMU_USER, REPO, TARGETS, plugin_path
from tests.corpus import CHECKERS

DATA = os.path.join(REPO, "tests", "data", "fallback")
INCLUDE = os.path.join(REPO, "plugin", "include")
BOTH = pytest.mark.parametrize("target", sorted(TARGETS))
# Each target's assembly checker: the truth of its own machine code.
CHECKER = CHECKERS

# The cases, compiled as one unit (each a file of its own, so that
# diagnostics and the assembly's .loc name it).
CASES = ("asm_goto.c", "computed_goto.c", "setjmp.c", "nested_goto.c",
         "noreturn.c", "switch_table.c")
# The functions of the cases with a head (the nested function included).
READERS = 13
MARKER = "warn: broken"

# One compile of every case per combination, both targets.  -g comes with
# -gno-record-gcc-switches: otherwise DW_AT_producer records -fplugin=, a
# difference by design (README, "Heads, chains, and what is reported").
COMBOS = [
    ("-O0",),
    ("-O0", "-g"),
    ("-O1",),
    ("-O2",),
    ("-O2", "-g", "-fPIC"),
    ("-O3",),
    ("-Os", "-g"),
    ("-O2", "-fno-if-conversion", "-fno-if-conversion2"),
    ("-O2", "-fno-schedule-insns2", "-fschedule-insns"),
    ("-O2", "-fno-reorder-blocks", "-fno-tree-pre", "-fno-gcse"),
    ("-O2", "-fno-cse-follow-jumps", "-fno-dce", "-fno-dse"),
    ("-O2", "-fno-tree-dominator-opts", "-fno-split-wide-types", "-fno-peephole2"),
    ("-O2", "-fsection-anchors", "-fno-dwarf2-cfi-asm"),
    ("-O1", "-fno-tree-dominator-opts", "-fno-if-conversion"),
    ("-O3", "-funroll-loops", "-fno-crossjumping"),
]

# What the combination sweep finds today, by target: (flags, problem).
# Both x86-64 bugs it found are fixed (test_fixed_bug below): none left.
KNOWN = {
    "x86_64-linux-gnu": set(),
    "aarch64-linux-gnu": set(),
    "powerpc64le-linux-gnu": set(),
    "riscv64-linux-gnu": set(),
}


def gflags(flags):
    return (*flags, "-gno-record-gcc-switches") if "-g" in flags else tuple(flags)


def compile_asm(src, target, flags, mode, tmp_path, stats=True, extra=()):
    """Compile src to assembly; mode None (no plugin), "warn" or "fixup".
    Return (CompletedProcess, assembly or None, stats records or None)."""
    out = tmp_path / ("%s.s" % mode)
    st = tmp_path / ("%s.stats" % mode)
    if st.exists():
        st.unlink()
    cmd = [TARGETS[target], "-S", "-o", str(out), *gflags(flags), "-I", INCLUDE, *extra]
    if mode:
        cmd += ["-fplugin=" + plugin_path(target), PLUGIN_ARG + "mode=" + mode,
                "-fdiagnostics-format=json"]
        if stats:
            cmd.append(PLUGIN_ARG + "stats=" + str(st))
    cmd.append(str(src))
    proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    asm = out.read_text() if proc.returncode == 0 and out.exists() else None
    if out.exists():
        out.unlink()
    records = None
    if mode and stats and st.exists():
        records = [json.loads(line) for line in st.read_text().splitlines() if line.strip()]
    return proc, asm, records


def compile_modes(src, target, flags, tmp_path, extra=()):
    """The compiles without the plugin, in warn and in fix-up mode; asserts
    what holds for every input: no crash, GCC's exit status, and warning
    mode's assembly byte-identical to GCC's alone."""
    out = {mode: compile_asm(src, target, flags, mode, tmp_path, extra=extra)
           for mode in (None, "warn", "fixup")}
    where = "%s %s" % (target, " ".join(flags))
    base = out[None][0]
    assert crashed(base) is None and base.returncode == 0, where + base.stderr[-2000:]
    for mode in ("warn", "fixup"):
        proc = out[mode][0]
        assert crashed(proc) is None, "%s mode=%s: crash\n%s" % (where, mode, proc.stderr[-3000:])
        assert proc.returncode == 0, "%s mode=%s\n%s" % (where, mode, proc.stderr[-3000:])
    assert out["warn"][1] == out[None][1], where + ": mode=warn changed the assembly"
    return out


def stats_problems(records, optimized, readers=READERS):
    """What is wrong with the stats record of one unit."""
    if not records or len(records) != 1:
        return ["stats: %d records for one unit" % len(records or [])]
    s = records[0]
    out = []
    fates = s["rtl_intact"] + s["rtl_broken"] + s["rtl_vanished"] + s["rtl_unknown"]
    if fates != s["rtl_accesses"]:
        out.append("rtl_accesses %d != %d fates" % (s["rtl_accesses"], fates))
    if s.get("rtl_merged", 0) > s["rtl_intact"] + s["rtl_broken"]:
        out.append("rtl_merged > rtl_intact + rtl_broken")
    if s["rtl_fallback_functions"] > s["rtl_functions"]:
        out.append("rtl_fallback_functions > rtl_functions")
    if s["rtl_broken"] > s["rtl_accesses"] or s["rtl_breaks"] > s["rtl_broken"]:
        out.append("rtl_broken or rtl_breaks out of range")
    if not optimized:
        # -O0: nothing is tracked, nothing reaches the final-code check.
        for key in ("chains", "accesses", "broken_accesses", "rtl_functions",
                    "rtl_accesses", "rtl_fallback_functions"):
            if s[key]:
                out.append("-O0: %s %d" % (key, s[key]))
        return out
    if s["rtl_functions"] < readers:
        out.append("rtl_functions %d < %d functions with a chain"
                   % (s["rtl_functions"], readers))
    if s["rtl_fallback_functions"] == 0 and s["rtl_unknown"]:
        # Every head of the cases is a plain load of a global in its own
        # function: the final code has it, nothing is left unknown
        # unless the function fell back.
        out.append("rtl_unknown %d, but every head is a plain load" % s["rtl_unknown"])
    return out


def annotations(path):
    text = open(path).read()
    heads, deps = dataflow.annotations(text)
    marked = {n for n, line in enumerate(text.splitlines(), 1) if MARKER in line}
    return heads, deps, marked


def truth(asm, target, case):
    """asmcheck's verdict on a case, from the assembly without the plugin."""
    heads, deps, _ = annotations(os.path.join(DATA, case))
    return CHECKER[target].analyze(asm, case, heads, deps)


# Where asmcheck's control flow is a superset of the real one: an
# indirect branch gets an edge to every label whose address the file takes
# (the jump tables and labels as values of every function, and with
# -fno-dwarf2-cfi-asm the call frame labels), and a call of a noreturn
# function falls through.  Its must-analysis is then still sound for
# "intact", but "broken" in such a function may come from one of the
# extra edges: there it is no truth.  Per target, read from each
# compiler's output of the cases (-O2, -O3, -Os, -fPIC):
# - aarch64 "br xN" (a call is "blr"), x86-64 "jmp *" (a call "call *");
# - powerpc64le "bctr" after "mtctr" (jump tables, computed gotos, the
#   nested function's nonlocal goto); "bctrl" is a call through CTR, which
#   the checker lets fall through like any call;
# - riscv64 "jr aN"/"jr tN" (jump tables, computed gotos); "jalr" is a
#   call.  GCC also returns with "jr ra" (after restoring ra from the
#   frame; "ret" elsewhere): that is no jump to a label in the function
#   itself, but the checker gives every "jr" the edges to the labels the
#   file takes, so on riscv64 any "jr" makes those labels' functions
#   inexact (EDGES), while only a "jr" of another register marks the
#   function that has it (INDIRECT).
# Noreturn calls: aarch64 "bl abort", x86-64 "call abort", powerpc64le
# "bl abort" (then the TOC restore "nop"), riscv64 "call abort@plt" (a
# noreturn call is never a tail call "tail abort", which the checker
# takes for an exit anyway).
INDIRECT = {
    "aarch64-linux-gnu": re.compile(r"^\s*br\s+x\d+", re.M),
    "x86_64-linux-gnu": re.compile(r"^\s*jmp\s+\*", re.M),
    "powerpc64le-linux-gnu": re.compile(r"^\s*bctr\s*$", re.M),
    "riscv64-linux-gnu": re.compile(r"^\s*jr\s+(?!ra\s*$)\w+\s*$", re.M),
}
EDGES = dict(INDIRECT, **{"riscv64-linux-gnu": re.compile(r"^\s*jr\s", re.M)})
# powerpc64le: the global entry label of each function (".LCFn:", then
# "0: addis 2,12,.TOC.-.LCFn@ha") is taken by that TOC set-up only, and
# the checker gives "bctr" an edge to it too.  Such an edge arrives at the
# function's entry, before any of its head loads (every head of the cases
# is loaded in the function that uses it), so it cannot make an access
# look broken: these labels do not make a function inexact.
ENTRY_LABEL = {"powerpc64le-linux-gnu": re.compile(r"^\.LCF\d+$")}
NORETURN = {
    "aarch64-linux-gnu": re.compile(r"^\s*bl\s+(abort|exit|nr_die)\b", re.M),
    "x86_64-linux-gnu": re.compile(r"^\s*call\s+(abort|exit|nr_die)\b", re.M),
    "powerpc64le-linux-gnu": re.compile(r"^\s*bl\s+(abort|exit|nr_die)\b", re.M),
    "riscv64-linux-gnu": re.compile(r"^\s*call\s+(abort|exit|nr_die)(@plt)?\s*$", re.M),
}
LABEL = re.compile(r"^([.\w]+):", re.M)
# A load of an address from the GOT (-fPIC) is no access to order:
# aarch64 "ldr xN, [xM, :got_lo12:sym]", x86-64 "sym@GOTPCREL(%rip)",
# powerpc64le the load of the address from its TOC entry, "ld N,.LCk@toc@l(M)"
# after "addis M,2,.LCk@toc@ha" ("ld N,.LCk@toc(2)" with -mcmodel=small).
# riscv64 has none to leave out: GCC 12 writes the GOT load as the pseudo
# "la aN,sym" (also with -mexplicit-relocs; the assembler expands it to
# auipc and ld), which the checker takes for a constant, no access.
GOT = {
    "aarch64-linux-gnu": re.compile(r":got_lo12:"),
    "x86_64-linux-gnu": re.compile(r"@GOTPCREL"),
    "powerpc64le-linux-gnu": re.compile(r"^ld\s.*\.LC\d+@toc(@l)?\("),
    "riscv64-linux-gnu": None,
}


def real_accesses(result, line, target):
    got = GOT[target]
    return [a for a in result.deps[line]
            if not a.stack and not (got and got.search(a.insn_text))]


def broken_functions(result, lines, target):
    return {a.function for line in lines for a in real_accesses(result, line, target)
            if not a.dependent}


def sure_breaks(result, asm, case, target):
    """The lines broken in the assembly, the lines without an access (GOT
    loads aside), and of the broken lines the ones whose every broken
    access is where asmcheck's control flow is exact."""
    broken = {line for line in result.deps
              if any(not a.dependent for a in real_accesses(result, line, target))}
    vanished = {line for line in result.deps if not real_accesses(result, line, target)}
    entry = ENTRY_LABEL.get(target)
    taken = {name for name in CHECKER[target].parse(asm, case).address_taken
             if not (entry and entry.match(name))} if EDGES[target].search(asm) else set()
    sure = set()
    for line in broken:
        bodies = [function_body(asm, fn) for fn in broken_functions(result, {line}, target)]
        if not any(INDIRECT[target].search(b) or NORETURN[target].search(b) or
                   set(LABEL.findall(b)) & taken for b in bodies):
            sure.add(line)
    return broken, vanished, sure


def function_body(asm, name):
    m = re.search(r"^%s:\n(.*?)^\s*\.size\s+%s," % (re.escape(name), re.escape(name)),
                  asm, re.S | re.M)
    return m.group(1) if m else ""


# What orders a head's load before the later accesses, per target (the
# rules of the checkers' orders_loads(), rcuderef/asmcheck/ordering.py):
# - aarch64: a load-acquire, or "dmb ish"/"dmb ishld";
# - powerpc64le: "lwsync", "sync"/"hwsync", or GCC's acquire sequence, a
#   compare of the loaded register, "bne-" on it and "isync";
# - riscv64: a fence whose predecessor set has r and whose successor set
#   has r and w ("fence r,rw"; GCC 12 writes "fence iorw,iorw"),
#   "fence.tso", or an ".aq" LR or AMO;
# - x86-64: none needed (TSO keeps loads ordered before later loads and
#   stores); fix-up mode adds no instruction there, only its site records.
ACQUIRE = {
    "aarch64-linux-gnu": re.compile(r"^\s*(ldar|ldapr|ldaxr)\w*\s|^\s*dmb\s+ish(ld)?\b", re.M),
    "powerpc64le-linux-gnu": re.compile(
        r"^\s*(lwsync|sync|hwsync)\s*$"
        r"|^\s*cmp\w*\s+[^\n]*\n\s*bne-?\s+[^\n]*\n\s*isync\s*$", re.M),
    "riscv64-linux-gnu": re.compile(
        r"^\s*fence\s+[iow]*r[iow]*\s*,\s*(?=[iorw]*r)(?=[iorw]*w)[iorw]+\s*$"
        r"|^\s*fence\.tso\s*$|^\s*(lr|amo\w+)\.[wd]\.aq(rl)?\s", re.M),
    "x86_64-linux-gnu": None,
}


def unit(tmp_path, names, main=False):
    """A unit that includes the case files."""
    src = tmp_path / "all.c"
    names = list(names) + (["main.c"] if main else [])
    src.write_text("".join('#include "%s"\n' % os.path.join(DATA, n) for n in names))
    return src


def sweep(target, flags, tmp_path):
    """All cases under one combination: the problems found."""
    optimized = flags[0] != "-O0"
    src = unit(tmp_path, CASES)
    out = compile_modes(src, target, flags, tmp_path)
    problems = []
    for mode in ("warn", "fixup"):
        problems += ["%s: %s" % (mode, p) if mode == "fixup" else p
                     for p in stats_problems(out[mode][2], optimized)]
    problems = sorted(set(problems))
    if not optimized:
        warned = [d for d in diagnostics.parse(out["warn"][0].stderr) if d["kind"] == "warning"]
        assert warned == [], "-O0: nothing is tracked, nothing is warned"
        return problems
    if "-g" in flags:
        asm = out[None][1]
    else:
        proc, asm, _ = compile_asm(src, target, (*flags, "-g"), None, tmp_path)
        assert proc.returncode == 0, proc.stderr
    for case in CASES:
        res = truth(asm, target, case)
        broken, vanished, sure = sure_breaks(res, asm, case, target)
        warned = {line for line, msg, _ in
                  diagnostics.plugin_warnings(out["warn"][0].stderr, case)
                  if not diagnostics.is_rule_warning(msg)}
        # Every break of the final code is warned; a warning is a break,
        # or an access the final code no longer has (the GIMPLE verdict).
        for line in sorted(sure - warned):
            problems.append("%s:%d: broken in the assembly, not warned" % (case, line))
        for line in sorted(warned - broken - vanished):
            problems.append("%s:%d: warned, intact in the assembly" % (case, line))
        if ACQUIRE[target] is not None:
            # Fix-up mode protects each function whose access is broken.
            fixed = out["fixup"][1]
            for fn in sorted(broken_functions(res, sure, target)):
                if not ACQUIRE[target].search(function_body(fixed, fn)):
                    problems.append("%s: fix-up left %s without an acquire" % (case, fn))
    return problems


@BOTH
def test_option_combinations(target, tmp_path):
    """Every case, every combination: no crash, warning mode byte-identical,
    consistent stats, the warnings exactly the assembly's breaks."""
    found = set()
    for flags in COMBOS:
        found |= {(" ".join(flags), p) for p in sweep(target, flags, tmp_path)}
    assert sorted(found) == sorted(KNOWN[target])
    if found:
        pytest.xfail("plugin bugs: %s" % "; ".join(sorted({p for _, p in found})))


@BOTH
def test_markers_are_the_breaks(target, tmp_path):
    """The hand-written markers: at -O2 no marked access keeps its
    dependency in the assembly without the plugin, and every certain break
    there is marked."""
    src = unit(tmp_path, CASES)
    proc, asm, _ = compile_asm(src, target, ("-O2", "-g"), None, tmp_path)
    assert proc.returncode == 0, proc.stderr
    for case in CASES:
        _, _, marked = annotations(os.path.join(DATA, case))
        broken, vanished, sure = sure_breaks(truth(asm, target, case), asm, case, target)
        # (With -g, a load may carry the line of the closing brace: the
        # marked line then has no access left.)
        assert marked <= broken | vanished and sure <= marked, case
    # ... and the plugin warns exactly there (a break, with its notes).
    proc, _, _ = compile_asm(src, target, ("-O2",), "warn", tmp_path, stats=False)
    for case in CASES:
        _, _, marked = annotations(os.path.join(DATA, case))
        warned = diagnostics.plugin_warnings(proc.stderr, case)
        assert {line for line, _, _ in warned} == marked, case
        assert all(not diagnostics.is_rule_warning(msg) and notes for _, msg, notes in warned)


def run_program(target, exe):
    if target.startswith("x86_64"):
        cmd = [str(exe)]
    else:
        # Debian's qemu-user (mk/packages.txt) and the target's libc
        # (libc6-dev-<arch>-cross) under /usr/<triplet>.
        qemu = shutil.which(QEMU_USER[target])
        if not qemu:
            pytest.skip("%s is not installed" % QEMU_USER[target])
        cmd = [qemu, "-L", "/usr/" + target, str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@BOTH
@pytest.mark.parametrize("flags", [("-O2",), ("-O3", "-fPIC", "-fno-if-conversion"),
                                   ("-Os", "-fno-schedule-insns2", "-fno-reorder-blocks")])
def test_fixup_runs_the_same(target, flags, tmp_path):
    """Fix-up mode: the program (every case, driven by main.c) prints what
    it prints without the plugin; natively, or under QEMU's user mode
    (qemu-aarch64, qemu-ppc64le, qemu-riscv64)."""
    src = unit(tmp_path, CASES, main=True)
    outputs = {}
    for mode in (None, "fixup"):
        exe = tmp_path / ("prog.%s" % mode)
        cmd = [TARGETS[target], *flags, "-I", INCLUDE, "-Wl,-z,execstack",
               "-o", str(exe), str(src)]
        if mode:
            cmd[1:1] = ["-fplugin=" + plugin_path(target), PLUGIN_ARG + "mode=" + mode]
        proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
        assert crashed(proc) is None and proc.returncode == 0, proc.stderr[-3000:]
        outputs[mode] = run_program(target, exe)
    assert outputs["fixup"] == outputs[None]
    assert len(outputs[None].splitlines()) == len(CASES)


def huge(heads=2000, every=50):
    """One function of `heads` heads, each in its own block: a pointer head
    with three dependent loads and a branch, and every `every`th an index
    head compared with a constant and then used as the index (the constant
    replaces it: a break, by hand).  The lines of the breaks."""
    lines = ['#include "rcu_deref.h"', "struct hn { int v[4]; struct hn *next; };",
             "struct hn *hg[64];", "int hidx[64];", "int hgi[64];", "int huge(int n)", "{",
             "\tint s = 0;"]
    breaks = set()
    for k in range(heads):
        if k % every == every - 1:
            lines.append("\t{ int i = rcu_dereference(hgi[%d]); if (i == %d)"
                         % (k % 64, k % 61))
            lines.append("\t\ts += hidx[i]; /* %s */ }" % MARKER)
            breaks.add(len(lines))
        else:
            lines.append("\t{ struct hn *p = rcu_dereference(hg[%d]); "
                         "s += p->v[n & 3] + p->next->v[%d]; if (s & %d) n++; }"
                         % (k % 64, k % 4, 1 << (k % 9)))
    lines += ["\treturn s;", "}"]
    return "\n".join(lines) + "\n", heads, breaks


@BOTH
def test_huge_function(target, tmp_path):
    """2,000 heads and 5,920 dependent accesses in one function (about 5 s
    a compile with the plugin): analysed, not a fallback, and the 40 breaks
    made by hand are the warnings."""
    source, heads, breaks = huge()
    src = tmp_path / "huge.c"
    src.write_text(source)
    out = compile_modes(src, target, ("-O1",), tmp_path)
    for mode in ("warn", "fixup"):
        records = out[mode][2]
        assert stats_problems(records, True, readers=1) == []
        s = records[0]
        assert s["heads"] == heads and s["chains"] == heads
        assert s["rtl_fallback_functions"] == 0 and s["rtl_functions"] == 1
        # p->v[], p->next and p->next->v[] per pointer head, one load per
        # index head: all reach the final-code check.
        assert s["rtl_accesses"] == 3 * (heads - len(breaks)) + len(breaks)
        warned = {line for line, msg, _ in diagnostics.plugin_warnings(out[mode][0].stderr,
                                                                          "huge.c")}
        assert warned == breaks
    if target.startswith("aarch64"):
        assert len(re.findall(r"^\s*ldar\w*\s", out["fixup"][1], re.M)) >= len(breaks)


@BOTH
def test_fixed_bug_pic_got_load(target, tmp_path):
    """pic_got_bug.c: with -fPIC, x86-64 loads the array's address from the
    GOT at the access's location, and the plugin took that load (a MEM
    without MEM_EXPR) for the access, broken; a read-only MEM is no merged
    access now.  asmcheck: the access is intact on every target.  Only
    x86-64 keeps the access on line 14 with -g; aarch64, powerpc64le and
    riscv64 give it the closing brace's line 15 (line 14 then has only the
    GOT or TOC load of pic_idx's address, or nothing on riscv64, whose "la"
    is no load), so the truth reads both lines."""
    name = "pic_got_bug.c"
    src = os.path.join(DATA, name)
    out = compile_modes(src, target, ("-O2", "-fPIC"), tmp_path)
    proc, asm, _ = compile_asm(src, target, ("-O2", "-fPIC", "-g"), None, tmp_path)
    res = truth(asm, target, name)
    broken, _, _ = sure_breaks(res, asm, name, target)
    assert broken == set() and res.heads
    heads, _, _ = annotations(src)
    whole = CHECKER[target].analyze(asm, name, heads, {14, 15})
    accesses = [a for line in (14, 15) for a in real_accesses(whole, line, target)]
    assert accesses and all(a.dependent for a in accesses), accesses
    warned = {line for line, _, _ in
              diagnostics.plugin_warnings(out["warn"][0].stderr, "pic_got_bug.c")}
    assert warned == set()
    assert out["warn"][2][0]["rtl_broken"] == 0


@BOTH
def test_fixed_bug_head_merge(target, tmp_path):
    """head_merge_bug.c: the final code has the head load (asmcheck finds it
    on the head's line), so no access may be left unknown; on x86-64
    cross-jumping drops the merged load's MEM_EXPR, and both accesses were
    unknown until a volatile MEM without MEM_EXPR at a head's location
    stood for that head."""
    name = "head_merge_bug.c"
    src = os.path.join(DATA, name)
    out = compile_modes(src, target, ("-O2",), tmp_path)
    proc, asm, _ = compile_asm(src, target, ("-O2", "-g"), None, tmp_path)
    res = truth(asm, target, name)
    assert res.heads
    _, _, marked = annotations(src)
    broken, vanished, sure = sure_breaks(res, asm, name, target)
    assert marked <= broken | vanished and sure <= marked
    warned = {line for line, _, _ in diagnostics.plugin_warnings(out["warn"][0].stderr, name)}
    assert warned == marked
    s = out["warn"][2][0]
    assert s["rtl_accesses"] == 2 and s["rtl_fallback_functions"] == 0
    assert s["rtl_unknown"] == 0
