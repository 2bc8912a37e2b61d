"""The benchmark's program generator (bench/gen.py) makes what it says.

The scaling benchmark (make bench) divides the plugin's time by the number
of heads and chain steps the generator claims.  Here the heads are counted
independently, in the preprocessed source (each rcu_dereference() expands
to one __rcu_deref_head() marker call, each consume load to
__atomic_load_n(..., 1)), and by the plugin's statistics; the equality
tests the generator plants to give fix-up mode work must be the warnings,
on their lines, and nothing else.
"""
import json
import re
import subprocess

import pytest

from bench import gen
from rcuderef import diagnostics
from rcuderef.asmcheck import aarch64 as asmcheck
from rcuderef.compiler import ENV, PLUGIN_ARG, REPO, plugin_path

CC = "aarch64-linux-gnu-gcc"
INCLUDE = REPO + "/plugin/include"
PARAMS = [
    dict(functions=1, heads=7, length=3, broken_every=3),
    dict(functions=3, heads=4, length=11, broken_every=2),
    dict(functions=2, heads=10, length=0, broken_every=0),
]


def preprocessed_heads(path):
    """(marker calls, consume loads) in the preprocessed source."""
    out = subprocess.run([CC, "-E", "-P", "-D__RCU_DEREF_PLUGIN__", "-I", INCLUDE, str(path)],
                 capture_output=True, text=True, check=True).stdout
    out = out.split("__attribute__((__nothrow__, __leaf__));", 1)[1]
    return (len(re.findall(r"__rcu_deref_head\s*\(", out)),
        len(re.findall(r"__atomic_load_n\s*\([^;]*,\s*1\s*\)", out)))


@pytest.mark.parametrize("params", PARAMS, ids=lambda p: "f%(functions)d-h%(heads)d-l%(length)d" % p)
def test_generator_counts(tmp_path, params):
    text, counts = gen.generate(**params)
    src = tmp_path / "g.c"
    src.write_text(text)
    marked, consume = preprocessed_heads(src)
    assert counts["heads"] == params["functions"] * params["heads"]
    assert (counts["rcu_dereference"], counts["consume"]) == (marked, consume)
    assert counts["steps"] == params["functions"] * params["heads"] * params["length"]

    stats = tmp_path / "stats.jsonl"
    r = subprocess.run([CC, "-O2", "-S", "-I", INCLUDE, "-o", str(tmp_path / "g.s"),
                "-fplugin=" + plugin_path("aarch64-linux-gnu"),
                PLUGIN_ARG + "stats=" + str(stats),
                "-fdiagnostics-format=json", str(src)],
               capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    st = json.loads(stats.read_text())
    assert st["heads"] == marked + consume
    assert st["consume_loads"] == consume
    assert st["functions"] == params["functions"]

    planted = [i + 2 for i, line in enumerate(text.splitlines())
           if line.strip() == "if (q == &def_node) {"]
    assert len(planted) == counts["broken"]
    # The warnings are the breaks of the final code (the assembly checker
    # on the same compile): GCC 12 -O2 breaks the planted accesses in
    # GIMPLE, and cse1 gives each its head's register back.
    heads, deps = asmcheck.annotations(text)
    assert set(planted) <= deps
    asm = asmcheck.compile_to_asm(str(src), cc=CC, opt="-O2", extra=("-I", INCLUDE))
    truth = asmcheck.analyze(asm, "g.c", heads, deps)
    warned = sorted(line for line, _, _ in diagnostics.plugin_warnings(r.stderr, "g.c"))
    assert warned == sorted(truth.broken_lines)
