"""The plugin source is kernel style: checkpatch.pl --strict is clean."""
import os
import subprocess

from rcuderef import layout
from rcuderef.compiler import REPO


def test_checkpatch_strict_clean():
    checkpatch = os.path.join(layout.current().kernel_src, "scripts", "checkpatch.pl")
    r = subprocess.run([checkpatch, "--strict", "--no-tree", "--terse", "-f",
                        os.path.join(REPO, "plugin", "rcu_deref_plugin.c")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout
    assert r.stdout == "", r.stdout
