"""The plugin loads into both compilers and rejects bad input clearly."""
import pytest

from tests.plugin import TARGETS, compile_c

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


@pytest.mark.parametrize("target, other", [
    ("x86_64-linux-gnu", "aarch64-linux-gnu"),
    ("aarch64-linux-gnu", "x86_64-linux-gnu"),
])
def test_refuses_other_compiler(target, other, tmp_path):
    r = compile_c(SIMPLE, target, tmp_path, plugin_target=other)
    assert r.returncode == 1
    assert ("rcu_deref_plugin was built for GCC 12.2.0 targeting %s, "
            "but this compiler is GCC 12.2.0 targeting %s" % (other, target)) in r.stderr
    assert "internal compiler error" not in r.stderr
