"""The KTAP parser, on recorded boot logs (tests/data/)."""
import os

from qemu.harness import ktap

DATA = os.path.join(os.path.dirname(__file__), "data")


def parse(name):
    with open(os.path.join(DATA, name)) as f:
        return ktap.parse(f.read())


def test_recorded_selftest_run():
    root = parse("console-kunit.log")
    assert root.plan == 1
    suite = root.find("rcu_deref")
    assert suite.ok and suite.plan == 4
    assert [(t.name, t.ok) for t in suite.subtests] == [
        ("rcu_deref_eq_subst_hazard", True),
        ("rcu_deref_eq_subst_safe", True),
        ("rcu_deref_relational_hazard", True),
        ("rcu_deref_relational_safe", True),
    ]


def test_failure_and_skip():
    suite = parse("console-kunit-fail.log").find("rcu_deref")
    assert suite.ok is False
    assert [t.name for t in suite.subtests if t.ok is False] == ["rcu_deref_eq_subst_safe"]
    (skipped,) = [t for t in suite.subtests if t.skipped]
    assert skipped.name == "rcu_deref_relational_safe" and skipped.ok


def test_no_ktap():
    with open(os.path.join(DATA, "console-clean.log")) as f:
        assert ktap.parse(f.read()).subtests == []


def test_recorded_selftest_run_6_12():
    """Linux 6.12's KUnit adds "# module: rcu_deref_kunit" to the suite's
    header and a "# Totals:" line at the end: neither is a result."""
    root = parse("console-warn-6.12.log")
    assert root.plan == 1
    assert [s.name for s in root.subtests] == ["rcu_deref"]
    suite = root.find("rcu_deref")
    assert suite.ok and suite.plan == 4
    assert [(t.name, t.ok, t.directive) for t in suite.subtests] == [
        ("rcu_deref_eq_subst_hazard", True, None),
        ("rcu_deref_eq_subst_safe", True, None),
        ("rcu_deref_relational_hazard", True, None),
        ("rcu_deref_relational_safe", True, None),
    ]
