"""The verdict is the final code: what the plugin counts and names when RTL
restores a GIMPLE break or makes one, checked against the assembly checker
and GCC's own list of passes, never against the plugin's own output."""
import functools
import json
import subprocess

import pytest

from rcuderef.compiler import ENV, TARGETS, plugin_path
from tests import corpus

AARCH64 = "aarch64-linux-gnu"
# Read by hand from tests/corpus/INDEX.md and the cases' headers: GIMPLE
# breaks these at every level; RTL gives the dependency back at -O2.
RESTORED = ("rtl_restores_eq_hazard.c", "rtl_restores_eq_select_hazard.c",
            "rtl_restores_eq_merge_hazard.c", "rtl_restores_eq_return_hazard.c",
            "rtl_restores_helper_cmp_hazard.c")
# RTL breaks these at -O2, after GIMPLE kept them.
RTL_BROKEN = ("cmp_other_hazard.c", "rtl_breaks_global_cmp_hazard.c",
              "rtl_breaks_index_cmp_hazard.c")


@functools.lru_cache(maxsize=None)
def rtl_passes(target):
    """The RTL passes GCC runs at -O2, from its own -fdump-passes."""
    r = subprocess.run([TARGETS[target], "-O2", "-S", "-o", "/dev/null",
                        "-fdump-passes", "-x", "c", "-"], input="int x;\n",
                       capture_output=True, text=True, env=ENV)
    names = set()
    for line in r.stderr.splitlines():
        word = line.strip().split(" ")[0]
        if word.startswith("rtl-"):
            names.add(word[len("rtl-"):])
    return names


def compile_case(case, target, opt, tmp_path, *args):
    stats = tmp_path / "stats.json"
    cmd = [TARGETS[target], opt, "-S", "-o", "/dev/null", "-I", corpus.INCLUDE,
           "-fplugin=" + plugin_path(target),
           "-fplugin-arg-rcu_deref_plugin-stats=" + str(stats),
           *["-fplugin-arg-rcu_deref_plugin-" + a for a in args],
           corpus.case_path(case)]
    r = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    return json.loads(stats.read_text().splitlines()[-1]), r.stderr


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("case", RESTORED)
def test_restored_break_is_traced_not_warned(case, target, tmp_path):
    assert not corpus.truth(case, "-O2", target)
    stats, err = compile_case(case, target, "-O2", tmp_path, "verbose")
    assert stats["broken_accesses"] == 0
    assert stats["rtl_restored"] >= 1
    assert "is gone from the final code" in err
    assert "warning:" not in err


# Read by hand (tests/corpus/INDEX.md): at -O2 the final code makes the
# two dep lines' loads with one instruction.
MERGED = ("rtl_restores_eq_merge_hazard.c", "rtl_restores_eq_return_hazard.c")


@pytest.mark.parametrize("case", MERGED)
def test_merged_access_is_judged_by_its_insn(case, tmp_path):
    """The access whose load RTL merged into the other branch's is counted
    as merged, not vanished, and judged intact with that insn (the probes
    see the merge before combine moves the insn: blame=probes; lazy blame's
    first compile, which probes nothing, has it vanished, and the warnings
    are the same: tests/test_blame_lazy.py)."""
    assert not corpus.truth(case, "-O2", AARCH64)
    stats, _ = compile_case(case, AARCH64, "-O2", tmp_path, "blame=probes")
    assert stats["rtl_merged"] == 1
    assert stats["rtl_vanished"] == 0 and stats["rtl_broken"] == 0


@pytest.mark.parametrize("case,target", [
    (case, target) for case in RTL_BROKEN for target in sorted(TARGETS)
    # x86-64 keeps loading through the head's register there.
    if (case, target) != ("rtl_breaks_global_cmp_hazard.c", "x86_64-linux-gnu")])
def test_rtl_break_names_an_rtl_pass(case, target, tmp_path):
    truth = corpus.truth(case, "-O2", target)
    assert truth
    stats, err = compile_case(case, target, "-O2", tmp_path)
    assert stats["rtl_breaks"] == len(truth) == stats["broken_accesses"]
    blamed = [line.split("(broken by ")[1].rstrip(")")
              for line in err.splitlines() if "(broken by " in line]
    assert blamed and all(p in rtl_passes(target) for p in blamed), blamed


@pytest.mark.parametrize("opt", corpus.LEVELS)
@pytest.mark.parametrize("case", RESTORED + RTL_BROKEN)
def test_broken_accesses_count_the_final_code(case, opt, tmp_path):
    """The stats' broken accesses are the dep lines the aarch64 assembly
    shows broken."""
    stats, _ = compile_case(case, AARCH64, opt, tmp_path)
    assert stats["broken_accesses"] == len(corpus.truth(case, opt, AARCH64))
