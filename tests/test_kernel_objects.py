"""Generated code of the kernel's RCU users:

- warning mode changes no kernel code: the RCU users of the test kernel,
  compiled with and without the plugin, give the same assembly;
- with CONFIG_GCC_PLUGIN_RCU_DEREF=n, the series changes no generated code:
  the same objects built by kbuild from the pristine tree and from the
  series-applied tree, both with the plugin off, have the same code, data,
  relocations and symbols."""
import concurrent.futures
import os
import subprocess

import pytest

from qemu.harness import kbuild
from rcuderef import elf as elfobj
from rcuderef import layout
from tests import test_kernel

pytestmark = [pytest.mark.per_kernel, pytest.mark.per_karch]

# The warning-mode kernel's fixtures.
kernel = test_kernel.kernel
build_log = test_kernel.build_log

MAX_FILES = 24


def rcu_users(log_text, src, limit=MAX_FILES):
    """Compile commands of C files that use the rcu_dereference() family."""
    out = []
    for words in kbuild.c_compiles(log_text):
        path = os.path.join(src, words[-1])
        if not os.path.exists(path) or not kbuild.plugin_loaded(words):
            continue
        with open(path, errors="replace") as f:
            text = f.read()
        if "rcu_dereference" in text or "_rcu(" in text:
            out.append(words)
    return out[:limit]


def to_assembly(words, out_s, plugin):
    cmd = []
    skip = False
    for w in words:
        if skip:
            skip = False
            continue
        if w == "-o":
            skip = True
            continue
        if w.startswith("-Wp,-MMD") or w == "-c":
            continue
        if not plugin and ("rcu_deref_plugin" in w):
            continue
        cmd.append(w)
    return cmd[:-1] + ["-S", "-o", out_s, cmd[-1]]


def compile_pair(words, kout, tmp):
    base = os.path.join(tmp, words[-1].replace("/", "_"))
    outs = []
    for plugin in (True, False):
        s = base + (".with.s" if plugin else ".without.s")
        r = subprocess.run(to_assembly(words, s, plugin), cwd=kout,
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        with open(s) as f:
            outs.append(f.read())
    return words[-1], outs[0] == outs[1]


def test_rcu_users_identical_with_and_without_plugin(kernel, build_log, tmp_path):
    kb, _ = kernel
    src = layout.current().kernel_src
    commands = rcu_users(build_log, src)
    assert len(commands) >= MAX_FILES, "expected RCU users in the test kernel"
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        results = list(pool.map(lambda w: compile_pair(w, kb.out, str(tmp_path)), commands))
    differ = [f for f, same in results if not same]
    assert differ == []


OFF = layout.current().kernel_off
SRC = layout.current().kernel_src


def pristine_tree():
    """The pristine tree (tag "pristine" of the kernel repository), exported
    once into OFF/pristine-src: the series tree stays as is."""
    out = os.path.join(OFF, "pristine-src")
    stamp = os.path.join(OFF, "pristine-src.commit")
    commit = subprocess.run(["git", "-C", SRC, "rev-parse", "pristine^{commit}"],
                            capture_output=True, text=True, check=True).stdout.strip()
    if os.path.exists(stamp) and open(stamp).read() == commit:
        return out
    subprocess.run(["rm", "-rf", out, stamp], check=True)
    os.makedirs(out)
    archive = subprocess.Popen(["git", "-C", SRC, "archive", "--format=tar", commit],
                               stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", out], stdin=archive.stdout, check=True)
    assert archive.wait() == 0
    with open(stamp, "w") as f:
        f.write(commit)
    return out


def build_objects(tree, name, objects):
    """Build objects for the layout's architecture with its compiler (GCC 11
    when RCU_DEREF_GCC says so: qemu/kconfig.sh reads KERNEL_ARCH,
    KERNEL_CROSS and KERNEL_CC)."""
    out = os.path.join(OFF, name)
    lay = layout.current()
    env = dict(os.environ, KERNEL_ARCH=lay.karch, KERNEL_CROSS=lay.target.cross_compile,
               KERNEL_CC=lay.target.cc(lay.compiler))
    subprocess.run(["nice", "-n", "19", os.path.join(layout.REPO, "qemu", "build-objects.sh"),
                    tree, out] + objects, check=True, env=env)
    return out


def config_lines(out):
    """The options set, but the series' own (unknown to the pristine tree)."""
    with open(os.path.join(out, ".config")) as f:
        return [l for l in f.read().splitlines()
                if l.startswith("CONFIG_") and "RCU_DEREF" not in l]


@pytest.fixture(scope="module")
def option_off(build_log):
    """The RCU users picked above, built from both trees with the option off."""
    tree = pristine_tree()
    sources = [os.path.relpath(w[-1], SRC) for w in rcu_users(build_log, SRC, limit=None)]
    # The series' own files (the self-test) are not in the pristine tree.
    objects = [f[:-2] + ".o" for f in sources if os.path.exists(os.path.join(tree, f))]
    objects = objects[:MAX_FILES]
    pristine = build_objects(tree, "pristine", objects)
    series = build_objects(SRC, "series", objects)
    return objects, pristine, series


def test_option_off_same_configuration(option_off):
    """Both trees got the same configuration; the series' options are off."""
    _, pristine, series = option_off
    with open(os.path.join(series, ".config")) as f:
        assert "# CONFIG_GCC_PLUGIN_RCU_DEREF is not set\n" in f.read()
    assert len(config_lines(series)) > 100
    assert config_lines(pristine) == config_lines(series)


def test_option_off_plugin_not_loaded(option_off):
    objects, _, series = option_off
    with open(os.path.join(series, "build.log")) as f:
        compiles = list(kbuild.c_compiles(f.read()))
    # Each object was compiled (with prepare's own few), none with the plugin.
    compiled = {os.path.relpath(w[-1], SRC)[:-2] + ".o" for w in compiles}
    assert set(objects) <= compiled
    assert [w[-1] for w in compiles if any("rcu_deref" in x for x in w)] == []


def test_option_off_series_changes_no_generated_code(option_off):
    objects, pristine, series = option_off
    assert len(objects) >= MAX_FILES
    differ = {}
    for obj in objects:
        diff = elfobj.differences(os.path.join(pristine, obj), os.path.join(series, obj))
        if diff:
            differ[obj] = diff
    assert differ == {}


def test_object_comparison_sees_code_data_and_relocations(tmp_path):
    """elfobj.differences() on small objects: same source, same object;
    a changed constant, initializer or callee is seen."""
    variants = {
        "base": "int x = 1; extern int f(int); int g(void) { return f(x) + 2; }",
        "same": "int x = 1; extern int f(int); int g(void) { return f(x) + 2; }",
        "code": "int x = 1; extern int f(int); int g(void) { return f(x) + 3; }",
        "data": "int x = 5; extern int f(int); int g(void) { return f(x) + 2; }",
        "reloc": "int x = 1; extern int h(int); int g(void) { return h(x) + 2; }",
    }
    objs = {}
    for name, text in variants.items():
        # One file name for all: the object's file symbol names it.
        (tmp_path / name).mkdir()
        (tmp_path / name / "t.c").write_text(text + "\n")
        objs[name] = str(tmp_path / name / "t.o")
        subprocess.run(["aarch64-linux-gnu-gcc", "-O2", "-c", "-o", objs[name],
                        str(tmp_path / name / "t.c")], check=True)
    assert elfobj.differences(objs["base"], objs["same"]) == []
    assert elfobj.differences(objs["base"], objs["code"]) == ["section .text"]
    assert elfobj.differences(objs["base"], objs["data"]) == ["section .data"]
    assert elfobj.differences(objs["base"], objs["reloc"]) == [
        "relocations of .text", "symbols"]
