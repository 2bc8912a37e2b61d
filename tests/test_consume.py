"""consume=dependency on the consume cases (tests/consume/, C) and the
corpus's consume hazards: a consume load the plugin demotes to a plain
load has every dependent access depending on its register in the final
code; every access the final code broke is ordered by an acquire; the
escapes stay acquire; the default and x86-64 code are GCC's.

The truth is the aarch64 assembly (rcuderef/asmcheck: aarch64.py for the
dependencies, ordering.py for the acquires); what each head should become
is written by hand in the case ("consume: demoted", "consume: acquire
(why)", or per head line "consume:demoted" / "consume:acquire")."""
import json
import os
import re
import subprocess
import tempfile

import pytest

from rcuderef import elf
from rcuderef.asmcheck import aarch64 as asmcheck
from rcuderef.asmcheck import ordering
from rcuderef.compiler import ENV, REPO, TARGETS, plugin_path
from tests import corpus

AARCH64 = "aarch64-linux-gnu"
X86_64 = "x86_64-linux-gnu"
CONSUME = os.path.join(REPO, "tests", "consume")
INCLUDE = os.path.join(REPO, "plugin", "include")
ON = ["consume=dependency"]
CASES = sorted(f for f in os.listdir(CONSUME) if f.endswith((".c", ".cc")))
# The C++ cases' loads are libstdc++'s load(), inlined: their instructions
# carry the line of its __atomic_load_n() in this header.
CXX_LOAD_HEADER = "atomic_base.h"
# The corpus's cases whose heads are consume loads.
CORPUS_CONSUME = [c for c in corpus.cases()
                  if "__ATOMIC_CONSUME" in open(corpus.case_path(c)).read()]


def path_of(case):
    return os.path.join(CONSUME, case) if case in CASES else corpus.case_path(case)


def at_head_line(asm_text, case):
    """A C++ case's assembly with the lines of libstdc++'s atomic load
    moved to the case's first head line: the checker then sees every
    inlined load() as a head (which head, it does not tell)."""
    if not case.endswith(".cc") or ".loc" not in asm_text:
        return asm_text
    heads, _ = asmcheck.annotations(source(case))
    files = dict(re.findall(r'^\s*\.file\s+(\d+)\s+"(?:[^"]*/)?([^"/]+)"', asm_text, re.M))
    main = next((n for n, name in files.items() if name == case), None)
    header = {n for n, name in files.items() if name == CXX_LOAD_HEADER}
    if main is None:
        return asm_text

    def move(m):
        if m.group(1) not in header:
            return m.group(0)
        return "\t.loc %s %d %s" % (main, min(heads), m.group(3))
    return re.sub(r"^\s*\.loc\s+(\d+)\s+(\d+)\s*(.*)$", move, asm_text, flags=re.M)


def compile_case(case, opt, args=None, target=AARCH64, extra=("-g",), out="-S"):
    """Assembly (or object bytes with out="-c") and stderr; args None:
    without the plugin."""
    with tempfile.TemporaryDirectory() as tmp:
        dest = os.path.join(tmp, "out")
        cmd = [TARGETS[target], opt, out, "-I", CONSUME, "-I", INCLUDE, "-o", dest, *extra]
        if args is not None:
            cmd.append("-fplugin=" + plugin_path(target))
            cmd += ["-fplugin-arg-rcu_deref_plugin-" + a for a in args]
        cmd.append(path_of(case))
        r = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
        if r.returncode != 0:
            raise RuntimeError("%s failed:\n%s" % (" ".join(cmd), r.stderr))
        if out == "-c":
            with open(dest, "rb") as f:
                return f.read(), r.stderr
        with open(dest) as f:
            return at_head_line(f.read(), case), r.stderr


def source(case):
    with open(path_of(case)) as f:
        return f.read()


def expectations(case):
    """Head line -> "demoted" or "acquire", and the file's reason, read
    from the markers written by hand."""
    text = source(case)
    first = re.match(r"(?:/\*|//) consume: (demoted|acquire)(?: \((\w+)\))?", text)
    heads, _ = asmcheck.annotations(text)
    lines = text.splitlines()
    out = {}
    for h in heads:
        m = re.search(r"consume:(demoted|acquire)", lines[h - 1])
        out[h] = m.group(1) if m else first.group(1)
    return out, (first.group(2) if first else None)


def head_loads(asm_text, case, heads):
    """The load instructions on the head lines."""
    return [i for i in asmcheck.parse(asm_text, case).insns
            if i.line in heads and asmcheck.is_load(i)]


# Demoted heads the final code needs ordered, read by hand from the
# assembly: the plugin must put the acquire back.
RESTORED = {
    # One instruction loads the bucket's first pointer (entry path: from
    # the table, no head before it) and each next pointer (loop path):
    # the must-analysis sees its address not derived on the entry path.
    # Line 18 has no load of its own.
    ("hash_lookup.c", "-Os"): {19},
}


def unordered_broken(asm_text, case):
    """Dep lines whose access neither depends on a head's register nor is
    ordered after the heads by an acquire or a barrier.  A dep line that is
    also a head line, whose loads are all acquires, is left out: there one
    instruction is the first head on one path and the next on another (a
    loop's loads merged), exactly GCC's own consume code."""
    heads, deps = asmcheck.annotations(source(case))
    broken = set(asmcheck.analyze(asm_text, case, heads, deps).broken_lines)
    out = broken & ordering.unordered_dep_lines(asm_text, case, heads, deps)
    for line in list(out):
        loads = head_loads(asm_text, case, {line}) if line in heads else []
        if loads and all(asmcheck.is_acquire(i) for i in loads):
            out.discard(line)
    return out


@pytest.mark.parametrize("mode", ["warn", "fixup"])
@pytest.mark.parametrize("opt", corpus.LEVELS)
@pytest.mark.parametrize("case", CASES + CORPUS_CONSUME)
def test_every_broken_access_ordered(case, opt, mode):
    """With the option, in both modes: no dependent access is left without
    its dependency and without an acquire (the soundness of demotion)."""
    text, _ = compile_case(case, opt, ON + ["mode=" + mode])
    heads, _ = asmcheck.annotations(source(case))
    assert head_loads(text, case, heads), "no head load found in the assembly"
    assert unordered_broken(text, case) == set()


@pytest.mark.parametrize("opt", corpus.LEVELS)
@pytest.mark.parametrize("case", CASES)
def test_demoted_as_written(case, opt):
    """Each head is a plain load or an acquire as its marker says; a case
    marked broken keeps its acquire where the plain code broke it."""
    text, _ = compile_case(case, opt, ON)
    want, why = expectations(case)
    if why == "broken":
        heads, deps = asmcheck.annotations(source(case))
        plain, _ = compile_case(case, opt)
        if not asmcheck.analyze(plain, case, heads, deps).broken_lines:
            # Not broken by GCC at this level: whichever, the order holds
            # (test_every_broken_access_ordered).
            return
    if case.endswith(".cc"):
        # Every load() is at the first head line (at_head_line()).
        assert len(set(want.values())) == 1
        want = {min(want): next(iter(want.values()))}
    for line, kind in want.items():
        loads = head_loads(text, case, {line})
        if (case, opt) in RESTORED:
            if line not in RESTORED[case, opt]:
                assert not loads, "line %d has a load of its own" % line
                continue
            kind = "acquire"
        assert loads, "no load on head line %d" % line
        acquire = [asmcheck.is_acquire(i) for i in loads]
        if kind == "demoted":
            assert not any(acquire), "line %d: %s" % (line, [i.mnemonic for i in loads])
        else:
            assert all(acquire), "line %d: %s" % (line, [i.mnemonic for i in loads])


def demoted_only(case):
    """Every head of the case is marked demoted by hand."""
    return set(expectations(case)[0].values()) == {"demoted"}


@pytest.mark.parametrize("case", [c for c in CASES if demoted_only(c)])
def test_demoted_heads_keep_their_dependencies(case):
    """Every demoted head's dependent accesses depend on its register: the
    checker finds no broken dep line at all in a demoted case."""
    heads, deps = asmcheck.annotations(source(case))
    for opt in corpus.LEVELS:
        if (case, opt) in RESTORED:
            continue
        text, _ = compile_case(case, opt, ON)
        res = asmcheck.analyze(text, case, heads, deps)
        assert not res.broken_lines, (opt, res.broken_lines)


@pytest.mark.parametrize("opt", ["-O0", "-O2", "-Os"])
@pytest.mark.parametrize("case", CASES)
def test_default_and_x86_64_are_gcc(case, opt):
    """Without the option the code is GCC's, and with it on x86-64 too
    (its atomic load is no insn the final code can make an acquire again,
    and there consume and acquire cost the same)."""
    plain, _ = compile_case(case, opt, extra=())
    plugin, _ = compile_case(case, opt, [], extra=())
    assert plain == plugin
    for args in (None, ON):
        a, _ = compile_case(case, opt, args, target=X86_64, extra=())
        if args is None:
            x86_plain = a
        else:
            assert a == x86_plain


def stats_of(case, opt, args, target=AARCH64):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "stats.json")
        compile_case(case, opt, args + ["stats=" + path], target=target)
        with open(path) as f:
            return json.loads(f.read())


@pytest.mark.parametrize("case", CASES)
def test_stats_and_sites(case):
    """stats= counts the consume loads, the demoted ones and why the others
    stay acquire; each demoted load is a "demoted" site in the object."""
    want, why = expectations(case)
    st = stats_of(case, "-O2", ON)
    demoted = sum(1 for k in want.values() if k == "demoted")
    assert st["consume_checked"] == len(want)
    assert st["consume_demoted"] == demoted
    assert st["consume_acquire"] == len(want) - demoted
    if why and why != "broken":
        assert st["consume_kept_" + why] >= 1
    obj, _ = compile_case(case, "-O2", ON, out="-c")
    sites = elf.fixup_sites(obj)
    demoted_lines = {int(s.split(":")[1]) for s in sites if s.endswith(": demoted")}
    assert demoted_lines == {line for line, k in want.items() if k == "demoted"}
    # Without the option, no consume field counts anything, and nothing is
    # recorded.
    off = stats_of(case, "-O2", [])
    assert off["consume_checked"] == 0 and off["consume_demoted"] == 0
    obj, _ = compile_case(case, "-O2", [], out="-c")
    assert not [s for s in elf.fixup_sites(obj) if s.endswith(": demoted")]


def test_sites_tool_lists_demoted(tmp_path):
    obj, _ = compile_case("list_walk.c", "-O2", ON, out="-c")
    (tmp_path / "o.o").write_bytes(obj)
    r = subprocess.run([os.path.join(REPO, "tools", "rcu_deref_sites.py"),
                        str(tmp_path / "o.o")], capture_output=True, text=True)
    assert r.returncode == 0
    sites = sorted({os.path.basename(s) for s in r.stdout.split("\n")[:-1]})
    assert sites == ["list_walk.c:10: reader: demoted", "list_walk.c:12: reader: demoted"]


def test_option_errors(tmp_path):
    for bad in ("consume", "consume=release", "consume="):
        err = None
        try:
            compile_case("field_check.c", "-O2", [bad])
        except RuntimeError as e:
            err = str(e)
        assert err and "use acquire or dependency" in err, bad
        assert "internal compiler error" not in err
