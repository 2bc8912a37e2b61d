"""The kernel patch series (kernel-integration/): generated, applies on the
pristine tree, checkpatch-clean, and carries the plugin of plugin/."""
import glob
import os
import subprocess

import pytest

from rcuderef import layout
from rcuderef.compiler import REPO
from tests import checkpatch

pytestmark = pytest.mark.per_kernel

LAYOUT = layout.current()
SRC = LAYOUT.kernel_src
OUT = LAYOUT.series_out


@pytest.fixture(scope="module")
def series():
    subprocess.run(["make", "-s", "-C", REPO, "series", "BUILD=" + LAYOUT.build,
                    "KERNEL=" + LAYOUT.kernel], check=True)
    patches = sorted(glob.glob(os.path.join(OUT, "0*.patch")))
    assert os.path.basename(patches[0]) == "0000-cover-letter.patch"
    return patches[1:]


def test_applies_to_pristine_tree(series, tmp_path):
    """git apply into an index read from the pristine tag, patch by patch."""
    env = dict(os.environ, GIT_INDEX_FILE=str(tmp_path / "index"))
    subprocess.run(["git", "-C", SRC, "read-tree", "pristine"], env=env, check=True)
    for patch in series:
        r = subprocess.run(["git", "-C", SRC, "apply", "--cached", patch],
                           env=env, capture_output=True, text=True)
        assert r.returncode == 0, (patch, r.stderr)


def test_checkpatch_strict(series):
    """Nothing to report, but in patch 1 the listed C++ template syntax of
    the plugin (tests/checkpatch.py)."""
    for patch in series:
        r = checkpatch.run([patch], cwd=SRC)
        assert "Traceback" not in r.stderr, r.stderr
        findings = checkpatch.parse(r.stdout)
        if patch != series[0]:
            assert r.returncode == 0 and not findings, (patch, r.stdout)
            continue
        extra, missing = checkpatch.compare(findings, set(plugin_files()))
        assert not extra, "\n".join(extra)
        assert not missing, "\n".join(missing)


def plugin_files():
    """The files patch 1 must carry: every plugin/rcu_deref*.c and plugin/*.h."""
    names = glob.glob(os.path.join(REPO, "plugin", "rcu_deref*.c"))
    names += glob.glob(os.path.join(REPO, "plugin", "*.h"))
    return sorted(os.path.basename(n) for n in names)


def added_files(patch_text):
    """Each file the patch adds or changes -> its lines after the patch,
    for new files; None for changed ones."""
    files = {}
    for part in patch_text.split("\ndiff --git a/")[1:]:
        name = part.split(" ", 1)[0]
        new = "\nnew file mode" in part.split("\n@@", 1)[0]
        body = part.split("\n@@", 1)[1].split("\n", 1)[1] if new else ""
        files[name] = ([l[1:] for l in body.splitlines() if l.startswith("+")]
                       if new else None)
    return files


def test_carries_the_plugin_of_plugin_dir(series):
    """One source of truth: the plugin files the series adds are plugin/'s,
    every one of them, byte for byte."""
    with open(series[0]) as f:
        files = added_files(f.read())
    carried = sorted(os.path.basename(n) for n in files
                     if n.startswith("scripts/gcc-plugins/rcu_deref"))
    assert carried == plugin_files()
    for name in carried:
        with open(os.path.join(REPO, "plugin", name)) as f:
            assert files["scripts/gcc-plugins/" + name] == f.read().splitlines(), name


def test_builds_the_plugin_from_all_its_files(series):
    """scripts/gcc-plugins/Makefile links every .c of the plugin into
    rcu_deref_plugin.so, with the kernel's rule for multi-file plugins."""
    with open(os.path.join(SRC, "scripts", "gcc-plugins", "Makefile")) as f:
        text = f.read()
    line = text.split("rcu_deref_plugin-objs :=", 1)[1].split("\n\n", 1)[0]
    objs = sorted(line.replace("\\", " ").split())
    assert objs == sorted(n[:-2] + ".o" for n in plugin_files() if n.endswith(".c"))
    # The kernel's rule reads the -objs variable before it lists the plugins.
    assert text.index("rcu_deref_plugin-objs :=") < text.index("plugin-single\t:=")


def test_every_patch_signed_off(series):
    for patch in series:
        with open(patch) as f:
            text = f.read()
        author = text.split("\nFrom: ", 1)[1].split("\nDate:", 1)[0].replace("\n", "")
        assert "Signed-off-by: " + author in text.replace("\n ", " ")


def test_series_inputs_do_not_copy_the_plugin():
    for patch in glob.glob(os.path.join(LAYOUT.series_inputs, "patches", "*.patch")):
        with open(patch) as f:
            assert "rcu_deref_plugin.c" not in f.read().split("---", 1)[1].split("\n\n")[0]
