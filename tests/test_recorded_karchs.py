"""The harness's parsers on boot logs recorded from the powerpc and riscv
test kernels (tests/data/console-<mode>-<V>-<arch>.log): the console of
another machine (OpenSBI's banner before Linux's, the hvc console), read
as the arm64 ones are (tests/test_console.py, test_ktap.py,
test_torture.py, test_fixup_report.py)."""
import pytest

from qemu.harness import console, fixups, ktap, torture
from tests.recorded import read

SELFTEST_CASES = ["rcu_deref_eq_subst_hazard", "rcu_deref_eq_subst_safe",
                  "rcu_deref_relational_hazard", "rcu_deref_relational_safe"]

# What each recorded boot shows, read from the log by hand: the banner's
# version, rcutorture's last writer version and last Reader Pipe, the
# self-test's failed cases, and the fix-up report's summary (sites,
# load-acquires, fences).  In fix-up mode the self-test's report case
# passes: each architecture's protection where its machine code broke the
# dependency (powerpc and riscv: a fence at the equality hazard's head).
RECORDED = {
    "console-warn-6.12-powerpc.log": dict(
        version="6.12.118+", versions=87,
        pipe=[960386, 102, 0, 0, 0, 0, 0, 0, 0, 0, 0], failed=[]),
    "console-fixup-6.12-powerpc.log": dict(
        version="6.12.118+", versions=63,
        pipe=[699924, 62, 0, 0, 0, 0, 0, 0, 0, 0, 0], failed=[],
        fixups=(2, 0, 2)),
    "console-warn-6.12-riscv.log": dict(
        version="6.12.118+", versions=103,
        pipe=[767405, 115, 0, 0, 0, 0, 0, 0, 0, 0, 0], failed=[]),
    "console-fixup-6.12-riscv.log": dict(
        version="6.12.118+", versions=87,
        pipe=[1137384, 93, 0, 0, 0, 0, 0, 0, 0, 0, 0], failed=[],
        fixups=(1, 0, 1)),
}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_clean_boot(name):
    con = console.parse(read(name))
    assert con.version == RECORDED[name]["version"]
    assert console.is_version(con.version, "6.12")
    assert con.init_lines[0] == "started as pid 1"
    assert con.init_lines[-1] == "waiting for rcutorture to power off (shutdown_secs=12)"
    assert con.faults == []
    assert con.powered_off and con.clean


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_selftest_results(name):
    fixup = "-fixup-" in name
    failed = RECORDED[name]["failed"]
    suite = ktap.parse(read(name)).find("rcu_deref")
    assert suite.ok == (not failed) and suite.plan == len(suite.subtests)
    cases = SELFTEST_CASES + (["rcu_deref_fixup_report"] if fixup else [])
    assert [(t.name, t.ok, t.directive) for t in suite.subtests] == \
        [(c, c not in failed, None) for c in cases]


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_bounded_rcutorture_run(name):
    t = torture.parse(read(name))
    assert t.type == "rcu" and t.started
    assert t.params["shutdown_secs"] == 12 and t.params["stat_interval"] == 4
    assert t.end == "SUCCESS" and t.errors == []
    assert t.versions == RECORDED[name]["versions"]
    assert t.pipes[-1] == RECORDED[name]["pipe"]
    assert t.too_short_grace_periods == 0
    assert t.ok


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_fixup_report_only_in_fixup_mode(name):
    rep = fixups.parse(read(name))
    if "-warn-" in name:
        assert rep.absent and rep.summary is None and rep.listing is None
    else:
        assert rep.complete and rep.malformed == []
        assert rep.summary == RECORDED[name]["fixups"]
