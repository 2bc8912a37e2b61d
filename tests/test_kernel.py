"""The test kernel (warning mode) of the layout's architecture (arm64,
powerpc, riscv: RCU_DEREF_KARCH) builds with the plugin loaded and boots
in QEMU, with the plugin's KUnit self-test and a bounded rcutorture run.
The fix-up-mode kernel is tested in tests/test_kernel_fixup.py."""
import os

import pytest

from qemu.harness import boot, console, fixups, kbuild, ktap, torture
from rcuderef import layout

pytestmark = [pytest.mark.per_kernel, pytest.mark.per_karch]

LAYOUT = layout.current()
REVIEWED = LAYOUT.reviewed_warnings


def reviewed_warnings():
    """(file, line) of each reviewed warning: lines "file:line: triage"."""
    out = set()
    with open(REVIEWED) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                where = line.split(": ", 1)[0]
                path, num = where.rsplit(":", 1)
                out.add((path, int(num)))
    return out


@pytest.fixture(scope="session")
def kernel():
    return kbuild.build()


@pytest.fixture(scope="session")
def build_log(kernel):
    kb, _ = kernel
    with open(kb.log) as f:
        return f.read()


@pytest.fixture(scope="session")
def build_err(kernel):
    kb, _ = kernel
    with open(kb.err) as f:
        return f.read()


def boot_with_torture(kernel, tmp_path_factory, name):
    """Boot with a bounded rcutorture run; rcutorture powers off."""
    kb, initrd = kernel
    log = tmp_path_factory.mktemp(name) / "console.log"
    res = boot.boot(kb.image, initrd, str(log), timeout=180, append=torture.cmdline(),
                    karch=LAYOUT.karch)
    return res, console.parse(res.console)


@pytest.fixture(scope="session")
def booted(kernel, tmp_path_factory):
    return boot_with_torture(kernel, tmp_path_factory, "boot-warn")


def test_plugin_on_every_c_compile(build_log):
    compiles = list(kbuild.c_compiles(build_log))
    assert len(compiles) > 100, "expected the whole kernel in the V=1 log"
    without = [w[-1] for w in compiles if not kbuild.plugin_loaded(w)]
    # The vDSO is built with its own flags (no KCFLAGS); nothing else may miss it.
    assert all("vdso" in f for f in without), without


SELFTEST = "lib/rcu_deref_kunit.c"


def selftest_expected():
    """(file, line) of the accesses the self-test marks as broken."""
    path = os.path.join(LAYOUT.kernel_src, SELFTEST)
    with open(path) as f:
        return {(SELFTEST, n) for n, line in enumerate(f, 1)
                if "/* rcu_deref: expect-warning */" in line}


def test_plugin_warnings_are_the_expected_ones(build_err):
    """The plugin warns at the self-test's marked hazards, and anywhere else
    only where kernel-integration/V/kernel-warnings[-ARCH].txt lists (and
    triages) a warning."""
    src = LAYOUT.kernel_src
    seen = {(f, line) for f, line, _ in kbuild.plugin_warnings(build_err, src)}
    assert len(selftest_expected()) >= 2
    assert seen == selftest_expected() | reviewed_warnings()
    assert "internal compiler error" not in build_err


def check_boot(booted):
    """Booted, init ran, no WARNING:/BUG:/Oops, and rcutorture, at the end
    of its bounded run, powered the machine off (init only waited)."""
    res, con = booted
    assert not res.timed_out
    assert con.version and con.version.startswith(LAYOUT.kernel + ".")
    assert con.init_lines[0] == "started as pid 1"
    assert con.init_lines[-1] == "waiting for rcutorture to power off (shutdown_secs=%d)" % (
        torture.SHUTDOWN_SECS)
    assert con.faults == []
    assert con.powered_off
    assert res.returncode == 0


def check_torture(booted):
    """rcutorture ran for its bounded time and ended with zero errors."""
    res, _ = booted
    t = torture.parse(res.console)
    assert t.started and t.type == "rcu"
    assert t.params["shutdown_secs"] == torture.SHUTDOWN_SECS
    assert t.end == "SUCCESS", torture.summary(t)
    assert t.errors == []
    assert t.last("rtmbe") == "0" and t.last("rtbe") == "0"
    assert t.too_short_grace_periods == 0
    # It did work: grace periods went by and readers read.
    assert t.versions >= 10
    assert sum(t.pipes[-1]) > 1000
    assert t.ok


def test_boots_and_powers_off(booted):
    check_boot(booted)


def test_rcutorture_succeeds(booted):
    check_torture(booted)


def test_no_fixup_report_in_warning_mode(booted):
    res, _ = booted
    rep = fixups.parse(res.console)
    assert rep.summary is None and rep.listing is None
    assert rep.absent


SELFTEST_CASES = ["rcu_deref_eq_subst_hazard", "rcu_deref_eq_subst_safe",
                  "rcu_deref_relational_hazard", "rcu_deref_relational_safe"]


def check_selftest(booted, cases):
    """The KUnit suite's KTAP results: exactly these cases ran and passed."""
    res, _ = booted
    suite = ktap.parse(res.console).find("rcu_deref")
    assert suite is not None, "no rcu_deref suite in the KTAP output"
    assert suite.plan == len(suite.subtests)
    assert [t.name for t in suite.subtests] == cases
    assert [t.name for t in suite.subtests if not t.ok or t.skipped] == []
    assert suite.ok


def test_selftest_passes(booted):
    check_selftest(booted, SELFTEST_CASES)
