"""The plugin loads into both compilers and rejects bad input clearly."""
import subprocess

import pytest

from rcuderef.compiler import COMPILERS, TARGETS, cc, compile_c, plugin_path

SIMPLE = "int f(int *p) { return *p + 1; }\n"
BOTH = pytest.mark.parametrize("target", sorted(TARGETS))
EVERY_GCC = pytest.mark.parametrize("gcc", COMPILERS)
# (the compiler's release, the release the loaded plugin was built for)
OTHER_GCC = [(a, b) for a in COMPILERS for b in COMPILERS if a != b]


@BOTH
@EVERY_GCC
def test_loads_and_compiles(target, gcc, tmp_path):
    r = compile_c(SIMPLE, target, tmp_path, gcc=gcc)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    assert "f:" in (tmp_path / "t.s").read_text()


@BOTH
@EVERY_GCC
@pytest.mark.parametrize("args", [["mode=warn"], ["mode=fixup"], ["verbose"], ["disable"]])
def test_known_arguments_accepted(target, gcc, args, tmp_path):
    r = compile_c(SIMPLE, target, tmp_path, args=args, gcc=gcc)
    assert r.returncode == 0, r.stderr


@BOTH
@pytest.mark.parametrize("arg, message", [
    ("bogus", "unknown option '-fplugin-arg-rcu_deref_plugin-bogus'"),
    ("mode=fast", "invalid option argument '-fplugin-arg-rcu_deref_plugin-mode=fast'"),
    ("mode", "no value supplied for option '-fplugin-arg-rcu_deref_plugin-mode'"),
    ("verbose=1", "option '-fplugin-arg-rcu_deref_plugin-verbose' takes no value"),
])
@EVERY_GCC
def test_bad_argument_is_a_clear_error(target, gcc, arg, message, tmp_path):
    r = compile_c(SIMPLE, target, tmp_path, args=[arg], gcc=gcc)
    assert r.returncode == 1
    assert message in r.stderr
    assert "internal compiler error" not in r.stderr
    assert "failed to initialize plugin" in r.stderr


def full_version(target, gcc):
    """The release as the compiler itself reports it (12.2.0, 11.3.0)."""
    return subprocess.run([cc(target, gcc), "-dumpfullversion"], check=True,
                          capture_output=True, text=True).stdout.strip()


@BOTH
@pytest.mark.parametrize("gcc, plugin_gcc", OTHER_GCC)
def test_refuses_other_gcc_release(target, gcc, plugin_gcc, tmp_path):
    """The plugin built for one GCC release, loaded by the other (GCC 12
    loading GCC 11's and GCC 11 loading GCC 12's), refuses to load, naming
    both releases."""
    r = compile_c(SIMPLE, target, tmp_path, gcc=gcc, plugin_gcc=plugin_gcc)
    built, running = full_version(target, plugin_gcc), full_version(target, gcc)
    assert built != running
    assert r.returncode == 1
    assert ("rcu_deref_plugin was built for GCC %s targeting %s, "
            "but this compiler is GCC %s targeting %s"
            % (built, target, running, target)) in r.stderr
    assert "failed to initialize plugin %s" % plugin_path(target, gcc=plugin_gcc) in r.stderr
    assert "internal compiler error" not in r.stderr


OTHER_PAIRS = [(t, o) for t in sorted(TARGETS) for o in sorted(TARGETS) if t != o]


@pytest.mark.parametrize("target, other", OTHER_PAIRS)
@EVERY_GCC
def test_refuses_other_target(target, other, gcc, tmp_path):
    """The other target's GCC has other internals: the plugin's symbols
    from GCC are weak (plugin/plugin.mk), so it reaches its version check,
    which names both targets."""
    r = compile_c(SIMPLE, target, tmp_path, plugin_target=other, gcc=gcc)
    v = full_version(target, gcc)
    assert r.returncode == 1
    assert ("rcu_deref_plugin was built for GCC %s targeting %s, "
            "but this compiler is GCC %s targeting %s" % (v, other, v, target)) in r.stderr
    assert "failed to initialize plugin %s" % plugin_path(other, gcc=gcc) in r.stderr
    assert "internal compiler error" not in r.stderr


def test_target_check_names_both_targets(tmp_path):
    """The pairs whose plugin loads reach the plugin's own check (found by
    running each pair; if GCC's internals change, this says so)."""
    seen = set()
    for target, other in OTHER_PAIRS:
        r = compile_c(SIMPLE, target, tmp_path, plugin_target=other)
        if "targeting %s, but this compiler is GCC 12.2.0 targeting %s" % (other, target) in r.stderr:
            seen.add((target, other))
    assert {("powerpc64le-linux-gnu", "riscv64-linux-gnu"),
            ("powerpc64le-linux-gnu", "x86_64-linux-gnu")} <= seen
