"""Lazy blame (plugin/rcu_deref_lazy.c, blame=lazy, the default): a unit
probes nothing; only a unit with a warning is compiled a second time, with
probes, to name the pass that broke each dependency.  Its warnings must be
those of blame=probes, passes included; a unit without a warning runs no
second compile and no probe; where the second compile cannot run, the
plugin probes, or shows its warnings without the pass.  Expected verdicts
come from the assembly checker (tests/corpus.py truth()), passes from
blame=probes, which probes in the compile itself."""
import json
import os
import re
import subprocess

import pytest

from tests import corpus
from rcuderef.compiler import ENV, PLUGIN_ARG, cc, plugin_path

AARCH64 = "aarch64-linux-gnu"
# GIMPLE breaks the final code keeps (the pass is GIMPLE's), one RTL made,
# and one only a probe settles (the access's insn went into the return).
CASES = ["eq_subst_hazard.c", "rel_lt_hazard.c", "rtl_breaks_global_cmp_hazard.c",
         "rtl_restores_eq_return_hazard.c"]
RESTORED = "rtl_restores_eq_return_hazard.c"
BROKEN_BY = re.compile(r" \(broken by ([^)]*)\)")


def run(path, opt, args=(), extra=(), env=None, tmp_path=None, stdin=None):
    """(exit status, JSON diagnostics, stats) of one compile to assembly."""
    stats = tmp_path / "stats.json"
    if stats.exists():
        stats.unlink()
    cmd = [cc(AARCH64), opt, "-S", "-I", corpus.INCLUDE, "-o", str(tmp_path / "out.s"),
           "-fdiagnostics-format=json", "-fplugin=" + plugin_path(AARCH64),
           PLUGIN_ARG + "stats=%s" % stats, *[PLUGIN_ARG + a for a in args], *extra]
    cmd += ["-x", "c", "-"] if stdin else [path]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env or ENV, input=stdin)
    diags = json.loads(r.stderr) if r.stderr.strip() else []
    record = json.loads(stats.read_text().splitlines()[-1]) if stats.exists() else None
    return r.returncode, diags, record


def warnings(diags):
    """(line, message) of each warning, with its notes' lines and texts."""
    return [(d["locations"][0]["caret"]["line"], d["message"],
             tuple((c["locations"][0]["caret"]["line"], c["message"])
                   for c in d.get("children", [])))
            for d in diags if d["kind"] == "warning"]


def broken_lines(diags):
    return {line for line, message, _ in warnings(diags)
            if "no longer depends" in message}


@pytest.mark.parametrize("opt", corpus.LEVELS)
@pytest.mark.parametrize("case", CASES)
def test_lazy_warns_as_probes_do(case, opt, tmp_path):
    path = corpus.case_path(case)
    rc, lazy, lazy_stats = run(path, opt, tmp_path=tmp_path)
    assert rc == 0
    rc, probes, probes_stats = run(path, opt, ("blame=probes",), tmp_path=tmp_path)
    assert rc == 0
    # tests/test_corpus.py checks these verdicts against the assembly.
    assert warnings(lazy) == warnings(probes)
    # Only a unit that warns (or might: RESTORED at -O2, -O3 and -Os) pays
    # a second compile, and the first probes nothing.
    assert lazy_stats["probes"] == 0 and lazy_stats["probes_unchanged"] == 0
    assert lazy_stats["blame_compiles"] == (
        1 if warnings(lazy) or (case == RESTORED and opt != "-O1") else 0)
    assert probes_stats["probes"] > 0 and probes_stats["blame_compiles"] == 0


def test_the_passes_are_named(tmp_path):
    """The second compile named a pass in every broken warning of the cases
    where one was named with probes (not only equal silence)."""
    named = 0
    for case in CASES:
        for opt in corpus.LEVELS:
            _, diags, _ = run(corpus.case_path(case), opt, tmp_path=tmp_path)
            named += sum(bool(BROKEN_BY.search(m)) for _, m, _ in warnings(diags))
    assert named >= 8


def test_a_safe_unit_runs_no_second_compile(tmp_path):
    rc, diags, stats = run(corpus.case_path("eq_subst_safe.c"), "-O2",
                           tmp_path=tmp_path)
    assert rc == 0 and not warnings(diags)
    assert stats["heads"] > 0 and stats["probes"] == 0 and stats["blame_compiles"] == 0


@pytest.mark.parametrize("opt", ["-O2", "-O3", "-Os"])
def test_only_the_second_compile_settles_a_merged_access(opt, tmp_path):
    """rtl_restores_eq_return_hazard.c: the line-17 access, broken in
    GIMPLE, went into the insn of line 18's intact access, which combine
    moved into the return (tests/corpus/INDEX.md; the checker: intact).
    The final code alone cannot tell where it went: blame=none keeps the
    GIMPLE verdict and warns; blame=lazy asks the second compile, whose
    probes saw the merge, and does not."""
    path = corpus.case_path(RESTORED)
    assert corpus.truth(RESTORED, opt) == set()
    _, lazy, stats = run(path, opt, tmp_path=tmp_path)
    _, none, _ = run(path, opt, ("blame=none",), tmp_path=tmp_path)
    assert broken_lines(lazy) == set() and stats["blame_compiles"] == 1
    assert broken_lines(none) == {17}
    assert not any(BROKEN_BY.search(m) for _, m, _ in warnings(none))


def test_without_the_second_compile_no_pass_is_named(tmp_path):
    """A second compile that cannot run (no temporary file in TMPDIR): the
    warnings are shown without the pass, and an access only a probe could
    settle keeps the GIMPLE verdict, as with blame=none."""
    env = dict(ENV, TMPDIR=str(tmp_path / "missing"))
    case = "eq_subst_hazard.c"
    rc, diags, stats = run(corpus.case_path(case), "-O2", env=env, tmp_path=tmp_path)
    assert rc == 0 and stats["blame_compiles"] == 1
    assert broken_lines(diags) == corpus.truth(case, "-O2") != set()
    assert not any(BROKEN_BY.search(m) for _, m, _ in warnings(diags))
    _, diags, _ = run(corpus.case_path(RESTORED), "-O2", env=env, tmp_path=tmp_path)
    assert broken_lines(diags) == {17}


def test_standard_input_is_probed(tmp_path):
    """The input cannot be read twice: the compile probes itself."""
    path = corpus.case_path("eq_subst_hazard.c")
    with open(path) as f:
        source = f.read()
    rc, diags, stats = run(path, "-O2", tmp_path=tmp_path, stdin=source)
    assert rc == 0 and stats["probes"] > 0 and stats["blame_compiles"] == 0
    assert any(BROKEN_BY.search(m) for _, m, _ in warnings(diags))


@pytest.mark.parametrize("args,extra", [
    (("mode=fixup",), ()),
    (("consume=dependency",), ()),
    ((), ("-fdump-tree-optimized",)),
    ((), ("-fstack-usage",)),
])
def test_compiles_that_probe_themselves(args, extra, tmp_path):
    """Fix-up and consume=dependency decide code from the verdicts, and a
    dump or stack-usage file would be written again: these probe."""
    _, diags, stats = run(corpus.case_path("eq_subst_hazard.c"), "-O2", args,
                          extra, tmp_path=tmp_path)
    assert stats["probes"] > 0 and stats["blame_compiles"] == 0


def test_the_second_compile_leaves_the_outputs_alone(tmp_path):
    """The assembly and the dependency file are the first compile's: the
    second writes to /dev/null and writes no dependency file."""
    path = corpus.case_path("eq_subst_hazard.c")
    dep = tmp_path / "out.d"
    outputs = {}
    for blame in ("lazy", "probes"):
        rc, diags, stats = run(path, "-O2", ("blame=" + blame,),
                               extra=("-MMD", "-MF", str(dep)), tmp_path=tmp_path)
        assert rc == 0 and stats["blame_compiles"] == (blame == "lazy")
        outputs[blame] = ((tmp_path / "out.s").read_text(), dep.read_text())
        dep.unlink()
    assert outputs["lazy"] == outputs["probes"]
    assert outputs["lazy"][1].startswith(str(tmp_path / "out.s") + ":")


def test_werror_fails_the_compile(tmp_path):
    """A warning shown at the end of the unit still fails -Werror."""
    rc, diags, _ = run(corpus.case_path("eq_subst_hazard.c"), "-O2",
                       extra=("-Werror",), tmp_path=tmp_path)
    assert rc != 0 and any(d["kind"] == "error" for d in diags)


def test_no_temporary_file_is_left(tmp_path):
    env = dict(ENV, TMPDIR=str(tmp_path / "tmp"))
    os.mkdir(tmp_path / "tmp")
    run(corpus.case_path("eq_subst_hazard.c"), "-O2", env=env, tmp_path=tmp_path)
    assert os.listdir(tmp_path / "tmp") == []


def test_blame_is_an_option(tmp_path):
    rc, _, _ = run(corpus.case_path("eq_subst_safe.c"), "-O2", ("blame=all",),
                   tmp_path=tmp_path)
    assert rc != 0
