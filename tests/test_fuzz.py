"""The fuzz pipeline (fuzz/) and a fixed-seed slice of the campaign.

The campaign itself is `make fuzz` (fuzz/fuzz.mk); here a dozen csmith
seeds go through the same checks: no compiler crash, mode=warn assembly
byte-identical to GCC alone, mode=fixup and consume=dependency binaries
printing the checksum of GCC alone's, on the host and on aarch64 under
qemu-aarch64.  The truths are the compile without the plugin and the
checksum csmith's program prints.
"""
import collections
import json
import os
import subprocess
import unittest.mock

import pytest

from fuzz import heads, pipeline
from rcuderef import diagnostics
from rcuderef.asmcheck import aarch64
from rcuderef.compiler import ENV, REPO, TARGETS, plugin_path

# Seeds outside the default campaign (1..1000): the first ones from 1000
# whose programs are 20 to 70 kB, have both kinds of heads and run for
# under a second.  Each is checked at one level (all four levels over the
# slice) for both compilers, to stay within budget.
SLICE = [1008, 1032, 1041, 1047, 1050, 1081, 1130, 1132, 1138, 1199, 1232, 1257]
SLICE_LEVELS = [pipeline.LEVELS[i % len(pipeline.LEVELS)] for i in range(len(SLICE))]
# Seeds whose equality hazards break chains at their level: fix-up mode
# repairs them, and its binaries are run (on the host and under qemu).
FIXED_UP = {1008, 1130, 1132}
# Seeds whose aarch64 code has consume loads demoted by consume=dependency
# at their level: the binary that runs is not GCC's.
DEMOTED = {1008}
# Seeds none of whose consume loads is left at their level for the plugin
# to decide (GCC optimized them away): the others must have some.
NO_CONSUME_LEFT = {1199, 1232}


@pytest.mark.parametrize("seed, level", list(zip(SLICE, SLICE_LEVELS)))
def test_fixed_seed(seed, level, tmp_path):
    res = pipeline.check_program(seed, str(tmp_path / "work"), levels=(level,))
    assert res["status"] != "discarded", res["reason"]
    assert res["failures"] == [], "\n\n".join(
        "%s %s: %s" % (f["config"], f["kind"], f["detail"]) for f in res["failures"])
    assert res["status"] == "ok"
    assert res["heads_rcu"] > 0 and res["heads_consume"] > 0
    assert sorted(c["config"] for c in res["configs"]) == [
        "%s %s" % (t, level) for t in sorted(pipeline.FUZZ_TARGETS)]
    for c in res["configs"]:
        # The plugin saw heads (its own count, next to the rewritten sites).
        if "warn_stats" in c:
            assert 0 < c["warn_stats"]["heads"] <= res["heads_rcu"] + res["heads_consume"]
        if seed in FIXED_UP:
            assert c["warn_kinds"]["broken"] > 0
            assert c["fixup_records"] > 0 and c.get("fixup_ran"), c
        # consume=dependency: compiled with the option (the plugin decided
        # consume loads), linked and run, whatever its assembly.
        assert c.get("consume_ran"), c
        if "consume_stats" in c:
            assert (c["consume_loads"] > 0) == (seed not in NO_CONSUME_LEFT), c
            if c["config"].startswith("x86_64"):
                assert c["consume_demoted"] == 0 and c["consume_same_asm"], c
        if seed in DEMOTED and c["config"].startswith("aarch64"):
            assert c["consume_demoted"] > 0 and not c["consume_same_asm"], c


# --- The head rewrite ------------------------------------------------------

CSMITH_LIKE = """\
#include "csmith.h"
static int32_t g_1 = 1;
static int32_t *g_2 = &g_1;
static int32_t * volatile g_3 = &g_1;
static int32_t **g_4[2][3] = {{&g_2, &g_2, &g_2}, {&g_2, &g_2, &g_2}};
static int32_t g_5[4] = {1, 2, 3, 4};
/* --- FUNCTIONS --- */
static int32_t func_1(int32_t *p_6, int32_t p_7)
{
    int32_t *l_8 = &g_5[1];
    int32_t l_9 = 0;
    (*l_8) = (*g_2) + (*g_3) + (**g_4[1][2]) + (*p_6) + l_9;
    return (*g_4[0]) == 0 ? (*g_5) : (**g_4[0][1]);
}
"""


def test_rewrite_sites():
    """Exactly the dereferences of pointer variables (indexed down to a
    pointer element) are sites; every one is rewritten at fraction 1."""
    assert heads.pointer_variables(CSMITH_LIKE) == {
        "g_2": (0, False), "g_3": (0, True), "g_4": (2, False),
        "l_8": (0, False), "p_6": (0, False)}
    out, counts = heads.add_heads(CSMITH_LIKE, 1, fraction=1.0)
    assert counts["sites"] == 6 and counts["rcu"] + counts["consume"] == 6
    # Not sites: (*g_4[0]) is indexed to an array, not a pointer; g_5 is
    # an array; l_9 is not a pointer.
    assert "(*g_4[0])" in out and "(*g_5)" in out
    for name in ("l_8", "g_2", "g_3", "p_6", "g_4[1][2]", "g_4[0][1]"):
        assert ("rcu_dereference(%s)" % name in out or
                "__atomic_load_n(&%s, __ATOMIC_CONSUME)" % name in out), name
    assert out.index('#include "rcu_deref.h"') > out.index('#include "csmith.h"')


def test_rewrite_compare_form():
    """Plain reads of a pointer initialised with a global's address may get
    the equality hazard; assigned-through sites never do."""
    out, counts = heads.add_heads(CSMITH_LIKE, 1, fraction=1.0, compare=1.0)
    assert counts["compare"] == 2
    assert "__p == &g_1 ? ({ __auto_type __a = *__p; __a; })" in out
    assert "__p == &g_5[1]" not in out      # (*l_8) = ... is a store


def test_rewrite_avoids_volatile_pointer_objects_when_asked():
    out, _ = heads.add_heads(CSMITH_LIKE, 1, fraction=1.0, volatile_rcu=False)
    assert "__atomic_load_n(&g_3, __ATOMIC_CONSUME)" in out


def run_host(source, tmp_path, name):
    src = tmp_path / (name + ".c")
    src.write_text(source)
    exe = tmp_path / name
    subprocess.run(["gcc", "-O1", "-w", "-I", pipeline.CSMITH_INCLUDE, "-I",
                    pipeline.RCU_INCLUDE, "-o", str(exe), str(src)], check=True)
    return subprocess.run([str(exe)], capture_output=True, text=True, timeout=10).stdout


@pytest.mark.parametrize("seed", [1008, 1047])
def test_rewrite_keeps_the_checksum(seed, tmp_path):
    """The rewritten program prints csmith's own program's checksum."""
    original = pipeline.csmith(seed)
    rewritten, counts = heads.add_heads(original, seed)
    assert counts["rcu"] + counts["consume"] > 10
    want = run_host(original, tmp_path, "original")
    assert want.startswith("checksum = ")
    assert run_host(rewritten, tmp_path, "rewritten") == want


# --- The checks can fail -----------------------------------------------------

def test_crash_detection():
    """A compiler killed by a signal, or one reporting an internal
    compiler error, is a crash; a plain error is not."""
    killed = subprocess.run(["sh", "-c", "kill -SEGV $$"], capture_output=True, text=True)
    assert pipeline.crashed(killed)
    ice = subprocess.CompletedProcess([], 4, "", "t.c:3:1: internal compiler error: "
                                      "Segmentation fault\n")
    assert pipeline.crashed(ice)
    err = subprocess.run(["gcc", "-x", "c", "-S", "-o", "/dev/null", "-"],
                         input="int f( {\n", capture_output=True, text=True)
    assert err.returncode == 1 and pipeline.crashed(err) is None


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_fixup_records_read_from_the_object(target, tmp_path):
    """The __rcu_deref_fixups section as the fix-up contract defines it."""
    src = tmp_path / "f.c"
    src.write_text('__asm__(".section __rcu_deref_fixups,\\"a\\"\\n'
                   '.string \\"f.c:3: reader: acquire\\"\\n'
                   '.string \\"f.c:9: other: fence\\"\\n.previous");\n'
                   "int x;\n")
    obj = tmp_path / "f.o"
    subprocess.run([TARGETS[target], "-c", "-o", str(obj), str(src)], check=True)
    assert pipeline.fixup_records(target, str(obj)) == [
        "f.c:3: reader: acquire", "f.c:9: other: fence"]
    plain = tmp_path / "p.o"
    subprocess.run([TARGETS[target], "-x", "c", "-c", "-o", str(plain), "-"],
                   input=b"int y;\n", check=True)
    assert pipeline.fixup_records(target, str(plain)) == []


@pytest.mark.parametrize("mode, kinds", [
    # The assembly changed without any fix-up note or record, and the
    # binary prints another checksum: both are reported.
    ("fixup", ["fixup-checksum", "fixup-idle-diff"]),
    ("consume", ["consume-checksum"]),
])
def test_pipeline_reports_a_changed_checksum(mode, kinds, tmp_path, monkeypatch):
    """Make mode=fixup, or consume=dependency, compile a program that
    prints another checksum: the pipeline reports it, on both targets (a
    stand-in for a wrong fix-up or a wrongly demoted load)."""
    real = pipeline.Program.compile

    def compile_(self, target, level, mode_, stats=False, **kw):
        if mode_ == mode and not kw:
            with open(self.src) as f:
                text = f.read()
            with open(self.src, "w") as f:
                f.write(text.replace("crc32_context ^ 0xFFFFFFFFUL",
                                     "crc32_context ^ 0xFFFFFFFEUL"))
            try:
                return real(self, target, level, mode_, stats)
            finally:
                with open(self.src, "w") as f:
                    f.write(text)
        return real(self, target, level, mode_, stats, **kw)

    monkeypatch.setattr(pipeline.Program, "compile", compile_)
    res = pipeline.check_program(1050, str(tmp_path / "w"), levels=("-O1",))
    assert sorted({f["kind"] for f in res["failures"]}) == kinds
    assert len([f for f in res["failures"] if f["kind"] == kinds[0]]) == 2


def test_consume_mode_options():
    """consume=dependency is checked beside the two modes, with the option
    (and mode=warn, its default)."""
    assert pipeline.MODES == ("warn", "fixup", "consume")
    assert pipeline.MODE_ARGS["consume"] == ("mode=warn", "consume=dependency")


# --- Bugs found by fuzzing ------------------------------------------------------

VOLATILE = os.path.join(REPO, "fuzz", "repro", "volatile_pointer_object.c")


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_volatile_pointer_object(target):
    """fuzz/repro/volatile_pointer_object.c (fixed): no warning, and the
    same assembly as GCC alone."""
    outs = []
    for plugin in (False, True):
        cmd = [TARGETS[target], "-O2", "-I", pipeline.RCU_INCLUDE, "-S", "-o", "-", VOLATILE]
        if plugin:
            cmd.append("-fplugin=" + plugin_path(target))
        proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
        assert proc.returncode == 0, proc.stderr
        outs.append((proc.stdout, proc.stderr))
    assert outs[1] == outs[0]


def test_campaign_probe_matches_the_bug():
    """The campaign avoids rcu_dereference() of volatile pointer objects
    exactly while the bug is open (it would otherwise hide other bugs)."""
    outs = [subprocess.run(
        ["gcc", "-O2", "-I", pipeline.RCU_INCLUDE, "-S", "-o", "-", VOLATILE] +
        (["-fplugin=" + plugin_path("x86_64-linux-gnu")] if p else []),
        capture_output=True, text=True, env=ENV).stdout for p in (False, True)]
    assert pipeline.volatile_rcu_safe() == (outs[0] == outs[1])


# --- Per-head verdicts: the plugin against the aarch64 assembly checker -------

def test_head_sites_locate_each_head():
    """add_heads says where each head is: line and column of the token
    GCC locates its load at (and the plugin its "dependency head" note)."""
    out, counts = heads.add_heads(CSMITH_LIKE, 1, fraction=1.0, compare=1.0)
    lines = out.splitlines()
    assert len(counts["heads"]) == counts["rcu"] + counts["consume"] == 6
    assert sum(h[3] for h in counts["heads"]) == counts["compare"] == 2
    for line, column, kind, _ in counts["heads"]:
        token = "rcu_dereference(" if kind == "rcu" else "__atomic_load_n("
        assert lines[line - 1][column - 1:].startswith(token), (line, column)
    assert counts["heads"] == sorted(counts["heads"])


def diag(kind, line, column, message, children=()):
    return {"kind": kind, "message": message,
            "locations": [{"caret": {"file": "dir/prog.c", "line": line,
                                     "column": column, "byte-column": column}}],
            "children": list(children)}


def test_plugin_head_warnings_from_json():
    """A break names the head of its "dependency head" note; a "never
    used" warning its own location; other warnings and files count not."""
    import json
    head = diag("note", 7, 34, "dependency head: 'rcu_dereference' loads the value here")
    stderr = "prog.c: In function 'f':\n" + json.dumps([
        diag("warning", 7, 85, "this access no longer depends on the value loaded by "
             "'rcu_dereference': its address became a constant (broken by dom)",
             [diag("note", 7, 85, "the access now uses the address of 'g_1'"), head]),
        diag("warning", 7, 90, "this access depends on the value loaded by "
             "'rcu_dereference' only through a comparison or boolean result, "
             "not through its address", [head]),
        diag("warning", 9, 15, "the value loaded by 'memory_order_consume load' is "
             "never used: no access depends on it"),
        diag("warning", 3, 1, "unused variable 'x'"),
    ]) + "\n"
    found = pipeline.plugin_head_warnings(stderr, "prog.c")
    assert found == {(7, 34): {"broken": 1, "comparison": 1}, (9, 15): {"unused": 1}}
    assert pipeline.plugin_head_warnings(stderr, "other.c") == {}



def test_plugin_head_warnings_record_the_warned_access():
    """Each break or comparison warning records, for its head, the site it
    is located at: the access the plugin judged (here, as in fuzz seed 175,
    in a callee inlined into the head's function), in another file with
    the file's name; a "never used" warning records none."""
    import json
    head = diag("note", 258, 99, "dependency head: 'memory_order_consume load' "
                "loads the value here")
    header = diag("warning", 172, 1, "this access no longer depends on the value "
                  "loaded by 'memory_order_consume load': its address became a "
                  "constant", [head])
    header["locations"][0]["caret"]["file"] = "/usr/include/csmith/safe_math.h"
    stderr = json.dumps([
        diag("warning", 838, 75, "this access no longer depends on the value loaded by "
             "'memory_order_consume load': its address became a constant (broken by "
             "inlining or IPA constant propagation)",
             [diag("note", 838, 75, "the access now uses the address of 'g_3'"), head]),
        header,
        diag("warning", 9, 15, "the value loaded by 'memory_order_consume load' is "
             "never used: no access depends on it"),
    ]) + "\n"
    at = {}
    found = pipeline.plugin_head_warnings(stderr, "prog.c", at)
    assert found == {(258, 99): {"broken": 2}, (9, 15): {"unused": 1}}
    assert at == {(258, 99): {(838, 75), ("safe_math.h", 172, 1)}}

def test_classification():
    """The classes of the comparison, on hand-made checker results."""
    from rcuderef.asmcheck.aarch64 import Access, SiteResult
    dep, ok, bad = (6, 9, "load", 4), Access("ldr", "f", True, False), Access(
        "ldr", "f", False, False)
    other = (6, 20, "store", 8)
    frame = Access("ldr", "f", True, False, stack=True)
    head = ["ldr x0, [x1]"]
    cases = [
        (SiteResult(head, {dep: [ok, bad]}, broken={dep}), ("broken", [dep])),
        (SiteResult(head, {dep: [ok]}), ("intact", [])),
        (SiteResult(head, {dep: [frame]}, vanished={dep}), ("vanished", [])),
        (SiteResult([], {dep: []}, vanished={dep}), ("vanished", [])),
        (SiteResult([], {dep: []}, unreached={dep}),
         ("unknown", "no head load at the head's site")),
        (SiteResult(head, {dep: []}, unreached={dep}),
         ("unknown", "dependent accesses only in functions without a head load")),
        (SiteResult(head, {dep: [bad, ok]}, ambiguous={dep}),
         ("unknown", "more accesses at the site than at -O0: 6:9:load:4")),
        (SiteResult(head, {dep: [bad, ok], other: [bad]}, broken={other},
                    ambiguous={dep}), ("broken", [other])),
    ]
    for sres, want in cases:
        assert pipeline.checker_verdict(sres) == want, sres
    assert [pipeline.classify(v, w) for v in ("broken", "intact") for w in (True, False)] == [
        "agree-broken", "miss", "false-positive", "agree-intact"]
    for v in ("vanished", "no-deps", "unknown"):
        assert pipeline.classify(v, True) == pipeline.classify(v, False) == v


EQUALITY = """\
#include "rcu_deref.h"
int g_1 = 1, g_2 = 2;
int *g_3 = &g_1;
int *g_4 = &g_2;
int f(void)
{
    int a = %s;
    int b = (*rcu_dereference(g_4));
    return a + b;
}
""" % heads.compare_expr("__atomic_load_n(&g_3, __ATOMIC_CONSUME)", "&g_1")


def test_verdicts_on_the_equality_hazard(tmp_path):
    """A hand-checked program through the pipeline's two steps: at -O0 the
    compared head (7:34) has a dependent load per arm, and at -O1 the first
    arm loads g_1 directly: the checker says broken (the class is then
    agree-broken or miss, as the plugin warned or not)."""
    prog = pipeline.Program(str(tmp_path / "w"), EQUALITY)
    sites = [(7, 34), (8, 15)]
    lines = EQUALITY.splitlines()
    assert lines[6][33:].startswith("__atomic_load_n") and lines[7][14:].startswith("rcu_")
    counts = {}
    deps, mixed, unknown = pipeline.dependent_accesses(prog, sites, counts)
    assert [k[:3] for k in deps[(7, 34)]] == [(7, 104, "load"), (7, 141, "load")]
    assert not mixed and not unknown
    # One load per arm at -O0: no key with more (the break below is not
    # ambiguous).
    assert counts == {}
    proc, base, _ = prog.compile(pipeline.VERDICT_TARGET, "-O1", None)
    assert proc.returncode == 0
    v = pipeline.head_verdicts(prog, "-O1", base, sites, deps, counts)
    rows = {h[0]: h for h in v["heads"]}
    assert rows["7:34"][1] == "broken"
    assert rows["7:34"][3] == ("agree-broken" if rows["7:34"][2].get("broken") else "miss")
    assert sum(v["counts"].get(c, 0) for c in pipeline.CLASSES) == 2



def prog_unit(*functions):
    """A translation unit of prog.c (the pipeline's source name) whose
    ``.loc`` lines give columns: ``@L:C insn``."""
    out = ['\t.arch armv8-a\n\t.file\t"prog.c"\n\t.text\n'
           '\t.file 0 "/w" "prog.c"\n\t.file 1 "prog.c"']
    for name, body in functions:
        out += ["\t.type\t%s, %%function" % name, "%s:" % name]
        for raw in body.strip().splitlines():
            text = raw.strip()
            if text.startswith("@"):
                where, _, text = text[1:].partition(" ")
                out.append("\t.loc 1 %s %s" % tuple(where.split(":")))
            out.append("\t" + text)
        out.append("\t.size\t%s, .-%s" % (name, name))
    return "\n".join(out) + "\n"


# Fuzz seed 175's head 258:99, hand-reduced from its aarch64 assembly:
# `(*__atomic_load_n(&l_22, __ATOMIC_CONSUME)) = &g_3[0]` passed to the
# static func_16 as p_20, which reads `*p_20` at 838:75.  At -O0 the head
# (ldar) is followed by the store through it (258:17) and the reload of
# the pointer it stored (258:98), passed in x3: the -O0 dependent set is
# {258:17 store 8, 258:98 load 8}; the access at 838:75 lies in func_16,
# which the -O0 analysis does not enter.
SEED175_O0 = prog_unit(("func_16", """
    @838:5 str x3, [sp, 8]
    @838:75 ldr x0, [sp, 8]
    @838:75 ldr w1, [x0]
    ret
"""), ("func_1", """
    @258:99 add x0, sp, 16
    @258:99 ldar x0, [x0]
    @258:17 adrp x1, g_3
    @258:17 add x1, x1, :lo12:g_3
    @258:17 str x1, [x0]
    @258:98 ldr x3, [x0]
    @258:17 bl func_16
    ret
"""))
# -O1, func_16 inlined and the stored &g_3 forwarded to the access (the
# plugin's warning "its address became a constant"): the store through the
# head stays dependent (intact for the -O0 set), the reload is gone, and
# the access is made at a constant address.  As GCC wrote it, the access
# is attributed to another column (838:82): the warned site 838:75 holds
# no instruction.
SEED175_O1 = prog_unit(("func_1", """
    @258:99 add x2, sp, 16
    @258:99 ldar x2, [x2]
    @258:17 adrp x1, g_3
    @258:17 add x1, x1, :lo12:g_3
    @258:17 str x1, [x2]
    @838:82 ldr w1, [x1, 8]
    ret
"""))


class FakeProgram:
    """pipeline.Program's interface on hand-written files: the -O0 and
    optimized -g assembly, and the plugin's JSON warnings."""

    def __init__(self, workdir, o0, opt, stderr):
        self.dir, self.src = str(workdir), str(workdir / "prog.c")
        self.stderr = stderr
        for name, text in (("aarch64-O0.none.g.s", o0), ("aarch64-O1.none.g.s", opt)):
            (workdir / name).write_text(text)

    def path(self, name):
        return os.path.join(self.dir, name)

    def compile(self, target, level, mode, stats=False, include=None, tag="", extra=()):
        proc = subprocess.CompletedProcess([], 0, "", self.stderr if mode else "")
        return proc, self.path("aarch64%s.none.g.s" % level), 0.0


def seed175_warning(line, column):
    import json
    head = diag("note", 258, 99, "dependency head: 'memory_order_consume load' "
                "loads the value here")
    return json.dumps([diag(
        "warning", line, column, "this access no longer depends on the value loaded "
        "by 'memory_order_consume load': its address became a constant", [head])]) + "\n"


@pytest.mark.parametrize("opt, warned, cls, checker, why", [
    # As in seed 175: the warned access (838:75) is not in the -O0 set and
    # has no instruction at its site in the final code: unknown.
    (SEED175_O1, (838, 75), "unknown", "unknown",
     "warned access 838:75 outside the -O0 dependent set (not located in the "
     "final code)"),
    # The access located at its site, at a constant address: not dependent
    # on the head's load, the checker agrees with the plugin.
    (SEED175_O1.replace("838 82", "838 75"), (838, 75), "agree-broken", "broken", None),
    # The access located and still reading through the reloaded pointer:
    # dependent, a false positive of the plugin after all.
    (SEED175_O1.replace("\t.loc 1 838 82\n\tldr w1, [x1, 8]",
                        "\t.loc 1 258 98\n\tldr x3, [x2]\n"
                        "\t.loc 1 838 75\n\tldr w1, [x3]"),
     (838, 75), "false-positive", "intact",
     "warned access 838:75 outside the -O0 dependent set (dependent in the final code)"),
    # The warned access is one the -O0 analysis found dependent, and it is
    # intact: a false positive, whatever else the plugin warned about.
    (SEED175_O1, (258, 17), "false-positive", "intact", None),
], ids=["not-located", "located-constant", "located-dependent", "inside"])
def test_verdicts_warned_access_outside_the_o0_set(tmp_path, opt, warned, cls, checker,
                                                   why):
    """The checker's "intact" is about the head's -O0 dependent accesses:
    when every access the plugin warned about lies outside them (in a
    callee at -O0, inlined since), the head is no false positive on that
    ground; the warned access is looked for in the final code by its site
    and checked from the head's load there.  Expected classes from the
    hand-read snippets above, not from the plugin."""
    prog = FakeProgram(tmp_path, SEED175_O0, opt, seed175_warning(*warned))
    deps, mixed, unknown = pipeline.dependent_accesses(prog, [(258, 99)])
    assert deps == {(258, 99): [(258, 17, "store", 8), (258, 98, "load", 8)]}
    assert not mixed and not unknown
    v = pipeline.head_verdicts(prog, "-O1", prog.path("aarch64-O1.none.g.s"),
                               [(258, 99)], deps, {})
    assert v["heads"] == [["258:99", checker, {"broken": 1}, cls]]
    assert v["counts"][cls] == 1
    listed = v["disagreements"]
    if cls in ("unknown", "false-positive"):
        assert [(d["class"], d.get("why")) for d in listed] == [(cls, why)]
    else:
        assert listed == [] and v["counts"]["outside-broken"] == 1

def test_verdicts_of_a_seed(tmp_path):
    """One csmith seed end to end at one level, aarch64 only: every head
    gets a class, the checker finds the breaks of its equality hazards,
    and each class agrees with the checker's verdict and the plugin's
    warnings.  A disagreement is a finding, not a failure of this test."""
    res = pipeline.check_program(1008, str(tmp_path / "w"), targets=[pipeline.VERDICT_TARGET],
                                 levels=("-O1",))
    assert res["status"] == "ok", res.get("failures") or res.get("reason")
    assert len(res["head_sites"]) == res["heads_rcu"] + res["heads_consume"]
    assert res["o0_deps"]
    (config,) = res["configs"]
    v = config["verdicts"]
    assert "error" not in v, v
    assert sum(v["counts"].get(c, 0) for c in pipeline.CLASSES) == len(res["head_sites"])
    checker = collections.Counter(h[1] for h in v["heads"])
    assert checker["broken"] >= 1 and checker["intact"] >= 1, checker
    for head, verdict, kinds, cls in v["heads"]:
        warned = any(kinds.get(k) for k in pipeline.BREAK_KINDS)
        assert cls == pipeline.classify(verdict, warned)
    listed = {d["head"] for d in v["disagreements"]}
    assert listed == {h[0] for h in v["heads"]
                      if h[3] in pipeline.DISAGREEMENTS or (h[3] == "unknown" and any(
                          h[2].get(k) for k in pipeline.BREAK_KINDS))}


def test_code_lines_ignore_what_g_adds(tmp_path):
    """-g adds directives, debug labels and unused static variables (with
    their labels), never an instruction or a code label."""
    plain = tmp_path / "a.s"
    plain.write_text("\t.text\nf:\n\tcbz w0, .L2\n\tadd w0, w0, 1\n.L2:\n\tret\n"
                     "\t.data\ng_1:\n\t.word 1\n")
    debug = tmp_path / "b.s"
    debug.write_text("\t.text\n\t.file 1 \"prog.c\"\nf:\n.LFB0:\n\t.loc 1 3 1\n"
                     "\tcbz w0, .L2\n.LVL1:\n\tadd w0, w0, 1\n.L2:\n\tret\n"
                     "\t.data\ng_2:\n\t.word 0\ng_1:\n\t.word 1\n")
    assert pipeline.code_lines(str(plain)) == pipeline.code_lines(str(debug)) == [
        "cbz w0, .L2", "add w0, w0, 1", ".L2:", "ret"]
    debug.write_text(debug.read_text().replace("add w0, w0, 1", "add w0, w0, 2"))
    assert pipeline.code_lines(str(plain)) != pipeline.code_lines(str(debug))


def test_report_shows_consume():
    """The campaign report's consume=dependency table sums the records'
    consume fields per configuration and counts the wrong checksums."""
    from fuzz import campaign

    def config(name, loads, demoted, same):
        return {"config": name, "consume_seconds": 1.0, "consume_loads": loads,
                "consume_demoted": demoted, "consume_same_asm": same, "consume_ran": True}

    results = [{"seed": s, "status": "ok", "heads_rcu": 1, "heads_consume": 2, "sites": 3,
                "configs": [config("aarch64-linux-gnu -O2", 3, d, not d),
                            config("x86_64-linux-gnu -O2", 3, 0, True)],
                "failures": f} for s, d, f in (
                    (1, 2, []),
                    (2, 0, [{"config": "aarch64-linux-gnu -O2", "kind": "consume-checksum",
                             "detail": "consume=dependency binary: printed 'x'"}]))]
    _, per_config, failures, _ = campaign.summarize(results)
    rows = [l for l in campaign.consume_section(per_config, failures) if l.startswith("| ")]
    assert rows[2:] == ["| aarch64-linux-gnu -O2 | 2 | 6 | 2 | 1 | 1 | 2 | 1 | 2 |",
                        "| x86_64-linux-gnu -O2 | 2 | 6 | 0 | 0 | 2 | 2 | 0 | 2 |"]
    old = [dict(r, configs=[{"config": "x86_64-linux-gnu -O2"}]) for r in results]
    _, per_config, failures, _ = campaign.summarize(old)
    assert "No result has a consume=dependency run" in "\n".join(
        campaign.consume_section(per_config, failures))


def test_report_reads_verdicts_with_and_without_the_ambiguity_count():
    """Results made before the ambiguity rule (no o0_counts, no
    unknown-ambiguous count) and after it sum in one verdict section."""
    from fuzz import campaign

    def result(seed, counts, heads, extra=None):
        verdicts = {"counts": counts, "heads": heads, "disagreements": []}
        r = {"seed": seed, "status": "ok", "o0_deps": {"6:10": ["6:16:load:4"]},
             "configs": [{"config": "aarch64-linux-gnu -O3", "verdicts": verdicts}]}
        r.update(extra or {})
        return json.loads(json.dumps(r))

    old = result(1, {"miss": 1}, [["6:10", "broken", {}, "miss"]])
    new = result(2, {"unknown": 1, "unknown-ambiguous": 1},
                 [["6:10", "unknown", {}, "unknown"]],
                 {"o0_counts": {"6:10": {"6:16:load:4": 1}}})
    text = "\n".join(campaign.verdict_section([old, new]))
    assert "| aarch64-linux-gnu -O3 | 2 | 2 | 0 | 0 | 1 | 0 | 0 (0) | 0 | 0 (0) | 1 (0) | 0 |" \
        in text
    assert "(ambiguous: 1 heads)" in text
    assert "(ambiguous: 0 heads)" in "\n".join(campaign.verdict_section([old]))



def test_report_explains_known_disagreements():
    """A listed miss or false positive of fuzz/known.py gets its side (the
    plugin or the checker is right) in the list and is not counted as
    unexplained; any other is; the section "Known disagreements" lists
    every entry with the head's classes in these results."""
    from fuzz import campaign, known

    def result(seed, head, cls, checker, kinds):
        d = {"head": head, "class": cls, "checker": checker, "plugin": kinds, "deps": []}
        verdicts = {"counts": {cls: 1}, "heads": [[head, checker, kinds, cls]],
                    "disagreements": [d]}
        return {"seed": seed, "status": "ok", "configs": [
            {"config": "aarch64-linux-gnu -Os", "verdicts": verdicts}]}

    entry = known.lookup(87, "506:58")
    assert entry.right == "checker" and entry.reported == "false-positive"
    results = [result(87, "506:58", "false-positive", "intact", {"broken": 1}),
               result(5, "12:34", "miss", "broken", {})]
    text = "\n".join(campaign.verdict_section(results))
    assert "Misses and false positives: 2, of which 1 not yet explained" in text
    assert ("| 87 | aarch64-linux-gnu -Os | 506:58 | false-positive | intact | broken 1 "
            "|  | the checker is right (below) |") in text
    assert "| 5 | aarch64-linux-gnu -Os | 12:34 | miss | broken | none |  |  |" in text
    rows = [l for l in text.split("### Known disagreements")[1].splitlines()
            if l.startswith("| ") and not l.startswith("| seed") and "---" not in l]
    assert len(rows) == len(known.KNOWN)
    now = {tuple(l.split(" | ")[:2]): l.rsplit(" | ", 1)[1] for l in rows}
    assert now["| 87", "506:58"] == "-Os false-positive |"
    assert now["| 70", "115:722"] == "not in these results |"

def _result(seed, config="x86_64-linux-gnu -O2", warnings=0):
    return {"seed": seed, "status": "ok", "heads_rcu": 1, "heads_consume": 0, "sites": 2,
            "configs": [{"config": config, "warn_warnings": warnings}], "failures": []}


def _write_results(out, results):
    os.makedirs(os.path.join(out, "results"), exist_ok=True)
    for r in results:
        with open(os.path.join(out, "results", "%d.json" % r["seed"]), "w") as f:
            json.dump(r, f)


def test_slices_keep_and_merge(tmp_path):
    """A slice's results are archived, the next slice starts where the
    incomplete one is (or after the last), restore fills in only what a
    build folder lacks, and the report merges every slice, the build
    folder's (newer) results over the archived ones."""
    from fuzz import campaign, slices
    out, archives = str(tmp_path / "build"), str(tmp_path / "results")
    assert slices.next_first(3, archives) == 1
    _write_results(out, [_result(s) for s in (1, 2, 3)])
    slices.save(out, 1, 3, archives)
    assert slices.next_first(3, archives) == 4
    _write_results(out, [_result(4)])
    slices.save(out, 4, 3, archives)
    # Seeds 5 and 6 not checked yet: the slice is not complete.
    assert slices.next_first(3, archives) == 4
    assert [(f, l, n) for f, l, n in slices.load_all(archives)[1]] == [(1, 3, 3), (4, 6, 1)]

    fresh = str(tmp_path / "fresh")
    _write_results(fresh, [_result(4, warnings=7)])
    assert slices.restore(fresh, 4, 3, archives) == 0
    assert slices.restore(fresh, 1, 3, archives) == 3
    assert sorted(os.listdir(os.path.join(fresh, "results"))) == [
        "1.json", "2.json", "3.json", "4.json"]

    report = tmp_path / "REPORT.md"
    with unittest.mock.patch.object(campaign, "csmith_version", lambda: "2.3.0"):
        campaign.main(["report", "--out", fresh, "--first", "4", "--count", "3",
                       "--archives", archives, "--report", str(report)])
    text = report.read_text()
    assert "- seeds 1 to 3: done" in text
    assert "- seeds 4 to 6: 1 of 3 checked so far" in text
    assert "seeds 1 to 4; results for 4 programs, 2 not run yet" in text
    # Seed 4's result of the build folder (7 warnings), not the archive's.
    row = [l for l in text.splitlines() if l.startswith("| x86_64-linux-gnu -O2 |")][0]
    assert row.split(" | ")[2].startswith("7:")


def assert_agree_intact(tmp_path, seed, level, head):
    """The program of seed checked at level on the verdict target: no
    failure, and the head intact for the checker, the plugin agreeing."""
    res = pipeline.check_program(seed, str(tmp_path / "w"), targets=[pipeline.VERDICT_TARGET],
                                 levels=(level,))
    assert res["status"] == "ok", res.get("failures") or res.get("reason")
    (config,) = res["configs"]
    heads = {h[0]: h for h in config["verdicts"]["heads"]}
    assert heads[head][1] == "intact"
    assert heads[head][3] == "agree-intact", heads[head]


def test_seed_220_head_in_a_shared_stack_slot(tmp_path):
    """Fuzz seed 220 at -O1 (campaign slice 201-300): the head 2079:329,
    rcu_dereference(l_396), reads a local pointer that shares its stack
    slot with another local, so expansion gives its load the MEM_EXPR
    "MEM[(int16_t * *)_1766]", not l_396's.  The checker finds its accesses
    (2079:328, 2079:353: "ldr x2, [sp, 432]; ldrh w1, [x2]; strh w1, [x2]")
    intact; the plugin warned at both ("no register of its address holds
    a value derived from the load") before RTL matched a head's reference
    through the shared slot's pointer, as it matches an arm's
    (survey/repro/shared_stack_slot_arm.c); a small file of the same shape
    gave no warning with that plugin (no other head of the leader found)."""
    assert_agree_intact(tmp_path, 220, "-O1", "2079:329")


def test_seed_220_crossjumped_aggregate_copy(tmp_path):
    """Fuzz seed 220 at -O2 (campaign slice 201-300): the head 2079:149,
    "p == &g_63 ? *p : *p" on a 32-byte structure in the IPA-SRA clone
    func_1.isra.  The checker finds the one copy left, "ldp q0, q1, [x0]"
    through the consume head's register, intact.  cse1 gave the then-arm's
    copy (2079:221, &g_63 in GIMPLE) the head's register back, and
    cross-jumping (jump2) kept the else-arm's equal insn, whose MEMs lost
    their MEM_EXPR (merge_memattrs()).  The plugin kept the vanished copy's
    GIMPLE verdict and warned before it took that insn for both arms'
    copies (crossjumped_access() in rcu_deref_rtl.c); a small file of the
    same shape is merged already in GIMPLE or hoisted, so the seed is the
    test."""
    assert_agree_intact(tmp_path, 220, "-O2", "2079:149")


def test_seed_231_reload_of_an_assignment(tmp_path):
    """Fuzz seed 231 at -O1 (campaign slice 201-300): the head 478:425,
    "(*__atomic_load_n(&l_1339, __ATOMIC_CONSUME)) = l_1338[2][0][1]" used
    as a value.
    The checker finds the store through the head intact; the plugin
    warned at the gimplifier's reload of the stored value (478:424, "its
    address became a constant, then it was merged"), no access of the
    source, before the mark pass left such reloads out."""
    assert_agree_intact(tmp_path, 231, "-O1", "478:425")


RELOAD = os.path.join(REPO, "fuzz", "repro", "assignment_value_reload.c")


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os"])
def test_assignment_value_reload_is_no_access(target, opt, tmp_path):
    """fuzz/repro/assignment_value_reload.c: "sink = ~(*rcu_dereference(gp)
    = v)" makes one access through the head, the store (read by hand: an
    assignment's value is the value stored); the gimplifier's reload of
    it is not recorded (two accesses before the fix)."""
    stats = tmp_path / "stats.json"
    cmd = [TARGETS[target], opt, "-S", "-o", os.devnull, "-fplugin=" + plugin_path(target),
           "-fplugin-arg-rcu_deref_plugin-stats=%s" % stats, RELOAD]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    assert proc.returncode == 0, proc.stderr
    (line,) = stats.read_text().splitlines()
    record = json.loads(line)
    assert (record["heads"], record["accesses"]) == (1, 1), record


EQ_MERGE = os.path.join(REPO, "fuzz", "repro", "eq_merge_other_access.c")


@pytest.mark.parametrize("opt,verdict,lines", [
    ("-O1", "broken", {57}), ("-O2", "intact", set()), ("-O3", "intact", set()),
    ("-Os", "intact", set())])
def test_eq_merge_other_access(opt, verdict, lines):
    """fuzz/repro/eq_merge_other_access.c (fuzz seed 458 at -O3, head
    1401:34): "p == &a ? *p : *p" compiles at -O2, -O3 and -Os to one load
    through the head's register (cse1 and ce1 merged the arms; the checker:
    intact), though the function also reads "a" elsewhere, whose MEM_EXPR is
    the then-arm's reference (the VAR_DECL a): the plugin's RTL pass took
    that load for the arm and warned "its address became a constant" at line
    57 before the fix (a MEM whose MEM_EXPR is an object makes a tracked
    access only at its location, access_in_mem()).  At -O1 GCC keeps the
    arm's load of a at a constant address: a real break, warned.  The
    checker's verdict is checked first."""
    target = "aarch64-linux-gnu"
    include = ("-I", pipeline.RCU_INCLUDE)
    res = aarch64.compile_and_analyze(EQ_MERGE, TARGETS[target], opt, include)
    assert res.verdict == verdict, res
    proc = subprocess.run(
        [TARGETS[target], opt, "-S", "-o", os.devnull, *include,
         "-fplugin=" + plugin_path(target), "-fplugin-arg-rcu_deref_plugin-mode=warn",
         "-fdiagnostics-format=json", EQ_MERGE],
        capture_output=True, text=True, env=ENV)
    assert proc.returncode == 0, proc.stderr
    warned = {line for line, _, _ in diagnostics.plugin_warnings(
        proc.stderr, os.path.basename(EQ_MERGE))}
    assert warned == lines
