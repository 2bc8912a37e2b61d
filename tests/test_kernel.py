"""The arm64 kernel builds with the plugin loaded and boots in QEMU."""
import pytest

from qemu.harness import boot, console, kbuild


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


def test_plugin_prints_nothing_yet(build_err):
    assert kbuild.plugin_messages(build_err) == []
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
