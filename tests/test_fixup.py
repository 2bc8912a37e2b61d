"""Fix-up mode on the hazard corpus: every access the assembly shows broken
is ordered after its head by a load-acquire or a fence, the code of the
safe cases does not change, and the sites recorded in the object file are
the ones the diagnostics name.

The ordering truth comes from rcuderef/asmcheck/ordering.py, which reads the
aarch64 assembly only."""
import functools
import json
import os
import subprocess
import sys

import pytest

from rcuderef import diagnostics, elf
from rcuderef.asmcheck import aarch64 as asmcheck
from rcuderef.asmcheck import ordering
from rcuderef.compiler import ENV, REPO, TARGETS, plugin_path
from tests import corpus

AARCH64 = "aarch64-linux-gnu"
FIXUP = ["mode=fixup"]
CASES = corpus.cases()
SAFE = [c for c in CASES if "_safe" in c]
# Broken, then merged with a load made before the head: an acquire at the
# head cannot order it, so fix-up mode refuses with an error.
REFUSED = {"merge_before_head_hazard.c"}
# The plugin's known misses (tests/test_corpus.py KNOWN): nothing to fix.
MISSED = {("cancel_sub_hazard.c", opt) for opt in corpus.LEVELS}


def consume_source(case):
    """Whether the case's heads are C11 consume loads (read from its source)."""
    with open(corpus.case_path(case)) as f:
        return "__ATOMIC_CONSUME" in f.read()


# Hazards whose heads are consume loads: GCC 12 already emits them as LDAR,
# so every access is ordered with or without fix-up mode, and "no broken
# access left unordered" would hold whatever the plugin does.  They have a
# test of their own (test_fixup_keeps_consume_acquires) that checks what
# fix-up mode does to them: nothing to the code, a site at the head.
CONSUME_HAZARDS = [c for c in CASES if "_hazard" in c and consume_source(c)]


@functools.lru_cache(maxsize=None)
def truth(case, opt):
    return frozenset(corpus.truth(case, opt))


def annotations(case):
    with open(corpus.case_path(case)) as f:
        return asmcheck.annotations(f.read())


def asm(case, opt, plugin_args=None, extra=()):
    text, err = corpus.compile_asm(corpus.case_path(case), AARCH64, opt,
                                   plugin_args=plugin_args, extra=("-g", *extra))
    return text, err


def unordered(case, text):
    heads, deps = annotations(case)
    return ordering.unordered_dep_lines(text, case, heads, deps)


@pytest.mark.parametrize("opt", corpus.LEVELS)
@pytest.mark.parametrize("case", [c for c in CASES if c not in CONSUME_HAZARDS])
def test_fixup_orders_every_broken_access(case, opt):
    broken = set(truth(case, opt))
    heads, deps = annotations(case)
    plain, _ = asm(case, opt)
    if case in REFUSED and broken:
        with pytest.raises(RuntimeError, match="fix-up mode cannot order this access"):
            asm(case, opt, FIXUP)
        return
    fixed, _ = asm(case, opt, FIXUP)
    if not broken:
        # Without -g: the plugin's head marker may add a file to the debug
        # information; the code must be the same.
        path = corpus.case_path(case)
        same = [corpus.compile_asm(path, AARCH64, opt, plugin_args=args)[0]
                for args in (None, FIXUP)]
        assert same[0] == same[1], "nothing broken, but fix-up mode changed the code"
        return
    if not asmcheck.analyze(plain, case, heads, deps).acquire:
        # The checker must see the broken accesses unordered without the fix.
        assert broken <= unordered(case, plain)
    if (case, opt) in MISSED:
        assert broken & unordered(case, fixed), "MISSED entry is stale"
        pytest.xfail("the plugin does not see this break (tests/test_corpus.py)")
    assert not broken & unordered(case, fixed)


def without_sites(text):
    """Assembly without the section of recorded fix-up sites: the strings
    fix-up mode adds, and nothing else, when it changes no instruction."""
    out, skipping = [], False
    for line in text.splitlines():
        word = line.split()[0] if line.split() else ""
        if word == ".section" and "__rcu_deref_fixups" in line:
            skipping = True
            continue
        if skipping and (word in (".type", ".size", ".string", ".align", ".p2align")
                         or word.startswith("__rcu_deref_site")):
            continue
        skipping = False
        out.append(line)
    return out


def test_without_sites():
    text = ("\t.text\nf:\n\tret\n\t.section\t__rcu_deref_fixups,\"a\"\n"
            "\t.type\t__rcu_deref_site.4, %object\n\t.size\t__rcu_deref_site.4, 18\n"
            "__rcu_deref_site.4:\n\t.string\t\"x.c:1: f: acquire\"\n"
            "\t.ident\t\"GCC\"\n\t.section\t.note.GNU-stack\n")
    assert without_sites(text) == ["\t.text", "f:", "\tret", "\t.ident\t\"GCC\"",
                                   "\t.section\t.note.GNU-stack"]
    # An instruction after the site's strings is kept: it is code.
    assert without_sites("\t.section\t__rcu_deref_fixups\n\tdmb\tishld\n") == ["\tdmb\tishld"]


@pytest.mark.parametrize("opt", corpus.LEVELS)
@pytest.mark.parametrize("case", CONSUME_HAZARDS)
def test_fixup_keeps_consume_acquires(case, opt, tmp_path):
    """A consume head is already a load-acquire: fix-up mode changes no
    instruction (no second acquire, no fence), and records the site at the
    head, as it does for a head it turns into an acquire."""
    broken = set(truth(case, opt))
    heads, deps = annotations(case)
    plain, _ = asm(case, opt)
    # The truth, from the assembly alone: broken dependencies, and every
    # head an acquire that orders every dependent access without the plugin.
    assert broken, "no broken access: not a consume hazard at this level"
    insns = asmcheck.parse(plain, case).insns
    head_loads = [i for i in insns if i.line in heads and asmcheck.is_load(i)]
    assert head_loads and all(asmcheck.is_acquire(i) for i in head_loads)
    assert unordered(case, plain) == set()
    path = corpus.case_path(case)
    without = corpus.compile_asm(path, AARCH64, opt)[0]
    fixed = corpus.compile_asm(path, AARCH64, opt, plugin_args=FIXUP)[0]
    assert without_sites(fixed) == without_sites(without), "fix-up mode changed the code"
    obj, diags = compile_object(case, tmp_path, FIXUP, opt=opt)
    with open(obj, "rb") as f:
        sites = elf.fixup_sites(f.read())
    recorded = set()
    for site in sites:
        where, _, how = site.split(": ")
        path, line = where.rsplit(":", 1)
        assert how == "acquire" and int(line) in heads, site
        recorded.add((os.path.basename(path), int(line)))
    assert recorded and recorded == fixup_notes(diags)


@pytest.mark.parametrize("opt", ("-O0",) + corpus.LEVELS)
@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("case", SAFE)
def test_fixup_leaves_safe_cases_unchanged(case, target, opt):
    path = corpus.case_path(case)
    without, _ = corpus.compile_asm(path, target, opt)
    fixed, _ = corpus.compile_asm(path, target, opt, plugin_args=FIXUP)
    assert fixed == without


def compile_object(case, tmp_path, args, target=AARCH64, opt="-O2"):
    out = tmp_path / (case + ".o")
    cmd = [TARGETS[target], opt, "-c", "-I", corpus.INCLUDE, "-o", str(out),
           "-fdiagnostics-format=json", "-fplugin=" + plugin_path(target),
           *["-fplugin-arg-rcu_deref_plugin-" + a for a in args],
           corpus.case_path(case)]
    r = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    return out, diagnostics.parse(r.stderr)


def fixup_notes(diags):
    """(file basename, line) of each "fix-up:" note."""
    out = set()
    for d in diags:
        for n in [d] + d.get("children", []):
            if n["kind"] == "note" and n["message"].startswith("fix-up:"):
                out.add(diagnostics.caret(n))
    return out


FIXED = [c for c in CASES if "_hazard" in c and c not in REFUSED
         and (c, "-O2") not in MISSED]


@pytest.mark.parametrize("case", FIXED)
def test_sites_recorded_are_the_fixed_sites(case, tmp_path):
    obj, diags = compile_object(case, tmp_path, FIXUP)
    notes = fixup_notes(diags)
    with open(obj, "rb") as f:
        sites = elf.fixup_sites(f.read())
    if not truth(case, "-O2"):
        # Intact in the assembly (single_elem_array_hazard.c): nothing to fix.
        assert sites == [] and notes == set()
        return
    recorded = set()
    heads, _ = annotations(case)
    for site in sites:
        where, function, how = site.split(": ")
        path, line = where.rsplit(":", 1)
        recorded.add((os.path.basename(path), int(line)))
        assert how in ("acquire", "fence")
        if how == "acquire":
            assert int(line) in heads, "an acquire away from the head: " + site
    assert recorded and recorded == notes


def test_warning_mode_records_no_site(tmp_path):
    obj, diags = compile_object("eq_subst_hazard.c", tmp_path, [])
    with open(obj, "rb") as f:
        assert elf.fixup_sites(f.read()) == []
    assert not fixup_notes(diags)


def test_fixup_mode_still_warns():
    for case in ("eq_subst_hazard.c", "getter_noinline_hazard.c", "bool_or_hazard.c"):
        _, warn_err = asm(case, "-O2", [], ("-fdiagnostics-format=json",))
        _, fix_err = asm(case, "-O2", FIXUP, ("-fdiagnostics-format=json",))
        warned = [(line, msg) for line, msg, _ in diagnostics.plugin_warnings(warn_err, case)]
        fixed = [(line, msg) for line, msg, _ in diagnostics.plugin_warnings(fix_err, case)]
        assert warned and fixed == warned


def head_mnemonics(text, case):
    heads, _ = annotations(case)
    return {i.mnemonic for i in asmcheck.parse(text, case).insns
            if i.line in heads and asmcheck.is_load(i)}


@pytest.mark.parametrize("march, insn", [("armv8-a", "ldar"), ("armv8.2-a", "ldar"),
                                         ("armv8.3-a", "ldapr"), ("armv8.2-a+rcpc", "ldapr")])
def test_acquire_instruction_follows_the_target(march, insn):
    case = "eq_subst_hazard.c"
    plain, _ = asm(case, "-O2", None, ("-march=" + march,))
    fixed, _ = asm(case, "-O2", FIXUP, ("-march=" + march,))
    assert head_mnemonics(plain, case) == {"ldr"}
    assert head_mnemonics(fixed, case) == {insn}
    assert not unordered(case, fixed)


def test_stats_count_the_fixed_sites(tmp_path):
    stats = tmp_path / "stats.jsonl"
    for case in ("eq_subst_hazard.c", "eq_subst_safe.c"):
        compile_object(case, tmp_path, FIXUP + ["stats=" + str(stats)])
    lines = [json.loads(line) for line in stats.read_text().splitlines()]
    assert [os.path.basename(s["file"]) for s in lines] == ["eq_subst_hazard.c",
                                                           "eq_subst_safe.c"]
    hazard, safe = lines
    # One head, one dependent access (the rcu:head and rcu:dep comments).
    assert (hazard["heads"], hazard["accesses"]) == (1, 1)
    assert (hazard["broken_accesses"], hazard["fixups"]) == (1, 1)
    assert (safe["heads"], safe["broken_accesses"], safe["fixups"]) == (1, 0, 0)
    assert hazard["volatile_loads"] >= 1 and hazard["consume_loads"] == 0


def test_site_lister_rejects_non_elf(tmp_path):
    junk = tmp_path / "junk"
    junk.write_text("not an object")
    r = subprocess.run([sys.executable, os.path.join(REPO, "tools", "rcu_deref_sites.py"),
                        str(junk)], capture_output=True, text=True)
    assert r.returncode == 1 and "not an ELF file" in r.stderr


MISALIGNED = """
#include "rcu_deref.h"
struct foo { int a; int b; };
struct foo defs[2];
struct holder { char tag; struct foo *p; } __attribute__((packed)) holder;

int reader(void)
{
	struct foo *p = rcu_dereference(holder.p);

	if (p == &defs[1])
		return p->b;
	return 0;
}
"""


def test_misaligned_head_gets_a_fence(tmp_path):
    """LDAR needs natural alignment: a packed head keeps its plain load and
    an acquire fence follows it."""
    src = tmp_path / "packed.c"
    src.write_text(MISALIGNED)
    for name, args in (("plain", None), ("fixed", FIXUP)):
        cmd = [TARGETS[AARCH64], "-O2", "-g", "-S", "-I", corpus.INCLUDE,
               "-o", str(tmp_path / (name + ".s")), str(src)]
        if args:
            cmd += ["-fplugin=" + plugin_path(AARCH64),
                    "-fplugin-arg-rcu_deref_plugin-mode=fixup"]
        r = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
        assert r.returncode == 0, r.stderr
    heads, deps = {9}, {12}
    plain = (tmp_path / "plain.s").read_text()
    fixed = (tmp_path / "fixed.s").read_text()
    assert ordering.unordered_dep_lines(plain, "packed.c", heads, deps) == {12}
    assert ordering.unordered_dep_lines(fixed, "packed.c", heads, deps) == set()
    insns = asmcheck.parse(fixed, "packed.c").insns
    assert not any(asmcheck.is_acquire(i) for i in insns)
    assert any(i.mnemonic == "dmb" and i.operands == ("ishld",) for i in insns)
