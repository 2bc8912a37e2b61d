"""The rcutorture parser, on recorded boot logs (tests/data/)."""

from qemu.harness import console, torture
from tests.recorded import read


def test_recorded_bounded_run():
    """A 12-second run of the warning-mode test kernel (-smp 4)."""
    t = torture.parse(read("console-rcutorture.log"))
    assert t.type == "rcu" and t.started
    assert t.params["shutdown_secs"] == 12 and t.params["stat_interval"] == 4
    assert t.params["nreaders"] == 3
    assert t.end == "SUCCESS"
    assert t.errors == []
    assert len(t.stats) == 4 and len(t.pipes) == 4
    assert t.versions == 81
    assert t.pipes[-1] == [752822, 67, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert t.last("rtmbe") == "0" and t.last("rtbe") == "0"
    assert t.too_short_grace_periods == 0
    assert t.ok
    assert torture.summary(t) == \
        "rcutorture (rcu): SUCCESS, 81 writer versions, 752889 reads"


def test_init_waits_and_rcutorture_powers_off():
    con = console.parse(read("console-rcutorture.log"))
    assert con.init_lines[-1] == "waiting for rcutorture to power off (shutdown_secs=12)"
    assert con.clean


def test_failure():
    """The same log with an rcutorture failure, as rcutorture prints one:
    a reader saw an object two grace periods old ("!!!" on its Reader Pipe
    line) and the test ends with FAILURE."""
    t = torture.parse(read("console-rcutorture-fail.log"))
    assert t.end == "FAILURE"
    assert t.errors == ["!!! Reader Pipe:  752822 66 1 0 0 0 0 0 0 0 0"]
    assert t.too_short_grace_periods == 1
    assert not t.ok
    assert "FAILURE" in torture.summary(t) and "1 error line(s)" in torture.summary(t)


def test_not_run():
    t = torture.parse(read("console-kunit.log"))
    assert not t.started and not t.ok
    assert torture.summary(t) == "rcutorture did not start"


def test_cmdline():
    assert torture.cmdline(20, 5) == "rcutorture.shutdown_secs=20 rcutorture.stat_interval=5"


def test_recorded_bounded_run_6_12():
    """The same run on the Linux 6.12 warning-mode test kernel; the final
    statistics are printed twice (when the readers stop, and again at the
    end of the test), the writer's version as "VER" both times."""
    t = torture.parse(read("console-warn-6.12.log"))
    assert t.type == "rcu" and t.started
    assert t.params["shutdown_secs"] == 12 and t.params["stat_interval"] == 4
    assert t.params["nreaders"] == 3
    assert t.end == "SUCCESS"
    assert t.errors == []
    assert len(t.stats) == 4 and len(t.pipes) == 4
    assert [s["ver"] for s in t.stats[:2]] == ["2", "41"]
    assert [s["VER"] for s in t.stats[2:]] == ["100", "100"]
    assert t.versions == 100
    assert t.pipes[-1] == [670223, 76, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert t.last("rtmbe") == "0" and t.last("rtbe") == "0"
    assert t.too_short_grace_periods == 0
    assert t.ok
    assert torture.summary(t) == \
        "rcutorture (rcu): SUCCESS, 100 writer versions, 670299 reads"
