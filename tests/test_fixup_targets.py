"""Fix-up mode on powerpc64le and riscv64: every access the target's own
assembly shows broken (rcuderef/asmcheck/ppc64le.py, riscv64.py) is
ordered after its head in the fixed assembly (ordering.py with that
target's rule), the fix is the target's acquire fence right after the head
load (GCC 12's rs6000 and riscv back ends have no atomic_load insn: Power
gets lwsync, as the kernel's smp_load_acquire(); RISC-V gets fence
iorw,iorw, what GCC 12 emits for an acquire load), and the sites that
tools/rcu_deref_sites.py lists in the object are those the fix-up notes
name.  Nothing here takes its truth from the plugin."""
import functools
import os
import subprocess
import sys

import pytest

from rcuderef import diagnostics
from rcuderef.asmcheck import ordering
from rcuderef.compiler import ENV, REPO, TARGETS, plugin_path
from tests import corpus

NEW_TARGETS = ("powerpc64le-linux-gnu", "riscv64-linux-gnu")
FIXUP = ["mode=fixup"]
CASES = corpus.cases()
REFUSED = {"merge_before_head_hazard.c"}
MISSED = {"cancel_sub_hazard.c"}       # tests/test_corpus.py KNOWN
# The fence each target's fix-up puts after a head load, read from the
# GCC 12 back ends (rs6000 mem_thread_fence, riscv mem_thread_fence_1).
FENCE = {"powerpc64le-linux-gnu": ("lwsync", ()),
         "riscv64-linux-gnu": ("fence", ("iorw", "iorw"))}


@functools.lru_cache(maxsize=None)
def truth(case, opt, target):
    return frozenset(corpus.truth(case, opt, target))


def annotations(case):
    with open(corpus.case_path(case)) as f:
        return corpus.asmcheck.annotations(f.read())


def asm(case, target, opt, plugin_args=None):
    return corpus.compile_asm(corpus.case_path(case), target, opt,
                              plugin_args=plugin_args, extra=("-g",))[0]


def unordered(case, target, text):
    heads, deps = annotations(case)
    return ordering.unordered_dep_lines(text, case, heads, deps,
                                        corpus.CHECKERS[target])


@pytest.mark.parametrize("opt", corpus.LEVELS)
@pytest.mark.parametrize("target", NEW_TARGETS)
@pytest.mark.parametrize("case", [c for c in CASES if "_hazard" in c])
def test_fixup_orders_every_broken_access(case, target, opt):
    broken = set(truth(case, opt, target))
    if not broken:
        # Intact in this target's assembly: fix-up mode changes no code
        # (without -g: the head marker may add a file to the debug info).
        path = corpus.case_path(case)
        same = [corpus.compile_asm(path, target, opt, plugin_args=args)[0]
                for args in (None, FIXUP)]
        assert same[0] == same[1], "nothing broken, but fix-up mode changed the code"
        return
    plain = asm(case, target, opt)
    if case in REFUSED:
        with pytest.raises(RuntimeError, match="fix-up mode cannot order this access"):
            asm(case, target, opt, FIXUP)
        return
    fixed = asm(case, target, opt, FIXUP)
    if consume_source(case):
        # GCC 12 emits a consume load as an acquire (Power: cmpw; bne-;
        # isync; RISC-V: fence iorw,iorw): ordered with or without the fix.
        assert unordered(case, target, plain) == set()
    else:
        # The checker must see the broken accesses unordered without the fix.
        assert broken <= unordered(case, target, plain)
    if case in MISSED:
        assert broken & unordered(case, target, fixed), "MISSED entry is stale"
        pytest.xfail("the plugin does not see this break (tests/test_corpus.py)")
    assert not broken & unordered(case, target, fixed)


def consume_source(case):
    """Whether the case's heads are C11 consume loads (read from its source)."""
    with open(corpus.case_path(case)) as f:
        return "__ATOMIC_CONSUME" in f.read()


def fixup_notes(diags):
    out = set()
    for d in diags:
        for n in [d] + d.get("children", []):
            if n["kind"] == "note" and n["message"].startswith("fix-up:"):
                out.add(diagnostics.caret(n))
    return out


@pytest.mark.parametrize("target", NEW_TARGETS)
@pytest.mark.parametrize("case", ["eq_subst_hazard.c", "getter_noinline_hazard.c",
                                  "chain_hazard.c", "eq_subst_safe.c"])
def test_sites_listed_are_the_fixed_sites(case, target, tmp_path):
    """tools/rcu_deref_sites.py on the target's object lists the sites the
    fix-up notes name, each at a head line (an acquire fence after the head
    load) or, for a getter not inlined, at the call."""
    obj = tmp_path / (case + ".o")
    cmd = [TARGETS[target], "-O2", "-c", "-I", corpus.INCLUDE, "-o", str(obj),
           "-fdiagnostics-format=json", "-fplugin=" + plugin_path(target),
           "-fplugin-arg-rcu_deref_plugin-mode=fixup", corpus.case_path(case)]
    r = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    notes = fixup_notes(diagnostics.parse(r.stderr))
    listed = subprocess.run([sys.executable, os.path.join(REPO, "tools", "rcu_deref_sites.py"),
                             str(obj)], capture_output=True, text=True, check=True)
    sites = listed.stdout.splitlines()
    recorded = set()
    for site in sites:
        where, _, how = site.split(": ")
        path, line = where.rsplit(":", 1)
        assert how in ("acquire", "fence"), site
        recorded.add((os.path.basename(path), int(line)))
    assert recorded == notes
    assert bool(sites) == bool(truth(case, "-O2", target))


@pytest.mark.parametrize("target", NEW_TARGETS)
def test_fix_is_the_targets_fence_after_the_head(target):
    """eq_subst_hazard.c at -O2: the instruction right after the head load
    is the target's acquire fence in fix-up mode, and is not without it."""
    case = "eq_subst_hazard.c"
    heads, _ = annotations(case)
    checker = corpus.CHECKERS[target]
    mnemonic, operands = FENCE[target]
    for args, want in ((None, False), (FIXUP, True)):
        insns = checker.parse(asm(case, target, "-O2", args), case).insns
        at = [i for i, insn in enumerate(insns)
              if insn.line in heads and checker.is_load(insn)]
        assert len(at) == 1
        after = insns[at[0] + 1]
        assert ((after.mnemonic, after.operands) == (mnemonic, operands)) == want, after
