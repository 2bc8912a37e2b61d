"""The plugin's work is linear in the size of its input.

Time on this shared machine is noise, and a large function's IR outgrows
the caches, so the timed benchmark (make bench) cannot show linearity by
itself.  The stats option counts the work instead (walk_steps: statements
scanned, uses visited, values seeded, over every walk of every pass and
probe): on the generated readers of the benchmark, tripling the size must
triple the work, within a few percent.
"""
import json
import os
import subprocess

import pytest

from bench import gen, scaling
from rcuderef.compiler import ENV, REPO, TARGETS, plugin_path

INCLUDE = os.path.join(REPO, "plugin", "include")
TARGET = "aarch64-linux-gnu"
SIZES = (300, 1000, 3000)


def unit_stats(tmp_path, params, mode):
    """The plugin's stats record of a generated reader (bench/gen.py)."""
    text, _ = gen.generate(**params)
    src = tmp_path / "gen.c"
    src.write_text(text)
    stats = tmp_path / "stats.jsonl"
    if stats.exists():
        stats.unlink()
    r = subprocess.run([TARGETS[TARGET], "-O2", "-S", "-o", os.devnull, "-I", INCLUDE,
                        "-fplugin=" + plugin_path(TARGET),
                        "-fplugin-arg-rcu_deref_plugin-mode=" + mode,
                        "-fplugin-arg-rcu_deref_plugin-stats=" + str(stats), str(src)],
                       capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr[-2000:]
    (line,) = stats.read_text().splitlines()
    return json.loads(line)


def walk_steps(tmp_path, params, mode):
    return unit_stats(tmp_path, params, mode)["walk_steps"]


@pytest.mark.parametrize("mode", ["warn", "fixup"])
@pytest.mark.parametrize("series", sorted(scaling.SERIES))
def test_work_grows_linearly(series, mode, tmp_path):
    params = scaling.SERIES[series][1]
    steps = [walk_steps(tmp_path, params(x), mode) for x in SIZES]
    ratios = [b / a for a, b in zip(steps, steps[1:])]
    growth = [y / x for x, y in zip(SIZES, SIZES[1:])]
    for r, g in zip(ratios, growth):
        assert 0.9 * g <= r <= 1.1 * g, (series, SIZES, steps)


def test_work_counter_sees_a_quadratic_input(tmp_path):
    """The counter is not blind: a function whose PHIs each merge every
    earlier head (a chain of n selects over n heads) costs more than
    linear work in n."""
    def source(n):
        lines = ['#include "rcu_deref.h"', "struct node { struct node *next; int v; };",
                 "struct node *gp[%d];" % n, "int use(struct node *);",
                 "int reader(int c)", "{"]
        lines += ["\tstruct node *h%d = rcu_dereference(gp[%d]);" % (i, i) for i in range(n)]
        lines.append("\tint s = 0;")
        for i in range(n):
            arms = " : ".join("c == %d ? h%d" % (j, j) for j in range(i + 1))
            lines.append("\ts += use(%s : 0);" % arms)
        lines += ["\treturn s;", "}"]
        return "\n".join(lines) + "\n"

    def steps(n):
        src = tmp_path / ("q%d.c" % n)
        src.write_text(source(n))
        stats = tmp_path / ("q%d.jsonl" % n)
        r = subprocess.run([TARGETS[TARGET], "-O2", "-S", "-o", os.devnull, "-I", INCLUDE,
                            "-fplugin=" + plugin_path(TARGET),
                            "-fplugin-arg-rcu_deref_plugin-stats=" + str(stats), str(src)],
                           capture_output=True, text=True, env=ENV)
        assert r.returncode == 0, r.stderr[-2000:]
        return json.loads(stats.read_text())["walk_steps"]
    # The input itself grows as n * n; so must the work.
    assert steps(40) > 3 * steps(20)


def test_rtl_work_grows_linearly_with_the_chain(tmp_path):
    """The RTL analyses' work (rtl_steps: insns transferred, and the tracked
    accesses looked at to find the one an insn makes at its location) on
    one function whose chain grows: a MEM without MEM_EXPR is matched with
    the accesses made at its location through an index, not by a scan of
    every tracked access (which made the probes quadratic: 27 G
    instructions in cc1 for a chain of 3,000 steps)."""
    params = scaling.SERIES["length"][1]
    small, large = (unit_stats(tmp_path, params(x), "warn")["rtl_steps"] for x in (300, 900))
    assert large < 3.6 * small, (small, large)
