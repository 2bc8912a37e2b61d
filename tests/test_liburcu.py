"""The liburcu client programs (clients/liburcu/) with the plugin.

Each program marks, in comments, the lines where a warning is expected
(rcu:expect-warning, from the rules and the assembly), the breaks the
plugin is known to miss (rcu:expect-miss) and its known false positives
(rcu:known-fp, each with a reproducer in clients/liburcu/repro/).  The
plugin must warn exactly there on aarch64.  Independently of the plugin,
rcuderef/asmcheck must find each marked site of the aarch64 assembly broken
or intact as clients/liburcu/reading.py says, every break the plugin
misses must be broken there, and the programs must run correctly on the
host against the real liburcu.
"""
import functools
import os
import subprocess

import pytest

from clients.liburcu import sites, toolchain
from clients.liburcu.reading import READING
from rcuderef.asmcheck import ordering, x86_64
from rcuderef.asmcheck.aarch64 import analyze
from rcuderef.compiler import ENV, TARGETS

A64 = "aarch64-linux-gnu"
X86 = "x86_64-linux-gnu"
PROGRAMS = toolchain.PROGRAMS
# The builds where rcu_dereference() is a head; cache.c's heads only exist
# when it marks them.
HEAD_BUILDS = [(p, c) for p in PROGRAMS
               for c in (("marked", "volatile") if p == "cache.c" else ("consume", "volatile"))]
ALL_BUILDS = [(p, c) for p in PROGRAMS
              for c in ("consume", "volatile", "library") + (("marked",) if p == "cache.c" else ())]


@functools.lru_cache(maxsize=None)
def build(name, target, config, mode="warn"):
    return toolchain.compile_program(name, target, config, plugin_args=["mode=" + mode])


def text(name):
    with open(toolchain.source(name)) as f:
        return f.read()


def warned(diags, name, kind="warning"):
    """Lines of name with a diagnostic of kind; other files must have none."""
    lines = set()
    for d in diags:
        if d["kind"] != kind:
            continue
        caret = d["locations"][0]["caret"]
        assert os.path.basename(caret["file"]) == name, d["message"]
        lines.add(caret["line"])
    return lines


def test_aarch64_include_tree():
    root = toolchain.aarch64_include()
    config = os.path.join(root, "urcu", "config.h")
    assert not os.path.islink(config)
    assert os.path.islink(os.path.join(root, "urcu", "arch.h"))
    probe = ("#include <urcu/arch.h>\n#include <urcu/uatomic.h>\n"
             "#ifndef URCU_ARCH_AARCH64\n#error not aarch64\n#endif\n")
    proc = subprocess.run([TARGETS[A64], "-E", "-I", root, "-x", "c", "-", "-o", os.devnull],
                          input=probe, capture_output=True, text=True, env=ENV)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("name,config", ALL_BUILDS)
def test_aarch64_warnings(name, config):
    rc, diags, counts, asm, err = build(name, A64, config)
    assert rc == 0, err
    expect = sites.expected_warnings(text(name), config) if counts["heads"] else set()
    assert warned(diags, name) == expect
    if config == "library":
        # No _LGPL_SOURCE: rcu_dereference() is a call into liburcu.
        assert counts["heads"] == 0
        if name != "cache.c":
            assert "bl\trcu_dereference_sym" in asm
    if config == "consume" and name != "cache.c":
        assert counts["consume_loads"] > 0 and counts["heads"] >= counts["consume_loads"]


@pytest.mark.parametrize("name,config", ALL_BUILDS)
def test_x86_64_warnings(name, config):
    """The true warnings on x86_64 too: each marked line that x86_64's own
    assembly breaks (rcuderef/asmcheck/x86_64.py) is warned, and nothing
    outside the marked lines; the known false positives may differ."""
    rc, diags, counts, asm, err = build(name, X86, config)
    assert rc == 0, err
    src = text(name)
    got = warned(diags, name)
    if not counts["heads"]:
        assert not got
        return
    broken = set()
    for heads, deps in sites.sites(src).values():
        broken |= x86_64.analyze(asm, name, heads, deps).broken_lines
    assert sites.marked(src, config, "expect-warning") & broken <= got
    assert got <= sites.expected_warnings(src, config)


@pytest.mark.parametrize("name,config", HEAD_BUILDS)
def test_sites_against_assembly(name, config):
    """rcuderef/asmcheck's verdict on each site is the one reading.py gives, and
    each break the plugin misses is a break in the assembly."""
    src = text(name)
    asm = build(name, A64, config)[3]
    misses = sites.marked(src, config, "expect-miss")
    for site, (heads, deps) in sites.sites(src).items():
        res = analyze(asm, name, heads, deps)
        assert res.heads, (site, "no head load found")
        assert not res.vanished_lines, (site, res.vanished_lines)
        assert res.verdict == READING[name, site][0], site
        assert misses & deps <= res.broken_lines, site
        if config == "consume":
            # GCC emits memory_order_consume as a load-acquire.
            assert res.acquire, site
        if config == "volatile":
            assert not res.acquire, site
    assert misses <= {d for _, deps in sites.sites(src).values() for d in deps}


@pytest.mark.parametrize("name,config", [(p, c) for p, c in HEAD_BUILDS if c == "volatile"])
def test_fixup_mode(name, config):
    """Fix-up mode: every access of a warned site is ordered after its
    heads (rcuderef/asmcheck/ordering.py), and the object records one
    fix-up per fixed head line."""
    src = text(name)
    rc, diags, counts, asm, err = build(name, A64, config, "fixup")
    assert rc == 0, err
    warned_lines = warned(diags, name)
    assert warned_lines == sites.expected_warnings(src, config)
    fixed_heads = set()
    for site, (heads, deps) in sites.sites(src).items():
        if deps & warned_lines:
            # Each head is a load-acquire or followed by a barrier (a head
            # whose address is a register pair gets "dmb ishld").
            assert ordering.unordered_dep_lines(asm, name, heads, deps & warned_lines) == set(), site
            fixed_heads |= heads
    notes = {c["locations"][0]["caret"]["line"] for d in diags
             for c in [d] + d.get("children", [])
             if c["kind"] == "note" and c["message"].startswith("fix-up:")}
    assert notes == fixed_heads
    assert counts["fixups"] >= len(fixed_heads)


def test_fixup_builds_the_consume_list_walk():
    """routes.c's consume build once drew a false "merged load" report,
    an error in fix-up mode (repro/list_walk_merged_fp.c); it builds."""
    rc, diags, counts, asm, err = build("routes.c", A64, "consume", "fixup")
    assert rc == 0, err
    assert warned(diags, "routes.c", "error") == set()


@pytest.mark.parametrize("name,config,mode", [(p, "consume", "warn") for p in PROGRAMS]
                         + [("routes.c", "volatile", "fixup")])
def test_runs_on_host(name, config, mode, tmp_path):
    """Built with the plugin and linked against liburcu, the program runs
    and its reader sees only values the updater published."""
    exe = str(tmp_path / "prog")
    proc = toolchain.build_host(name, exe, config, mode)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([exe], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 errors" in run.stdout
