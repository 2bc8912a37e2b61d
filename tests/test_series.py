"""The kernel patch series (kernel-integration/): generated, applies on the
pristine tree, checkpatch-clean, and carries the plugin of plugin/."""
import glob
import os
import subprocess

import pytest

from rcuderef import layout
from rcuderef.compiler import REPO

LAYOUT = layout.current()
SRC = LAYOUT.kernel_src
OUT = LAYOUT.series_out
# spdxcheck.py, run by checkpatch, needs Debian's python3 (with ply).
ENV = dict(os.environ, PATH="/usr/bin:" + os.environ.get("PATH", ""))


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
    for patch in series:
        r = subprocess.run([os.path.join(SRC, "scripts", "checkpatch.pl"), "--strict",
                            "--terse", patch], cwd=SRC, env=ENV,
                           capture_output=True, text=True)
        # --terse prints one line per problem, nothing when clean.
        assert r.returncode == 0 and r.stdout == "", (patch, r.stdout)
        assert "Traceback" not in r.stderr, r.stderr


def test_carries_the_plugin_of_plugin_dir(series):
    """One source of truth: the plugin file the series adds is plugin/'s."""
    with open(series[0]) as f:
        text = f.read()
    marker = "+++ b/scripts/gcc-plugins/rcu_deref_plugin.c\n"
    assert marker in text
    hunk = text.split(marker, 1)[1].split("\ndiff --git", 1)[0]
    added = [l[1:] for l in hunk.splitlines()[1:] if l.startswith("+")]
    with open(os.path.join(REPO, "plugin", "rcu_deref_plugin.c")) as f:
        assert added == f.read().splitlines()


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
