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


OTHER_PAIRS = [(t, o) for t in sorted(TARGETS) for o in sorted(TARGETS) if t != o]


@pytest.mark.parametrize("target, other", OTHER_PAIRS)
def test_refuses_other_target(target, other, tmp_path):
    """A plugin built for another target is refused, without an ICE, in
    one of two ways.  When the other target's GCC has other internals
    (a symbol this compiler lacks, e.g. riscv64's cc1 has no
    this_target_rtl), the dynamic loader refuses it before any plugin
    code runs, and GCC names the plugin file (its folder names the
    target) and the missing symbol.  When it loads, the plugin's version
    check refuses it, naming both targets."""
    r = compile_c(SIMPLE, target, tmp_path, plugin_target=other)
    assert r.returncode == 1
    assert "internal compiler error" not in r.stderr
    loader = "cannot load plugin %s" % plugin_path(other)
    check = ("rcu_deref_plugin was built for GCC 12.2.0 targeting %s, "
             "but this compiler is GCC 12.2.0 targeting %s" % (other, target))
    assert (loader in r.stderr and "undefined symbol" in r.stderr) or check in r.stderr, r.stderr


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
