"""The instruction counts of the plugin's parts (bench/passcost.py).

No valgrind here: the parser reads a callgrind.out file recorded once
(tests/data/bench/reader.callgrind.out.xz: cc1 -O2 with the plugin in warn
mode on tests/data/bench/reader.c, valgrind-3.19.0), whose expected figures
were read by hand from the file (the line numbers are given), and a small
hand-made file for the format's corners and the grouping into parts.  The
report's section is rendered from hand-made results.
"""
import json
import lzma
import os
import subprocess

import pytest

from bench import kernel, passcost, report
from rcuderef import compile_commands, layout
from rcuderef.compiler import plugin_path

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "bench")
CC1 = "/usr/lib/gcc-cross/aarch64-linux-gnu/12/cc1"
PLUGIN = "/work/main/build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so"


@pytest.fixture(scope="module")
def recorded():
    with lzma.open(os.path.join(DATA, "reader.callgrind.out.xz"), "rt") as fh:
        return passcost.parse(fh)


def test_recorded_total(recorded):
    # Line 18 "summary: 72240503", line 130589 "totals: 72240503".
    assert recorded.total == 72240503
    # Every instruction is some function's own.
    assert sum(recorded.self_cost.values()) == recorded.total
    assert recorded.command.startswith(CC1 + " -quiet reader.c -O2")


def test_recorded_arcs(recorded):
    # Lines 119836-119852: invoke_plugin_callbacks_full (fn=(3680), cc1)
    # calls the two probe callbacks in the plugin (cob=(15)) 219 times each.
    caller = (CC1, "invoke_plugin_callbacks_full(int, void*)")
    assert recorded.calls[(caller, (PLUGIN, "rcu_deref_pass_execution(void*, void*)"))] \
        == [219, 1079732]
    assert recorded.calls[(caller, (PLUGIN, "rtl_pass_execution(void*, void*)"))] \
        == [219, 444078]


def test_recorded_parts(recorded):
    r = passcost.parts(recorded)
    assert r["total"] == 72240503
    got = {k: (v["ir"], v["calls"]) for k, v in r["parts"].items()}
    assert got == {
        # Lines 112591-112593: cfn=(21804) calls=1, 0 14020, in
        # execute_one_pass(opt_pass*) (fn=(18276), cc1).
        "mark": (14020, 1),
        # Lines 112325-112327.
        "check": (14372, 1),
        # Lines 119850-119852.
        "gimple_probes": (1079732, 219),
        # Lines 119839-119841.
        "rtl_probes": (444078, 219),
        # Lines 112171-112175: cfn=(80002), the RTL pass's execute (the
        # static rcu_deref_rtl_execute() is inlined into it).
        "rtl_pass": (21308, 1),
    }
    assert r["parts"]["gimple_probes"]["callers"] == {
        "invoke_plugin_callbacks_full(int, void*)": 1079732}
    assert r["parts"]["rtl_pass"]["callers"] == {"execute_one_pass(opt_pass*)": 21308}
    assert r["nested"] == []
    # The plugin's own code: less than the parts and more than nothing.
    assert 0 < r["plugin_self"] < sum(v["ir"] for v in r["parts"].values())


# A hand-made file: compressed and plain names, relative positions, a
# callee's object (cob=) that holds for one call only, a part made of two
# functions (the execute and the static function it calls), a cold clone,
# a recursion level ('2) and a probe entered from another probe.
SMALL = """\
# callgrind format
version: 1
creator: by hand
cmd: cc1 -quiet t.c
positions: line
events: Ir
summary: 885

ob=(1) /gcc/cc1
fl=(1) passes.cc
fn=(1) execute_one_pass(opt_pass*)
10 100
+2 5
cob=(2) /bench/plugin/rcu_deref_plugin.so
cfi=(2) rtl.c
cfn=(2) (anonymous namespace)::rcu_deref_rtl_pass::execute(function*)
calls=1 50
-1 300
cob=(2)
cfn=(3) (anonymous namespace)::rcu_deref_mark_pass::execute(function*)
calls=2 60
* 150
cfn=(4) bitmap_set_bit
calls=3 70
+1 30

fn=(5) invoke_plugin_callbacks_full(int, void*)
5 20
cob=(2)
cfn=(6) rcu_deref_pass_execution(void*, void*)
calls=5 1
6 200
cob=(2)
cfn=(7) rtl_pass_execution(void*, void*)
calls=5 1
6 80

fn=(4)
1 90

ob=(2)
fl=(2)
fn=(2)
50 40
cfn=(8) rcu_deref_rtl_execute()
calls=1 60
51 260
fn=(8)
60 200
cob=(1)
cfn=(4)
calls=2 1
61 60
fl=(3) mark.c
fn=(3)
10 100
cfn=(9) (anonymous namespace)::rcu_deref_mark_pass::execute(function*) [clone .cold]
calls=1 1
11 50
fn=(9)
1 50
fn=(6)
1 110
cfn=check_function(char const*, bool)
calls=5 1
2 80
cfn=(7)
calls=1 1
3 10
fn=check_function(char const*, bool)
1 60
cfn=check_function(char const*, bool)'2
calls=1 1
2 20
fn=check_function(char const*, bool)'2
1 20
fn=(7)
1 90

totals: 885
"""
CC1_SMALL = "/gcc/cc1"
PLUGIN_SMALL = "/bench/plugin/rcu_deref_plugin.so"


def test_small_format():
    prof = passcost.parse(SMALL.splitlines(True))
    assert prof.total == 885
    assert sum(prof.self_cost.values()) == 885
    assert prof.self_cost[(CC1_SMALL, "execute_one_pass(opt_pass*)")] == 105
    assert prof.self_cost[(CC1_SMALL, "bitmap_set_bit")] == 90
    assert prof.self_cost[(PLUGIN_SMALL, "check_function(char const*, bool)'2")] == 20
    # The cob= of the call to mark's execute does not carry over to the
    # next call, into cc1's bitmap_set_bit.
    eop = (CC1_SMALL, "execute_one_pass(opt_pass*)")
    assert prof.calls[(eop, (CC1_SMALL, "bitmap_set_bit"))] == [3, 30]
    assert (eop, (PLUGIN_SMALL, "bitmap_set_bit")) not in prof.calls
    rtl_exec = (PLUGIN_SMALL, "rcu_deref_rtl_execute()")
    assert prof.calls[(rtl_exec, (CC1_SMALL, "bitmap_set_bit"))] == [2, 60]


def test_small_parts():
    r = passcost.parts(passcost.parse(SMALL.splitlines(True)))
    got = {k: (v["ir"], v["calls"]) for k, v in r["parts"].items()}
    assert got == {
        "mark": (150, 2),            # not + 50 of its cold part
        "check": (0, 0),
        "gimple_probes": (200, 5),
        "rtl_probes": (90, 6),       # 80 from GCC, 10 from the other probe
        "rtl_pass": (300, 1),        # not + 260 of rcu_deref_rtl_execute()
    }
    assert r["nested"] == [{"part": "rtl_probes",
                            "caller": "rcu_deref_pass_execution(void*, void*)",
                            "callee": "rtl_pass_execution(void*, void*)", "ir": 10}]
    assert r["parts"]["rtl_probes"]["callers"] == {
        "invoke_plugin_callbacks_full(int, void*)": 80,
        "(plugin) rcu_deref_pass_execution(void*, void*)": 10}
    assert r["plugin_self"] == 40 + 200 + 100 + 50 + 110 + 60 + 20 + 90


@pytest.mark.parametrize("name, base", [
    ("f(int)'2", "f(int)"),
    ("(anonymous namespace)::p::execute(function*) [clone .cold]",
     "(anonymous namespace)::p::execute(function*)"),
    ("g() [clone .isra.0]'3", "g()"),
    ("h(char const*)", "h(char const*)"),
])
def test_canonical(name, base):
    assert passcost.canonical(name) == base


def test_part_of():
    assert passcost.part_of((PLUGIN_SMALL, "rtl_pass_execution(void*, void*)'2")) \
        == "rtl_probes"
    # The same name in another object is not the plugin's.
    assert passcost.part_of((CC1_SMALL, "rtl_pass_execution(void*, void*)")) is None
    assert passcost.part_of((PLUGIN_SMALL, "analyse()")) is None


def test_cc1_from_driver_output():
    # Shortened from `aarch64-linux-gnu-gcc ... -S -o fork.s fork.c -###`.
    text = (
        "Using built-in specs.\n"
        "COLLECT_GCC=aarch64-linux-gnu-gcc\n"
        "gcc version 12.2.0 (Debian 12.2.0-14) \n"
        "COLLECT_GCC_OPTIONS='-nostdinc' '-I' './include'\n"
        ' /usr/lib/gcc-cross/aarch64-linux-gnu/12/cc1 -quiet -nostdinc -I ./include '
        '-D "ARM64_ASM_ARCH=\\"armv8.5-a\\"" /src/kernel/fork.c -Os '
        '"-fplugin=/p/rcu_deref_plugin.so" "-fplugin-arg-rcu_deref_plugin-mode=warn" '
        '-o /b/fork.s\n'
        "COMPILER_PATH=/usr/lib/gcc-cross/aarch64-linux-gnu/12/\n")
    cc1, version = passcost.cc1_from_driver_output(text)
    assert cc1 == [
        "/usr/lib/gcc-cross/aarch64-linux-gnu/12/cc1", "-quiet", "-nostdinc", "-I",
        "./include", "-D", 'ARM64_ASM_ARCH="armv8.5-a"', "/src/kernel/fork.c", "-Os",
        "-fplugin=/p/rcu_deref_plugin.so", "-fplugin-arg-rcu_deref_plugin-mode=warn",
        "-o", "/b/fork.s"]
    assert version == "gcc version 12.2.0 (Debian 12.2.0-14)"
    with pytest.raises(RuntimeError):
        passcost.cc1_from_driver_output("Using built-in specs.\n")


def test_objects_are_bench_objects():
    listed = kernel.read_list(os.path.join(layout.REPO, "bench", "kernel-objects.txt"))
    assert passcost.OBJECTS and all(o in listed for o in passcost.OBJECTS)


def test_part_symbols_in_sources():
    """The parts' functions are still the plugin's entry points."""
    def source(name):
        with open(os.path.join(layout.REPO, "plugin", name)) as fh:
            return fh.read()
    assert "void rcu_deref_pass_execution(void *gcc_data" in source("rcu_deref_blame.c")
    rtl = source("rcu_deref_rtl.c")
    assert "static void rtl_pass_execution(void *gcc_data" in rtl
    assert "PLUGIN_PASS_EXECUTION, rtl_pass_execution" in rtl
    assert "static unsigned int rcu_deref_rtl_execute(void)" in rtl
    assert "#define PASS_NAME rcu_deref_rtl\n" in rtl
    assert "static unsigned int rcu_deref_mark_execute(void)" in source("rcu_deref_mark.c")
    assert "static unsigned int rcu_deref_check_execute(void)" in source("rcu_deref_check.c")
    plugin = source("rcu_deref_plugin.c")
    assert "PLUGIN_PASS_EXECUTION,\n\t\t\t  rcu_deref_pass_execution" in plugin


def test_part_symbols_in_built_plugin():
    so = plugin_path(layout.KERNEL_TARGET)
    if not os.path.exists(so):
        pytest.skip("plugin not built")
    names = subprocess.run(["nm", "-C", so], capture_output=True, text=True,
                           check=True).stdout
    defined = {line.split(" ", 2)[2] for line in names.splitlines()
               if len(line.split(" ", 2)) == 3}
    for key, _, symbols in passcost.PARTS:
        assert any(s in defined for s in symbols), key


def obj_summary(none, warn, parts, calls=1):
    runs = {"none": {"total": none, "parts": {}, "plugin_self": 0, "nested": []},
            "warn": {"total": warn, "plugin_self": 7,
                     "parts": {k: {"ir": v, "calls": calls} for k, v in parts.items()},
                     "nested": []}}
    return {"summary": passcost.summarize(runs), "runs": runs}


def hand_results():
    a = dict(mark=10_000_000, check=20_000_000, gimple_probes=200_000_000,
             rtl_probes=100_000_000, rtl_pass=10_000_000)
    b = dict(mark=0, check=1_000_000, gimple_probes=4_000_000,
             rtl_probes=3_000_000, rtl_pass=2_000_000)
    return {
        "objects": {
            "kernel/fork.o": obj_summary(4_000_000_000, 4_400_000_000, a),
            "lib/rhashtable.o": obj_summary(1_000_000_000, 1_020_000_000, b),
        },
        "order": ["kernel/fork.o", "lib/rhashtable.o"],
        "modes": ["none", "warn"],
        "missing": [], "failed": ["fs/file.o"],
        "valgrind": "valgrind-3.19.0",
        "gcc": "gcc version 12.2.0 (Debian 12.2.0-14)",
        "run": {"started": "2024-12-05 06:00 UTC", "plugin_commit": "abc1234 plugin: x",
                "plugin_sha256": "0123456789abcdef", "quick": False},
    }


def test_summarize():
    s = hand_results()["objects"]["kernel/fork.o"]["summary"]
    assert s["none"] == 4_000_000_000
    w = s["warn"]
    assert w["ratio"] == pytest.approx(1.1)
    assert w["share"]["gimple_probes"] == pytest.approx(0.05)
    assert w["added"] == 400_000_000
    assert w["rest"] == 400_000_000 - 340_000_000


def test_markdown():
    md = passcost.markdown(hand_results())
    lines = md.splitlines()
    assert lines[0] == "## Instructions per part of the plugin (callgrind)"
    assert "plugin `abc1234 plugin: x`" in md and "valgrind-3.19.0" in md
    assert "gcc version 12.2.0" in md
    assert ("| `kernel/fork.o` | 4,000.0 M | 4,400.0 M | 1.100 | 10.0 M (0.25%) "
            "| 20.0 M (0.50%) | 200.0 M (5.00%) | 100.0 M (2.50%) | 10.0 M (0.25%) "
            "| 60.0 M (1.50%) |") in lines
    assert ("| `lib/rhashtable.o` | 1,000.0 M | 1,020.0 M | 1.020 | 0.0 M (0.00%) "
            "| 1.0 M (0.10%) | 4.0 M (0.40%) | 3.0 M (0.30%) | 2.0 M (0.20%) "
            "| 10.0 M (1.00%) |") in lines
    # The total: 5,420 / 5,000; the parts' shares of the 5,000 M.
    assert ("| **all 2** | 5,000.0 M | 5,420.0 M | **1.084** | 10.0 M (0.20%) "
            "| 21.0 M (0.42%) | 204.0 M (4.08%) | 103.0 M (2.06%) | 12.0 M (0.24%) "
            "| 70.0 M (1.40%) |") in lines
    assert "Failed to compile (the shared tree being rebuilt?): `fs/file.o`." in lines
    # plugin_self is 7 in each run.
    assert ("Of the 420.0 M added, 0.0 M (0%) are the plugin's own code (the "
            "instructions of `rcu_deref_plugin.so` itself), the rest GCC's code "
            "it calls.") in lines
    assert "entered from the plugin" not in md
    # The header has as many columns as the rows.
    header = [l for l in lines if l.startswith("| object |")][0]
    assert header.count("|") == lines[lines.index(header) + 2].count("|")


def test_markdown_nested_and_fixup():
    res = hand_results()
    for o in res["objects"].values():
        o["runs"]["fixup"] = dict(o["runs"]["warn"], total=o["runs"]["warn"]["total"] + 1)
        o["runs"]["warn"]["nested"] = [{"part": "rtl_probes", "caller": "f()",
                                        "callee": "rtl_pass_execution(void*, void*)",
                                        "ir": 5}]
        o["summary"] = passcost.summarize(o["runs"])
    res["modes"] = ["none", "warn", "fixup"]
    md = passcost.markdown(res)
    assert "`mode=warn`:" in md and "`mode=fixup`:" in md
    assert md.count("| **all 2** |") == 2
    assert "**Parts entered from the plugin itself**" in md
    assert "`kernel/fork.o`: f() → rtl_pass_execution(void*, void*)" in md


def kernel_results():
    return {
        "run": {"started": "2024-12-05 05:00 UTC", "seconds": 61, "cpus": 2,
                "load_start": [1, 2, 3], "load_end": [1, 2, 3]},
        "objects": {"fs/file.o": {"rounds": 3, "cpu": {"none": 1.0, "warn": 1.1, "fixup": 1.2},
                                  "ratio": {"warn": 1.1, "fixup": 1.2}}},
        "missing": [], "failed": [],
        "total": {"none": 1.0, "warn": 1.1, "fixup": 1.2},
        "stats": {"warn": {}, "fixup": {}},
        "survey": None,
    }


@pytest.mark.parametrize("with_kernel, with_passcost", [
    (False, True), (True, False), (True, True), (False, False)])
def test_report(tmp_path, with_kernel, with_passcost):
    kres = kernel_results() if with_kernel else None
    pres = hand_results() if with_passcost else None
    report.write(str(tmp_path), str(tmp_path), None, kres, lambda m: None, pres=pres)
    md = (tmp_path / "bench.md").read_text()
    assert md.startswith("# Benchmarks\n")
    assert ("## Compile-time overhead on kernel objects" in md) == with_kernel
    assert ("## Instructions per part of the plugin (callgrind)" in md) == with_passcost
    if with_kernel and with_passcost:
        assert md.index("## Cost of protection") < md.index("## Instructions per part")


def test_overhead_table_sets_instructions_beside_cpu_time():
    """Each object's CPU-time ratios with its instructions' ratio beside
    them; the total over the bench objects only, the extra object after
    it; an object callgrind did not count says so."""
    def obj(none, warn):
        return {"rounds": 7, "cpu": {"none": none, "warn": warn, "fixup": warn},
                "ratio": {"warn": warn / none, "fixup": warn / none}}
    res = {"objects": {"a.o": obj(1.0, 1.02), "b.o": obj(2.0, 2.0),
                       "net/ipv6/route.o": obj(4.0, 4.1)},
           "extra": {"net/ipv6/route.o": "build/survey/x"}}
    pres = {"objects": {
        "a.o": {"summary": {"none": 1000, "warn": {"total": 1010}}},
        "net/ipv6/route.o": {"summary": {"none": 4000, "warn": {"total": 4020}}}}}
    rows = kernel.markdown_overhead(res, pres).splitlines()[2:]
    assert [r.split(" | ")[0] for r in rows] == [
        "| `a.o`", "| `b.o`", "| **all 2 objects**", "| `net/ipv6/route.o`"]
    assert rows[0].endswith("| 1.020 | 1.020 | 1.0100 |")
    assert rows[1].endswith("| not counted |")
    assert rows[2].endswith("| **1.007** | **1.007** | **1.0100** (1 objects) |")
    assert rows[3].endswith("| 1.0050 |")


def test_report_keeps_the_last_scaling_section(tmp_path):
    """A report made without scaling results keeps the scaling section of
    the report already there, and the hand-written notes once, as they
    are now."""
    from bench import report
    with open(os.path.join(layout.REPO, "bench", "notes.md")) as fh:
        notes = fh.read().strip()
    docs = tmp_path / "docs"
    docs.mkdir()
    scaling = "## Scaling\n\nRun: then.\n\n| x | y |\n| --- | --- |\n| 1 | 2 |"
    (docs / "bench.md").write_text("# Benchmarks\n\nold text\n\n" + scaling + "\n\n" +
                                   notes.splitlines()[0] + "\n\nold notes\n")
    report.write(str(tmp_path), str(docs), None, None, log=lambda m: None)
    text = (docs / "bench.md").read_text()
    assert scaling + "\n\n" + notes in text
    assert "old notes" not in text and text.count(notes.splitlines()[0]) == 1


def test_extra_object_from_compile_commands(tmp_path):
    """--extra-object DIR:OBJ takes OBJ's command from
    DIR/compile_commands.json and runs it from the directory it names."""
    (tmp_path / "compile_commands.json").write_text(json.dumps([
        {"directory": "/k/out", "file": "/k/src/net/ipv6/route.c",
         "command": "/w/survey/cc-wrapper.sh -O2 -DRCU_DEREF_SURVEY_PLUGIN=abc -c "
                    "-o net/ipv6/route.o /k/src/net/ipv6/route.c"},
        {"directory": "/k/out", "file": "/k/src/net/ipv6/ip6_fib.c",
         "command": "aarch64-linux-gnu-gcc -O2 -c -o net/ipv6/ip6_fib.o /k/src/net/ipv6/ip6_fib.c"}]))
    entries = kernel.extra_entries(["%s:net/ipv6/route.o" % tmp_path])
    assert list(entries) == ["net/ipv6/route.o"]
    e = entries["net/ipv6/route.o"]
    assert e["dir"] == "/k/out" and e["src"] == "/k/src/net/ipv6/route.c"
    cmd = kernel.command(e, "warn", "/p/rcu_deref_plugin.so", "/b/route.s", assemble=False)
    assert cmd[-1] == "/k/src/net/ipv6/route.c" and "-S" in cmd and "-c" not in cmd
    assert "-fplugin=/p/rcu_deref_plugin.so" in cmd
    # The survey's compiler wrapper and its define are the survey's.
    assert cmd[0] == compile_commands.KERNEL_CC
    assert not any("RCU_DEREF_SURVEY" in a for a in cmd)
    with pytest.raises(LookupError):
        kernel.extra_entries(["%s:net/ipv6/ndisc.o" % tmp_path])
