"""The plugin loads into both compilers and rejects bad input clearly."""
import pytest

from rcuderef.compiler import TARGETS, compile_c, plugin_path

SIMPLE = "int f(int *p) { return *p + 1; }\n"
BOTH = pytest.mark.parametrize("target", sorted(TARGETS))


@BOTH
def test_loads_and_compiles(target, tmp_path):
    r = compile_c(SIMPLE, target, tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    assert "f:" in (tmp_path / "t.s").read_text()


@BOTH
@pytest.mark.parametrize("args", [["mode=warn"], ["mode=fixup"], ["verbose"], ["disable"]])
def test_known_arguments_accepted(target, args, tmp_path):
    r = compile_c(SIMPLE, target, tmp_path, args=args)
    assert r.returncode == 0, r.stderr


@BOTH
@pytest.mark.parametrize("arg, message", [
    ("bogus", "unknown option '-fplugin-arg-rcu_deref_plugin-bogus'"),
    ("mode=fast", "invalid option argument '-fplugin-arg-rcu_deref_plugin-mode=fast'"),
    ("mode", "no value supplied for option '-fplugin-arg-rcu_deref_plugin-mode'"),
    ("verbose=1", "option '-fplugin-arg-rcu_deref_plugin-verbose' takes no value"),
])
def test_bad_argument_is_a_clear_error(target, arg, message, tmp_path):
    r = compile_c(SIMPLE, target, tmp_path, args=[arg])
    assert r.returncode == 1
    assert message in r.stderr
    assert "internal compiler error" not in r.stderr
    assert "failed to initialize plugin" in r.stderr


@BOTH
def test_refuses_other_gcc_release(target, tmp_path):
    """A plugin built for GCC 11.3.0 (a test build) refuses to load."""
    r = compile_c(SIMPLE, target, tmp_path, plugin_file=plugin_path(
        target, "rcu_deref_plugin-gcc11.so"))
    assert r.returncode == 1
    assert ("rcu_deref_plugin-gcc11 was built for GCC 11.3.0 targeting %s, "
            "but this compiler is GCC 12.2.0 targeting %s" % (target, target)) in r.stderr
    assert "internal compiler error" not in r.stderr


@pytest.mark.parametrize("target, other", [
    ("x86_64-linux-gnu", "aarch64-linux-gnu"),
    ("aarch64-linux-gnu", "x86_64-linux-gnu"),
])
def test_refuses_other_target(target, other, tmp_path):
    """The other target's GCC has other internals: the dynamic loader
    already refuses the plugin, and GCC says so."""
    r = compile_c(SIMPLE, target, tmp_path, plugin_target=other)
    assert r.returncode == 1
    assert "cannot load plugin %s" % plugin_path(other) in r.stderr
    assert "internal compiler error" not in r.stderr
