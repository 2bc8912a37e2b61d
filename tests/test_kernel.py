"""The arm64 kernel builds with the plugin loaded and boots in QEMU."""
import os

import pytest

from qemu.harness import boot, console, kbuild, ktap

REVIEWED = os.path.join(kbuild.REPO, "kernel-integration", "kernel-warnings.txt")


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


@pytest.fixture(scope="session")
def booted(kernel, tmp_path_factory):
    kb, initrd = kernel
    log = tmp_path_factory.mktemp("boot") / "console.log"
    res = boot.boot(kb.image, initrd, str(log), timeout=120)
    return res, console.parse(res.console)


def test_plugin_on_every_c_compile(build_log):
    compiles = list(kbuild.c_compiles(build_log))
    assert len(compiles) > 100, "expected the whole kernel in the V=1 log"
    without = [w[-1] for w in compiles if not kbuild.plugin_loaded(w)]
    # The vDSO is built with its own flags (no KCFLAGS); nothing else may miss it.
    assert all("vdso" in f for f in without), without


SELFTEST = "lib/rcu_deref_kunit.c"


def selftest_expected():
    """(file, line) of the accesses the self-test marks as broken."""
    path = os.path.join(kbuild.REPO, "build", "kernel", "src", SELFTEST)
    with open(path) as f:
        return {(SELFTEST, n) for n, line in enumerate(f, 1)
                if "/* rcu_deref: expect-warning */" in line}


def test_plugin_warnings_are_the_expected_ones(build_err):
    """The plugin warns at the self-test's marked hazards, and anywhere else
    only where kernel-integration/kernel-warnings.txt lists (and triages)
    a warning."""
    src = os.path.join(kbuild.REPO, "build", "kernel", "src")
    seen = {(f, line) for f, line, _ in kbuild.plugin_warnings(build_err, src)}
    assert len(selftest_expected()) >= 2
    assert seen == selftest_expected() | reviewed_warnings()
    assert "internal compiler error" not in build_err


def test_boots_and_powers_off(booted):
    res, con = booted
    assert not res.timed_out
    assert con.version and con.version.startswith("6.1.")
    assert con.init_lines[0] == "started as pid 1"
    assert con.init_lines[-1] == "powering off"
    assert con.faults == []
    assert con.powered_off
    assert res.returncode == 0


def test_selftest_passes(booted):
    """The KUnit suite's KTAP results: every case ran and passed."""
    res, _ = booted
    suite = ktap.parse(res.console).find("rcu_deref")
    assert suite is not None, "no rcu_deref suite in the KTAP output"
    assert suite.plan == len(suite.subtests) >= 4
    assert [t.name for t in suite.subtests if not t.ok or t.skipped] == []
    assert suite.ok
