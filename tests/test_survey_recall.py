"""The records option and survey/recall.py, the plugin's recall.

The enumeration is checked against the corpus's markers, written by hand
(/* rcu:head */, /* rcu:dep */); the classification against corpus files
whose aarch64 assembly is known (eq_subst_hazard.c is broken at -O2, as
test_eq_subst_is_broken checks on its twin in test_plugin_options.py;
chain_safe.c is intact); the report's counting against recall data
written here by hand."""
import json
import os
import shutil
import subprocess
import sys

import pytest

from rcuderef.asmcheck import dataflow
from rcuderef.compiler import ENV, REPO, cc, plugin_path

sys.path.insert(0, os.path.join(REPO, "survey"))
import recall  # noqa: E402

AARCH64 = "aarch64-linux-gnu"
CORPUS = os.path.join(REPO, "tests", "corpus")
INCLUDE = os.path.join(REPO, "plugin", "include")
PLUGIN = plugin_path(AARCH64)

# Corpus files whose marked accesses reach the head only through a call's
# result or a parameter (a helper, a getter, a clone): the records list the
# head, not those accesses (plugin/rcu_deref_listing.c).
THROUGH_CALLS = {
    "and_zero_hazard.c", "and_zero_safe.c", "cancel_sub_hazard.c", "cancel_sub_safe.c",
    "getter_inline_hazard.c", "getter_inline_safe.c", "getter_noinline_hazard.c",
    "getter_noinline_safe.c", "inline_helper_hazard.c", "inline_helper_safe.c",
    "inline_mask_hazard.c", "inline_mask_safe.c", "ipa_cp_clone_hazard.c",
    "ipa_cp_clone_safe.c", "ipa_sra_safe.c", "mod_one_hazard.c", "mod_one_safe.c",
    "mul_zero_hazard.c", "narrow_short_mask_hazard.c", "narrow_short_mask_safe.c",
    "narrow_u16_mod_hazard.c", "or_ones_hazard.c", "or_ones_safe.c",
    "ptr_add_sub_hazard.c", "rtl_restores_getter_eq_hazard.c",
    "rtl_restores_getter_eq_safe.c", "rtl_restores_helper_access_hazard.c",
    "rtl_restores_helper_access_safe.c",
}


def compile_records(path, tmp_path):
    """(assembly, units, diagnostics) of one C file at -O2 -g."""
    argv = [cc(AARCH64), "-O2", "-g", "-I", INCLUDE, str(path)]
    return recall.compile_with_records(argv, str(tmp_path), PLUGIN)


def lines_in(units, name):
    """(head lines, access lines) of the records in the file name."""
    heads, deps = set(), set()
    for u in units:
        for h in u["heads"]:
            if h["head"].rsplit(":", 1)[0].endswith("/" + name):
                heads.add(recall.place(h["head"])[1])
            for a in h["accesses"]:
                if a["place"].rsplit(":", 1)[0].endswith("/" + name):
                    deps.add(recall.place(a["place"])[1])
    return heads, deps


def corpus_cases():
    return sorted(f for f in os.listdir(CORPUS) if f.endswith(".c"))


def test_records_are_the_corpus_markers(tmp_path):
    """Every corpus file: the heads the records list are the lines marked
    rcu:head, their accesses the lines marked rcu:dep (those reached
    through a call excepted, and listed)."""
    wrong = []
    for name in corpus_cases():
        path = os.path.join(CORPUS, name)
        with open(path) as f:
            marked_heads, marked_deps = dataflow.annotations(f.read())
        _, units, _ = compile_records(path, tmp_path)
        heads, deps = lines_in(units, name)
        if name in THROUGH_CALLS:
            ok = heads == marked_heads and deps < marked_deps
        else:
            ok = heads == marked_heads and deps == marked_deps
        if not ok:
            wrong.append((name, sorted(heads), sorted(marked_heads), sorted(deps),
                          sorted(marked_deps)))
    assert not wrong
    assert len(corpus_cases()) - len(THROUGH_CALLS) >= 70


def test_records_of_a_store_and_a_chain(tmp_path):
    """Each direction (load, store) and each link of a chain is listed."""
    src = tmp_path / "s.c"
    src.write_text('#include "rcu_deref.h"\n'
                   "struct n { struct n *next; int v; };\n"
                   "struct n *gp;\n"
                   "void writer(int x)\n"
                   "{\n"
                   "\tstruct n *p = rcu_dereference(gp); /* rcu:head */\n"
                   "\tp->next->v = x; /* rcu:dep */\n"
                   "\tp->v = 1; /* rcu:dep */\n"
                   "}\n")
    _, (unit,), _ = compile_records(src, tmp_path)
    (head,) = unit["heads"]
    got = sorted((recall.place(a["place"])[1], a["store"]) for a in head["accesses"])
    assert got == [(7, False), (7, True), (8, True)]


def check_corpus(name, tmp_path, warnings=True):
    asm, units, diags = compile_records(os.path.join(CORPUS, name), tmp_path)
    warned = recall.warned_pairs(diags) if warnings else set()
    return recall.check_assembly(asm, units, warned)


def test_a_warned_break(tmp_path):
    heads, entries = check_corpus("eq_subst_hazard.c", tmp_path)
    (e,) = entries
    assert (e["verdict"], e["warned"]) == ("broken", True)
    assert e["access"].endswith("eq_subst_hazard.c:20") and e["function"] == "reader"
    assert heads[0]["checked"]


def test_a_break_without_its_warning_is_not_warned(tmp_path):
    _, entries = check_corpus("eq_subst_hazard.c", tmp_path, warnings=False)
    (e,) = entries
    assert (e["verdict"], e["warned"]) == ("broken", False)
    rows, unwarned = recall.summarize({"objects": {"a.o": dict(
        heads=[], entries=[dict(e, object="a.o")])}})
    assert rows["."]["not_warned"] == 1 and unwarned[0]["access"] == e["access"]


def test_a_clean_chain_is_intact(tmp_path):
    heads, entries = check_corpus("chain_safe.c", tmp_path)
    assert [e["verdict"] for e in entries] == ["intact"] * 3
    assert not any(e["warned"] for e in entries)
    assert [h["accesses"] for h in heads] == [3]


def one_line_reader(tmp_path, body):
    src = tmp_path / "line.c"
    src.write_text('#include "rcu_deref.h"\n'
                   "struct n { int a; int b; };\n"
                   "struct n *gx, *gy;\n"
                   "int ga, gb;\n"
                   "int reader(void)\n"
                   "{\n"
                   "\t%s\n"
                   "}\n" % body)
    asm, units, diags = compile_records(src, tmp_path)
    return recall.check_assembly(asm, units, recall.warned_pairs(diags))[1]


def test_two_heads_on_one_line_are_ambiguous(tmp_path):
    """Two heads of two sets on one line, their accesses on it too: the
    places cannot tell them apart, whatever the code."""
    entries = one_line_reader(
        tmp_path, "ga = rcu_dereference(gx)->a; gb = rcu_dereference(gy)->b; return 0;")
    assert len(entries) == 2
    assert all(e["head_shared"] and e["access_mixed"] for e in entries)
    assert [e["verdict"] for e in entries] == ["ambiguous"] * 2


def test_the_head_loads_on_their_line_are_told_apart_by_column(tmp_path):
    """One set (the sum merges both heads), its accesses on the heads'
    line: the head loads are accesses there that do not depend, but the
    assembly gives them the heads' columns, so they are left out."""
    entries = one_line_reader(tmp_path, "return rcu_dereference(gx)->a + rcu_dereference(gy)->b;")
    (e,) = entries
    assert not e["head_shared"] and not e["access_mixed"]
    assert (e["raw"], e["verdict"]) == ("intact", "intact")


def test_place_sites():
    """A record's column the assembly does not have there, or one of the
    set's columns that another access shares, leaves the place mixed."""
    from types import SimpleNamespace as NS
    res = NS(accesses=[(NS(mnemonic="ldr", column=7), None), (NS(mnemonic="ldr", column=5), None)])
    assert recall.place_sites(res, {("load", 26)}, {("load", 7), ("store", 5)}) == \
        ({("load", 7), ("store", 5)}, True)   # the load at 5: the store's RMW?
    assert recall.place_sites(res, {("load", 26)}, {("load", 7), ("store", 8)}) == \
        ({("load", 7), ("store", 8)}, False)
    assert recall.place_sites(res, {("load", 26)}, {("load", 9)})[1]
    assert recall.place_sites(res, {("load", 7)}, {("load", 7)}) == (set(), True)
    # a store the assembly does not show does not mix a place of loads
    assert not recall.place_sites(res, {("load", 5)}, {("store", 9)})[1]


def test_a_bitfield_store_beside_the_access_is_ambiguous(tmp_path):
    """o->x = p->a with x a bitfield of another object: GCC loads o's word
    and stores it back at the store's column, beside the set's load (sd.c:
    3399, tx.c:2203 of Linux 6.12): the records do not have that load, so
    the checker's "broken" is ambiguous."""
    src = tmp_path / "bf.c"
    src.write_text('#include "rcu_deref.h"\n'
                   "struct n { int a; int b; };\n"
                   "struct n *gx;\n"
                   "struct o { unsigned int x : 3, y : 5; };\n"
                   "void reader(struct o *o)\n"
                   "{\n"
                   "\tstruct n *p = rcu_dereference(gx);\n"
                   "\tif (p)\n"
                   "\t\to->x = p->a;\n"
                   "}\n")
    asm, units, diags = compile_records(src, tmp_path)
    _, entries = recall.check_assembly(asm, units, recall.warned_pairs(diags))
    got = {recall.place(e["access"])[1]: (e["raw"], e["access_mixed"], e["verdict"])
           for e in entries}
    assert got == {9: ("broken", True, "ambiguous")}


def test_a_walk_from_a_static_element(tmp_path):
    """for_each_process(): the first next pointer is loaded from a global
    object, the others from the heads: the records mark the access
    object_arm (only "intact" could be sure there), and the first load is
    the first head of the chain."""
    src = tmp_path / "walk.c"
    src.write_text('#include "rcu_deref.h"\n'
                   "struct n { struct n *next; int v; };\n"
                   "struct n init_n;\n"
                   "int reader(void)\n"
                   "{\n"
                   "\tstruct n *p = &init_n;\n"
                   "\tint v = 0;\n"
                   "\twhile ((p = rcu_dereference(p->next)) != &init_n) /* rcu:head rcu:dep */\n"
                   "\t\tv += p->v; /* rcu:dep */\n"
                   "\treturn v;\n"
                   "}\n")
    asm, units, diags = compile_records(src, tmp_path)
    _, entries = recall.check_assembly(asm, units, recall.warned_pairs(diags))
    got = {recall.place(e["access"])[1]: (e["object_arm"], e["raw"], e["verdict"],
                                          e["first_heads_left_out"]) for e in entries}
    # The first load, from init_n, is the chain's first head: left out.
    assert got == {8: (True, "intact", "intact", True), 9: (False, "intact", "intact", False)}
    # Without that, the object arm makes the checker's "broken" ambiguous.
    assert recall.decide("broken", False, True) == "ambiguous"


WALK_MACRO = """#include "rcu_deref.h"
struct n { struct n *next; int v; };
struct n *list;
#define for_each_n(pos, head) \\
\tfor (pos = rcu_dereference((head)); pos; pos = rcu_dereference(pos->next))
int reader(void)
{
\tstruct n *p;
\tint v = 0;
\tfor_each_n(p, list) /* rcu:head rcu:dep */
\t\tv += p->v; /* rcu:dep */
\treturn v;
}
"""


def test_a_walks_first_head_on_its_line_is_left_out(tmp_path):
    """list_for_each_entry_rcu(): the first and the next pointers' loads
    are heads on one line, at one column (the macro's); the next pointer's
    load is also an access of the head before it.  The first load depends
    on no head by design: it is left out, the next loads decide."""
    src = tmp_path / "walk.c"
    src.write_text(WALK_MACRO)
    asm, units, diags = compile_records(src, tmp_path)
    _, entries = recall.check_assembly(asm, units, recall.warned_pairs(diags))
    got = {recall.place(e["access"])[1]: (e["access_mixed"], e["first_heads_left_out"],
                                          e["verdict"]) for e in entries}
    assert got == {10: (True, True, "intact"), 11: (False, False, "intact")}


@pytest.mark.parametrize("raw, head_shared, mixed, verdict", [
    ("broken", False, False, "broken"),
    ("broken", True, False, "broken"),      # fewer heads: still broken
    ("broken", False, True, "ambiguous"),   # maybe another access's
    ("intact", False, True, "intact"),      # every access there depends
    ("intact", True, False, "ambiguous"),   # maybe on the other head
    ("no head", False, False, "unreached"),
    ("vanished", True, True, "vanished"),
])
def test_decide(raw, head_shared, mixed, verdict):
    assert recall.decide(raw, head_shared, mixed) == verdict


def warning(line, head_line, file="a.c", head_file="a.c"):
    """A plugin warning as GCC's JSON gives it (written by hand)."""
    return {"kind": "warning",
            "message": "this access no longer depends on the value loaded by "
                       "‘rcu_dereference’: its address became a constant",
            "locations": [{"caret": {"file": "/src/" + file, "line": line, "column": 9}}],
            "children": [{"kind": "note",
                          "message": "dependency head: ‘rcu_dereference’ loads the value here",
                          "locations": [{"caret": {"file": "/src/" + head_file,
                                                   "line": head_line}}]}]}


def test_warned_needs_the_access_and_the_head_place():
    pairs = recall.warned_pairs([warning(9, 7), warning(12, 3, head_file="b.h"),
                                 {"kind": "warning", "message": "unused variable",
                                  "locations": [{"caret": {"file": "a.c", "line": 5}}]}])
    assert pairs == {(("a.c", 9), ("a.c", 7)), (("a.c", 12), ("b.h", 3))}
    unit = {"heads": [{"function": "f", "head": "/src/a.c:7", "set": 0,
                       "accesses": [{"place": "/src/a.c:9", "store": False},
                                    {"place": "/src/a.c:12", "store": False}]}],
            "others": []}

    class Broken:
        """A Places whose every check finds one access that does not depend."""
        def check(self, heads, deps):
            from types import SimpleNamespace as NS
            insn = NS(mnemonic="ldr", function="f", column=None, index=0)
            return NS(heads=[insn], accesses=[(insn, NS(stack=False, dependent=False))])

        def from_heads(self, heads, insns):
            return False

    _, entries = recall.check_unit(Broken(), unit, pairs)
    assert [(e["access"], e["verdict"], e["warned"]) for e in entries] == [
        ("/src/a.c:9", "broken", True), ("/src/a.c:12", "broken", False)]


def entry(obj, verdict, warned=False, access="a.c:9", function="f"):
    return dict(object=obj, function=function, heads=["a.c:7"], access=access,
                kinds=["load"], raw=verdict, verdict=verdict, head_shared=False,
                access_mixed=False, no_head=False, lost_in=["f"], warned=warned)


FABRICATED = {"objects": {
    "net/core/a.o": dict(error="", heads=[
        dict(function="f", head="a.c:7", accesses=2, checked=True),
        dict(function="g", head="a.c:20", accesses=0, checked=False)],
        entries=[entry("net/core/a.o", "broken", warned=True),
                 entry("net/core/a.o", "broken", access="a.c:10"),
                 dict(entry("net/core/a.o", "intact", access="a.c:11"),
                      first_heads_left_out=True)]),
    "net/ipv4/b.o": dict(error="", heads=[
        dict(function="h", head="b.c:3", accesses=1, checked=False)],
        entries=[entry("net/ipv4/b.o", "vanished"), entry("net/ipv4/b.o", "unreached"),
                 entry("net/ipv4/b.o", "ambiguous")]),
    "kernel/c.o": dict(error="exit 1: boom", heads=[], entries=[]),
}}


def test_summary_counts_fabricated_data():
    rows, unwarned = recall.summarize(FABRICATED, depth=1)
    assert sorted(rows) == ["kernel", "net"]
    net = rows["net"]
    assert (net["objects"], net["heads"], net["heads_with_accesses"],
            net["heads_checked"]) == (2, 3, 2, 1)
    assert (net["places"], net["checked"], net["broken"], net["warned"],
            net["not_warned"]) == (6, 3, 2, 1, 1)
    assert (net["vanished"], net["unreached"], net["ambiguous"]) == (1, 1, 1)
    assert net["first_heads"] == 1
    assert rows["kernel"]["errors"] == 1
    assert [(e["object"], e["access"]) for e in unwarned] == [("net/core/a.o", "a.c:10")]
    rows2, _ = recall.summarize(FABRICATED, depth=2)
    assert sorted(rows2) == ["kernel", "net/core", "net/ipv4"]


def test_markdown_lists_the_unwarned_break():
    text = recall.markdown(FABRICATED)
    assert "| net | 2 | 3 | 2 | 1 | 3 | 2 | 1 | 1 | 1 | 1 | 1 | 1 | 0 |" in text
    assert "| total | 3 |" in text
    assert "| net/core/a.o | f | a.c:7 | a.c:10 | f |" in text
    assert "- kernel/c.o: exit 1: boom" in text


def test_run_on_a_survey_made_by_hand(tmp_path):
    """The kbuild path: the object's command from compile_commands.json
    (another plugin path, -c, -o, a dependency file; an output path through
    "..", as kbuild names virt/kvm's objects), the survey's diag/; the
    second run does nothing."""
    survey = tmp_path / "survey"
    (survey / "src").mkdir(parents=True)
    (survey / "diag").mkdir()
    shutil.copy(os.path.join(CORPUS, "eq_subst_hazard.c"), survey / "src" / "a.c")
    shutil.copy(os.path.join(CORPUS, "chain_safe.c"), survey / "src" / "b.c")
    commands = []
    for name, out in (("a", "a.o"), ("b", "sub/../b.o")):
        commands.append(dict(directory=str(survey), file="src/%s.c" % name, command=(
            "%s -Wp,-MMD,.%s.o.d -O2 -g -I %s -fplugin=/old/rcu_deref_plugin.so "
            "-c -o %s src/%s.c" % (cc(AARCH64), name, INCLUDE, out, name))))
        (survey / "diag" / ("%s.o.json" % name)).write_text("[]\n")
    (survey / "compile_commands.json").write_text(json.dumps(commands))
    logs = []
    data = recall.run(str(survey), PLUGIN, jobs=1, log=logs.append)
    assert sorted(data["objects"]) == ["a.o", "b.o"]
    a, b = data["objects"]["a.o"], data["objects"]["b.o"]
    assert not a["error"] and not b["error"]
    assert [(e["verdict"], e["warned"], e["access"]) for e in a["entries"]] == \
        [("broken", True, "a.c:20")]
    assert [e["verdict"] for e in b["entries"]] == ["intact"] * 3
    assert json.loads((survey / "recall.json").read_text()) == data
    assert not (survey / "a.o").exists() and not (survey / ".a.o.d").exists()
    logs.clear()
    recall.run(str(survey), PLUGIN, jobs=1, log=logs.append)
    assert logs == ["recall: 2 objects, 2 done, 0 to do"]


def test_cli_report(tmp_path):
    (tmp_path / "recall.json").write_text(json.dumps(FABRICATED))
    r = subprocess.run([sys.executable, os.path.join(REPO, "survey", "recall.py"),
                        "report", str(tmp_path), "--depth", "2"],
                       capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    assert "| net/core | 1 |" in r.stdout


def test_cli_archive_and_merged_report(tmp_path):
    """A slice's recall kept as an archive; the report of several slices
    counts the objects of all."""
    (tmp_path / "recall.json").write_text(json.dumps(FABRICATED))
    other = tmp_path / "other"
    other.mkdir()
    (other / "recall.json").write_text(json.dumps({"objects": {
        "drivers/x.o": dict(error="", heads=[], entries=[])}}))
    script = os.path.join(REPO, "survey", "recall.py")
    archive = tmp_path / "slice.json.xz"
    r = subprocess.run([sys.executable, script, "archive", str(tmp_path), str(archive)],
                       capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    assert recall.load(str(archive)) == FABRICATED
    r = subprocess.run([sys.executable, script, "report", str(archive), str(other)],
                       capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    assert "| total | 4 |" in r.stdout and "| drivers | 1 |" in r.stdout


def test_decide_joined():
    """A break only through paths that never pass a head load (the head's
    value joined with another lookup's): ambiguous, never intact."""
    assert recall.decide("broken", False, False, joined=True) == "ambiguous"
    assert recall.decide("broken", False, False, joined=False) == "broken"
    assert recall.decide("intact", False, False, joined=True) == "intact"
