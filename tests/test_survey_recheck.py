"""survey/recheck.py on a survey made by hand: a warning the plugin of this
checkout still gives is "kept", one it no longer gives is "gone".  The
places come from the files' markers and their own tests (the corpus's
and_zero_hazard.c is broken in the aarch64 assembly at -O2;
compound_head_pfn_arm.c's access is an arm: tests/test_plugin_regressions.py),
not from the recheck itself."""
import json
import os
import shutil
import sys

from rcuderef.compiler import REPO

sys.path.insert(0, os.path.join(REPO, "survey"))
import recheck  # noqa: E402

PLUGIN = os.path.join(REPO, "build", "plugin", "aarch64-linux-gnu", "rcu_deref_plugin.so")


def diag(src, name, line, head_line):
    """One warning of the plugin as GCC's JSON gives it (written by hand)."""
    return {"kind": "warning",
            "message": "this access no longer depends on the value loaded by ‘READ_ONCE’: "
                       "in the final code, no register of its address holds a value "
                       "derived from the load",
            "locations": [{"caret": {"file": os.path.join(src, name), "line": line,
                                     "column": 9}}],
            "children": [{"kind": "note", "message": "dependency head: ‘READ_ONCE’ loads "
                          "the value here",
                          "locations": [{"caret": {"file": os.path.join(src, name),
                                                   "line": head_line}}]}]}


def test_recheck_tells_kept_from_gone(tmp_path):
    survey = tmp_path / "survey"
    src = survey / "src"
    src.mkdir(parents=True)
    shutil.copy(os.path.join(REPO, "tests", "corpus", "and_zero_hazard.c"), src / "a.c")
    shutil.copy(os.path.join(REPO, "survey", "repro", "compound_head_pfn_arm.c"), src / "b.c")
    cmd = ("aarch64-linux-gnu-gcc -O2 -I %s -fplugin=/old/rcu_deref_plugin.so -c -o %%s %%s"
           % os.path.join(REPO, "plugin", "include"))
    (survey / "compile_commands.json").write_text(json.dumps([
        {"directory": str(src), "file": f, "command": cmd % (f[:-2] + ".o", f)}
        for f in ("a.c", "b.c")]))
    # The warning the plugin gives on a.c today, in warning mode, taken from
    # its JSON (its place: the corpus file's rcu:dep line).
    out = recheck.warned_places(str(survey), recheck.asmverdict.commands_of(str(survey)),
                                "a.o", "warn", PLUGIN)
    assert len(out) == 1
    (place, head_at), = out
    line, head_line = int(place.rsplit(":", 1)[1]), int(head_at.rsplit(":", 1)[1])
    text = (src / "a.c").read_text().splitlines()
    assert "rcu:dep" in text[line - 1] and "rcu:head" in text[head_line - 1]
    for sub, obj, d in (("diag", "a.o", diag(str(src), "a.c", line, head_line)),
                        ("read-once/diag", "b.o", diag(str(src), "b.c", 42, 33))):
        (survey / sub).mkdir(parents=True, exist_ok=True)
        (survey / sub / (obj + ".json")).write_text(json.dumps([d]))
    res = recheck.recheck(str(survey), PLUGIN, 1)
    got = {(e["run"], e["place"]): (e["kept_in"], e["gone_in"]) for e in res["entries"]}
    assert got == {("warn", "a.c:%d" % line): (["a.o"], []),
                   ("read-once", "b.c:42"): ([], ["b.o"])}


def test_compile_tree_is_the_commands_tree():
    """A survey restored from its archive names the tree it was made in
    (src-path.txt); its objects compiled again elsewhere name theirs, which
    compile_tree() finds from the command (a relative or absolute C file)."""
    argv = ["gcc", "-c", "-o", "mm/ksm.o", "/w/survey/6.1/src/mm/ksm.c"]
    assert recheck.compile_tree(argv, "/w/survey/6.1/out", "mm/ksm.o") == "/w/survey/6.1/src"
    argv[-1] = "../src/mm/ksm.c"
    assert recheck.compile_tree(argv, "/w/survey/6.1/out", "mm/ksm.o") == "/w/survey/6.1/src"
    argv[-1] = "other.c"
    assert recheck.compile_tree(argv, "/w", "mm/ksm.o") is None
