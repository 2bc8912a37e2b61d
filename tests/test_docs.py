"""The documentation the series touches builds with Sphinx, warning-free."""
import os
import shutil
import subprocess

import pytest

from tests import test_series
from tests.test_series import SRC

pytestmark = pytest.mark.per_kernel

series = test_series.series

TOUCHED = ("Documentation/RCU/rcu_dereference.rst",
           "Documentation/RCU/checklist.rst",
           "Documentation/kbuild/gcc-plugins.rst")


def test_touched_docs_build_without_warnings(series, tmp_path):
    """Sphinx (Debian's python3-sphinx) on the touched files alone, -W."""
    src = tmp_path / "src"
    src.mkdir()
    names = []
    for rel in TOUCHED:
        name = rel.replace("/", "_")
        shutil.copy(os.path.join(SRC, rel), src / name)
        names.append(name[:-4])
    (src / "conf.py").write_text("project = 'rcu-deref docs check'\n")
    (src / "index.rst").write_text(
        "Docs\n====\n\n.. toctree::\n\n" + "".join("   %s\n" % n for n in names))
    r = subprocess.run(["/usr/bin/python3", "-m", "sphinx", "-W", "-q", "-b", "html",
                        str(src), str(tmp_path / "out")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_docs_describe_the_plugin(series):
    with open(os.path.join(SRC, TOUCHED[0])) as f:
        text = f.read()
    assert "CONFIG_GCC_PLUGIN_RCU_DEREF" in text
    assert "rcu_deref plugin" in text
