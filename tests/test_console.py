"""The console parser, on recorded boot logs (tests/data/)."""

import pytest

from qemu.harness import console
from tests.recorded import read


def test_clean_boot():
    con = console.parse(read("console-clean.log"))
    assert con.version.startswith("6.1.")
    assert con.init_lines == ["started as pid 1", "powering off"]
    assert con.faults == []
    assert con.powered_off and con.clean
    assert console.summary(con).endswith("clean power-off")


def test_panic_is_not_clean():
    con = console.parse(read("console-panic.log"))
    assert con.version is not None
    assert con.faults and con.faults[0].startswith("Kernel panic")
    assert not con.powered_off and not con.clean
    assert "fault" in console.summary(con)


def test_warning_is_a_fault():
    con = console.parse(read("console-warning.log"))
    assert [f.split()[0] for f in con.faults] == ["WARNING:"]
    assert con.powered_off and not con.clean


def test_empty_log():
    con = console.parse("")
    assert con.version is None and not con.clean
    assert "did not start" in console.summary(con)


def test_clean_boot_6_12():
    """The warning-mode test kernel of Linux 6.12: its rcutorture prints the
    state of the grace-period kthread at shutdown ("rcu: rcu_sched: wait
    state: ..."), which is not a fault."""
    con = console.parse(read("console-warn-6.12.log"))
    assert con.version == "6.12.118+"
    assert con.init_lines == ["started as pid 1",
                              "no /sys/kernel/debug/rcu_deref/fixups",
                              "waiting for rcutorture to power off (shutdown_secs=12)"]
    assert con.faults == []
    assert con.powered_off and con.clean


@pytest.mark.parametrize("log, asked, right", [
    ("console-warn-6.12.log", "6.12", True),
    ("console-warn-6.12.log", "6.1", False),
    ("console-clean.log", "6.1", True),
    ("console-clean.log", "6.12", False),
    ("console-fixup-6.12.log", "6.12", True),
])
def test_banner_is_the_version_asked_for(log, asked, right):
    """'make run' says which kernel booted, from its banner, and fails when
    it is not the version asked for (6.1 is no prefix of 6.12's 6.12.118)."""
    assert console.is_version(console.parse(read(log)).version, asked) is right


def test_no_banner_is_no_version():
    assert not console.is_version(None, "6.12")
