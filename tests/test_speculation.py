"""Value speculation with profile feedback (-fprofile-use): programs in
tests/speculation/ are trained under qemu-aarch64, rebuilt with the
profile, and the plugin's verdict is checked against the aarch64
assembly."""
import functools
import os
import shutil
import subprocess

from rcuderef import diagnostics
from rcuderef.asmcheck import aarch64 as asmcheck
from rcuderef.asmcheck import ordering
from rcuderef.compiler import ENV, REPO, plugin_path

CC = "aarch64-linux-gnu-gcc"
HERE = os.path.join(REPO, "tests", "speculation")
INCLUDE = os.path.join(REPO, "plugin", "include")
QEMU = shutil.which("qemu-aarch64")


def run(cmd, cwd):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, "%s\n%s" % (" ".join(cmd), r.stderr)
    return r


@functools.lru_cache(maxsize=None)
def trained(name, tmp):
    """A directory holding name.c and the profile of a run of it."""
    assert QEMU, "qemu-aarch64 (Debian's qemu-user) is missing"
    os.makedirs(tmp, exist_ok=True)
    shutil.copy(os.path.join(HERE, name + ".c"), tmp)
    run([CC, "-O2", "-fprofile-generate", "-I", INCLUDE, "-c", name + ".c",
         "-o", name + ".o"], tmp)
    run([CC, "-static", "-fprofile-generate", name + ".o", "-o", name], tmp)
    run([QEMU, "./" + name], tmp)
    assert os.path.exists(os.path.join(tmp, name + ".gcda"))
    return tmp


def build(name, tmp_path_factory, profile, args=None):
    """(assembly, JSON diagnostics) of name.c, with or without the profile."""
    tmp = trained(name, str(tmp_path_factory.getbasetemp() / ("train-" + name)))
    cmd = [CC, "-O2", "-g", "-S", "-o", name + ".s", "-I", INCLUDE,
           "-fdiagnostics-format=json", "-Wno-missing-profile"]
    if profile:
        cmd.append("-fprofile-use")
    if args is not None:
        cmd += ["-fplugin=" + plugin_path("aarch64-linux-gnu")]
        cmd += ["-fplugin-arg-rcu_deref_plugin-" + a for a in args]
    r = run(cmd + [name + ".c"], tmp)
    with open(os.path.join(tmp, name + ".s")) as f:
        return f.read(), diagnostics.parse(r.stderr)


def annotations(name):
    with open(os.path.join(HERE, name + ".c")) as f:
        return asmcheck.annotations(f.read())


def broken_lines(name, asm):
    heads, deps = annotations(name)
    return asmcheck.analyze(asm, name + ".c", heads, deps).broken_lines


def test_profile_speculates_the_modulo_and_the_plugin_says_so(tmp_path_factory):
    name = "mod_profile"
    plain, _ = build(name, tmp_path_factory, profile=False)
    asm, diags = build(name, tmp_path_factory, profile=True, args=[])
    # The truth, from the assembly: intact without the profile, broken with it.
    assert broken_lines(name, plain) == set()
    assert broken_lines(name, asm) == {20}
    warns = [d for d in diags if d["kind"] == "warning"]
    assert [diagnostics.caret(d) for d in warns] == [(name + ".c", 20)]
    notes = " ".join(c["message"] for c in warns[0]["children"])
    assert "value speculation" in notes and "-fprofile-use" in warns[0]["message"]


def test_no_profile_no_warning(tmp_path_factory):
    _, diags = build("mod_profile", tmp_path_factory, profile=False, args=[])
    assert [d for d in diags if d["kind"] == "warning"] == []


def test_fixup_orders_the_speculated_access(tmp_path_factory):
    name = "mod_profile"
    asm, _ = build(name, tmp_path_factory, profile=True, args=["mode=fixup"])
    heads, deps = annotations(name)
    assert ordering.unordered_dep_lines(asm, name + ".c", heads, deps) == set()
    plain, _ = build(name, tmp_path_factory, profile=True)
    assert ordering.unordered_dep_lines(plain, name + ".c", heads, deps) == {20}


def test_speculative_indirect_call_keeps_the_dependency(tmp_path_factory):
    name = "ops_profile"
    asm, diags = build(name, tmp_path_factory, profile=True, args=[])
    heads, deps = annotations(name)
    res = asmcheck.analyze(asm, name + ".c", heads, deps)
    program = asmcheck.parse(asm, name + ".c")
    # The call was speculated: reader compares the handler with hot_handler
    # and has hot_handler's body inlined (its line 12 access).
    reader = [i for i in program.insns if i.function == "reader"]
    assert any("hot_handler" in i.text for i in reader)
    inlined = [a for a in res.deps.get(12, []) if a.function == "reader"]
    assert inlined and all(a.dependent for a in inlined)
    assert [d for d in diags if d["kind"] == "warning"] == []
