"""consume=dependency on programs that run: the micro-benchmark readers
(bench/consume/readers.c: a list walk and a hash lookup through consume
loads, a writer thread publishing with release stores) compute the same
results with and without the option, on x86_64 and under qemu-aarch64,
and their aarch64 code loses its LDARs; the liburcu clients' C11 consume
build (clients/liburcu/consume_table.py) counts add up, and the programs
run with the option against the real liburcu on the host.  No timing is
measured: QEMU says nothing about the cost of an LDAR."""
import os
import re
import shutil
import subprocess

import pytest

from clients.liburcu import consume_table, toolchain
from rcuderef.compiler import ENV, QEMU_USER, REPO, TARGETS, plugin_path

READERS = os.path.join(REPO, "bench", "consume", "readers.c")
ON = "-fplugin-arg-rcu_deref_plugin-consume=dependency"
A64 = "aarch64-linux-gnu"


def build(target, option, tmp_path, out):
    cmd = [TARGETS[target], "-O2", "-pthread", "-fplugin=" + plugin_path(target)]
    if option:
        cmd.append(ON)
    exe = tmp_path / ("readers-%s-%d" % (target, option))
    r = subprocess.run(cmd + [*out, "-o", str(exe), READERS], capture_output=True,
                       text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    return exe


def function_body(asm, name):
    m = re.search(r"^%s:\n(.*?)^\s+\.size\s+%s," % (name, name), asm, re.M | re.S)
    return m.group(1)


def test_readers_code():
    """The static count: each reader's consume loads are LDARs without the
    option and plain LDRs with it (read by hand: nothing escapes them)."""
    counts = {}
    for option in (False, True):
        cmd = [TARGETS[A64], "-O2", "-S", "-o", "-", "-fplugin=" + plugin_path(A64)]
        cmd += [ON] if option else []
        asm = subprocess.run(cmd + [READERS], capture_output=True, text=True, env=ENV,
                             check=True).stdout
        for fn in ("list_reader", "hash_reader"):
            counts[fn, option] = len(re.findall(r"^\s+ldar\s", function_body(asm, fn), re.M))
    assert counts["list_reader", False] >= 2 and counts["hash_reader", False] >= 2
    assert counts["list_reader", True] == 0 and counts["hash_reader", True] == 0


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_readers_same_results(target, tmp_path):
    qemu = shutil.which(QEMU_USER.get(target, ""))
    if target != "x86_64-linux-gnu":
        assert qemu, "%s (Debian's qemu-user) is missing" % QEMU_USER[target]
    outs = []
    for option in (False, True):
        exe = build(target, option, tmp_path, ["-static"])
        run = [str(exe)] if target == "x86_64-linux-gnu" else [qemu, str(exe)]
        r = subprocess.run(run, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stdout + r.stderr
        outs.append(r.stdout)
    assert outs[0] == outs[1] == "errors 0 list 512 hash 512\n"


@pytest.mark.parametrize("name", [p for p in toolchain.PROGRAMS if p != "cache.c"])
def test_liburcu_table(name):
    """Every demoted load was an LDAR of the consume build, and the counts
    of the stats line add up."""
    loads, ldar0, ldar1, ldapr1, demoted, st = consume_table.row(name)
    assert loads >= 1
    assert ldar0 - ldar1 == demoted and ldapr1 == 0
    kept = sum(v for k, v in st.items() if k.startswith("consume_kept_"))
    assert st["consume_demoted"] + kept == st["consume_checked"] == loads


@pytest.mark.parametrize("name", [p for p in toolchain.PROGRAMS if p != "cache.c"])
def test_liburcu_runs_with_option(name, tmp_path):
    exe = str(tmp_path / "prog")
    # The plugin and its options in that order (build_host() puts extra first).
    plugin = ["-fplugin=" + plugin_path("x86_64-linux-gnu"),
              *["-fplugin-arg-rcu_deref_plugin-" + a
                for a in toolchain.CONFIGS["consume"]["plugin"]], ON]
    proc = toolchain.build_host(name, exe, "consume", None, extra=plugin)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([exe], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 errors" in run.stdout
