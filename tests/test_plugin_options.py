"""Diagnostics machinery and options, on one broken and one safe reader.

Truth for EQ_SUBST: the rule ("comparing pointers obtained from
rcu_dereference() against non-NULL values"), and test_eq_subst_is_broken
checks that GCC really loads def.a through its own address there.
"""
import json
import os

import pytest

from rcuderef import diagnostics
from rcuderef.asmcheck import aarch64 as asmcheck

from rcuderef.compiler import REPO, TARGETS, compile_c

INCLUDE = ("-I", os.path.join(REPO, "plugin", "include"))
EQ_SUBST = """\
#include "rcu_deref.h"
struct foo { int a; };
struct foo *gp;
struct foo def;
int reader(void)
{
	struct foo *p = rcu_dereference(gp); /* rcu:head */
	if (p == &def)
		return p->a; /* rcu:dep */
	return 0;
}
"""
SAFE = EQ_SUBST.replace("p == &def", "p != 0")
READ_ONCE_SUBST = EQ_SUBST.replace("rcu_dereference(gp)", "READ_ONCE(gp)")
CONSUME_SUBST = EQ_SUBST.replace("rcu_dereference(gp)",
                                 "__atomic_load_n(&gp, __ATOMIC_CONSUME)")
BOTH = pytest.mark.parametrize("target", sorted(TARGETS))


def warnings(source, target, tmp_path, args=(), opt="-O2"):
    r = compile_c(source, target, tmp_path, args=args,
                  extra=(opt, "-fdiagnostics-format=json", *INCLUDE))
    assert r.returncode == 0, r.stderr
    return diagnostics.plugin_warnings(r.stderr, "t.c")


def test_eq_subst_is_broken(tmp_path):
    src = tmp_path / "eq.c"
    src.write_text(EQ_SUBST)
    res = asmcheck.compile_and_analyze(str(src), opt="-O2", extra=INCLUDE)
    assert res.broken_lines == {9}


@BOTH
def test_warning_at_access_with_notes(target, tmp_path):
    (w,) = warnings(EQ_SUBST, target, tmp_path)
    line, message, notes = w
    assert line == 9
    assert "no longer depends on the value loaded by 'rcu_dereference'" in message
    assert "(broken by evrp)" in message
    assert any("the address of 'def'" in n for n in notes)
    assert any(n.startswith("dependency head:") for n in notes)
    assert any("Documentation/RCU/rcu_dereference.rst" in n and
               "comparing pointers" in n for n in notes)


@BOTH
def test_safe_reader_is_quiet(target, tmp_path):
    assert warnings(SAFE, target, tmp_path) == []


@BOTH
def test_werror_makes_it_an_error(target, tmp_path):
    r = compile_c(EQ_SUBST, target, tmp_path, extra=("-O2", "-Werror", *INCLUDE))
    assert r.returncode == 1
    assert "error: this access no longer depends" in r.stderr


@BOTH
def test_no_analysis_without_optimization(target, tmp_path):
    assert warnings(EQ_SUBST, target, tmp_path, opt="-O0") == []


@BOTH
def test_consume_load_is_a_head(target, tmp_path):
    (w,) = warnings(CONSUME_SUBST, target, tmp_path)
    assert w[0] == 9 and "memory_order_consume load" in w[1]


@BOTH
def test_read_once_heads_option(target, tmp_path):
    assert warnings(READ_ONCE_SUBST, target, tmp_path) == []
    (w,) = warnings(READ_ONCE_SUBST, target, tmp_path, args=["read-once-heads"])
    assert w[0] == 9 and "'READ_ONCE'" in w[1]


def test_verbose_lists_chains(tmp_path):
    r = compile_c(EQ_SUBST, "aarch64-linux-gnu", tmp_path, args=["verbose"],
                  extra=("-O2", *INCLUDE))
    lines = [l for l in r.stderr.splitlines() if l.startswith("rcu_deref: ")]
    assert any(":7:" in l and "head" in l for l in lines)
    assert any(":9:" in l and "dependent load" in l for l in lines)


def test_dump_files(tmp_path):
    r = compile_c(EQ_SUBST, "x86_64-linux-gnu", tmp_path, args=["dump"],
                  extra=("-O2", *INCLUDE, "-dumpdir", str(tmp_path) + "/"))
    assert r.returncode == 0, r.stderr
    mark = list(tmp_path.glob("*.rcu_deref_mark"))
    check = list(tmp_path.glob("*.rcu_deref_check"))
    assert mark and check
    assert "dependent load" in mark[0].read_text()


def test_marker_without_plugin_is_nothing(tmp_path):
    """Without the plugin the header adds no marker call."""
    r = compile_c(EQ_SUBST, "x86_64-linux-gnu", tmp_path, plugin=False,
                  extra=("-O2", *INCLUDE))
    assert r.returncode == 0
    assert "__rcu_deref_head" not in (tmp_path / "t.s").read_text()


def records(tmp_path, source=EQ_SUBST, target="aarch64-linux-gnu", extra=("-O2",)):
    """The records option's units for source, and the compile."""
    path = tmp_path / "records.jsonl"
    r = compile_c(source, target, tmp_path, args=["records=" + str(path)],
                  extra=(*extra, *INCLUDE))
    assert r.returncode == 0, r.stderr
    return [json.loads(line) for line in path.read_text().splitlines()], r


@BOTH
def test_records_option_lists_heads_and_accesses(target, tmp_path):
    (unit,), _ = records(tmp_path, target=target)
    assert unit["file"].endswith("t.c")
    (head,) = unit["heads"]
    assert head["function"] == "reader"
    assert head["head"].endswith("t.c:7") and head["primitive"] == "rcu_dereference"
    assert [(a["place"].rsplit(":", 1)[1], a["store"]) for a in head["accesses"]] == \
        [("9", False)]
    # the head's own load depends on nothing: it is among the others
    assert any(o["place"].endswith("t.c:7") for o in unit["others"])


def test_records_option_appends_one_line_per_unit(tmp_path):
    records(tmp_path)
    units, _ = records(tmp_path, SAFE)
    assert len(units) == 2


def test_records_option_changes_nothing_else(tmp_path):
    """The option only writes its file: the same warnings, the same code."""
    plain = compile_c(EQ_SUBST, "aarch64-linux-gnu", tmp_path,
                      extra=("-O2", "-fdiagnostics-format=json", *INCLUDE))
    asm = (tmp_path / "t.s").read_text()
    _, r = records(tmp_path, extra=("-O2", "-fdiagnostics-format=json"))
    assert r.stderr == plain.stderr and "no longer depends" in r.stderr
    assert (tmp_path / "t.s").read_text() == asm


def test_records_option_at_o0_lists_no_head(tmp_path):
    (unit,), _ = records(tmp_path, extra=("-O0",))
    assert unit["heads"] == []


@pytest.mark.parametrize("arg, message", [
    ("records", "needs a file name"),
    ("records=", "needs a file name"),
    ("records=/nonexistent-dir/r.jsonl", "cannot open the rcu_deref records file"),
])
def test_records_option_bad_path_is_an_error(arg, message, tmp_path):
    r = compile_c(EQ_SUBST, "aarch64-linux-gnu", tmp_path, args=[arg],
                  extra=("-O2", *INCLUDE))
    assert r.returncode != 0
    assert message in r.stderr
    assert "internal compiler error" not in r.stderr
