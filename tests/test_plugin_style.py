"""The plugin source is kernel style: checkpatch.pl --strict reports nothing
but the C++ template syntax it cannot parse, each listed with its line in
tests/checkpatch.py."""
import glob
import os

from tests import checkpatch
from rcuderef.compiler import REPO


def plugin_files():
    return sorted(glob.glob(os.path.join(REPO, "plugin", "rcu_deref*.[ch]")))


def test_checkpatch_strict_clean():
    files = plugin_files()
    assert os.path.basename(files[0]).startswith("rcu_deref_")
    findings = []
    for path in files:
        r = checkpatch.run(["--no-tree", "-f", path])
        assert "Traceback" not in r.stderr, r.stderr
        findings += checkpatch.parse(r.stdout)
        # checkpatch exits non-zero exactly when it found something.
        assert (r.returncode != 0) == bool(checkpatch.parse(r.stdout)), r.stdout
    extra, missing = checkpatch.compare(findings, {os.path.basename(f) for f in files})
    assert not extra, "checkpatch findings not listed as C++ syntax:\n" + "\n".join(extra)
    assert not missing, "listed C++ syntax findings gone (update the list):\n" + "\n".join(missing)


def test_parser_sees_findings():
    """The parser reads checkpatch's findings: a style error is one."""
    out = ("ERROR: space required before the open parenthesis '('\n"
           "#5: FILE: plugin/rcu_deref_x.c:5:\n"
           "+\tif(x)\n")
    found = checkpatch.parse(out)
    assert found == [checkpatch.Finding(
        "ERROR: space required before the open parenthesis '('",
        "rcu_deref_x.c", 5, "\tif(x)")]
    extra, _ = checkpatch.compare(found, {"rcu_deref_x.c"})
    assert extra
