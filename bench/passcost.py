"""Compile cost of the plugin's parts, counted in instructions.

The kernel objects of bench/kernel-objects.txt (and those given with
--extra-object) are compiled with their exact commands from the test
kernel's V=1 build log (as in kernel.py),
running GCC's cc1 itself (the command the driver gives with -###, -S to an
assembly file) under `valgrind --tool=callgrind`: once without the plugin,
once with mode=warn (and with mode=fixup when asked).  Instructions
executed (callgrind's Ir) do not depend on the machine's load: one run of
each is the measurement.

From each callgrind.out file: the program's total, and the instructions of
each part of the plugin, inclusive (the part's own code and the GCC
functions it calls).  A part is a set of the plugin's functions (the entry
point GCC calls: a pass's execute, a PLUGIN_PASS_EXECUTION callback, with
its clones, recursion levels and the static function it may be compiled
out of line into); its cost is the cost of the calls that enter the set from
outside it, so that a call from one function of the set to another is not
counted twice.  The parts are entered only from GCC (its pass manager and
its plugin callbacks) and never call one another: a call into a part from
elsewhere in the plugin is recorded as "nested" and reported, since the
parts' costs would then overlap.  "rest" is what the plugin adds beyond the
parts: its other entry points (unit start and finish, gates, GGC roots,
unmark), loading it, and any work it makes GCC do.
"""
import concurrent.futures
import os
import re
import shlex
import subprocess

from . import kernel

# Objects of bench/kernel-objects.txt with many heads: quick mode counts the
# first only.
OBJECTS = ("kernel/fork.o", "lib/rhashtable.o", "fs/file.o")
QUICK_OBJECTS = 1
PLUGIN_OBJECT = "rcu_deref_plugin.so"

# (key, label, demangled names of the functions that make the part).
PARTS = (
    ("mark", "mark pass",
     ("(anonymous namespace)::rcu_deref_mark_pass::execute(function*)",
      "rcu_deref_mark_execute()")),
    ("check", "GIMPLE check",
     ("(anonymous namespace)::rcu_deref_check_pass::execute(function*)",
      "rcu_deref_check_execute()")),
    ("gimple_probes", "GIMPLE probes",
     ("rcu_deref_pass_execution(void*, void*)",)),
    ("rtl_probes", "RTL probes",
     ("rtl_pass_execution(void*, void*)",)),
    ("rtl_pass", "late RTL pass",
     ("(anonymous namespace)::rcu_deref_rtl_pass::execute(function*)",
      "rcu_deref_rtl_execute()")),
)
PART_KEYS = tuple(k for k, _, _ in PARTS)
PART_LABELS = {k: label for k, label, _ in PARTS}

_SUFFIX = re.compile(r"(?:'\d+| \[clone [^]]*\])+$")


def canonical(name):
    """name without callgrind's recursion level ('2) and GCC's clone
    suffixes ([clone .cold], [clone .isra.0])."""
    return _SUFFIX.sub("", name)


class Profile:
    """What parse() reads from a callgrind.out file.

    total: the program's instructions (the summary or totals line);
    self_cost: {(object, function): instructions in the function itself};
    calls: {(caller, callee): [number of calls, inclusive instructions]},
    caller and callee being (object, function) pairs."""

    def __init__(self):
        self.total = None
        self.command = None
        self.self_cost = {}
        self.calls = {}


def parse(lines, event="Ir"):
    """Read a callgrind.out file (format version 1, as callgrind writes it:
    compressed or plain names, relative positions) given as lines."""
    prof = Profile()
    names = {"ob": {}, "fl": {}, "fn": {}}
    space = {"ob": "ob", "cob": "ob", "fl": "fl", "fi": "fl", "fe": "fl",
             "cfi": "fl", "cfl": "fl", "fn": "fn", "cfn": "fn"}
    npos = 1
    index = 0
    ob = fn = cob = cfn = None
    call_count = None
    totals = []

    def name(kind, value):
        value = value.strip()
        table = names[space[kind]]
        m = re.match(r"\((\d+)\)(?: (.*))?$", value)
        if not m:
            return value
        if m.group(2) is not None:
            table[m.group(1)] = m.group(2)
        return table.get(m.group(1), value)

    def cost(words):
        values = words[npos:]
        return int(values[index]) if index < len(values) else 0

    for line in lines:
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        c = line[0]
        if c.isdigit() or c in "+-*":
            words = line.split()
            if call_count is not None:
                key = ((ob, fn), (cob or ob, cfn))
                arc = prof.calls.setdefault(key, [0, 0])
                arc[0] += call_count
                arc[1] += cost(words)
                call_count = None
                cob = None
            elif fn is not None:
                prof.self_cost[(ob, fn)] = prof.self_cost.get((ob, fn), 0) + cost(words)
            continue
        key, sep, value = line.partition("=")
        if sep and key in space:
            value = name(key, value)
            if key == "ob":
                ob = value
            elif key == "fn":
                fn = value
            elif key == "cob":
                cob = value
            elif key == "cfn":
                cfn = value
            continue
        if sep and key == "calls":
            call_count = int(value.split()[0])
            continue
        if sep and key in ("jump", "jcnd"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            continue
        value = value.strip()
        if key == "positions":
            npos = len(value.split())
        elif key == "events":
            events = value.split()
            index = events.index(event)
        elif key in ("summary", "totals"):
            totals.append((key, int(value.split()[index])))
        elif key == "cmd":
            prof.command = value
    summaries = [v for k, v in totals if k == "summary"]
    prof.total = sum(summaries) if summaries else sum(v for _, v in totals) or None
    return prof


def parse_file(path, event="Ir"):
    with open(path, errors="replace") as fh:
        return parse(fh, event)


def is_plugin(obj):
    return bool(obj) and os.path.basename(obj) == PLUGIN_OBJECT


def part_of(func):
    """The key of the part (object, function) belongs to, or None."""
    obj, fn = func
    if not is_plugin(obj):
        return None
    base = canonical(fn)
    for key, _, symbols in PARTS:
        if base in symbols:
            return key
    return None


def parts(prof):
    """{"total", "plugin_self", "parts": {key: {"ir", "calls", "callers"}},
    "nested": [...]} of a profile; see the module's doc for what a part's
    cost is."""
    out = {key: {"ir": 0, "calls": 0, "callers": {}} for key in PART_KEYS}
    nested = []
    for (caller, callee), (count, ir) in sorted(prof.calls.items(), key=str):
        part = part_of(callee)
        if part is None or part_of(caller) == part:
            continue
        p = out[part]
        p["ir"] += ir
        p["calls"] += count
        label = caller[1] if not is_plugin(caller[0]) else "(plugin) " + caller[1]
        p["callers"][label] = p["callers"].get(label, 0) + ir
        if is_plugin(caller[0]):
            nested.append({"part": part, "caller": caller[1], "callee": callee[1], "ir": ir})
    return {
        "total": prof.total,
        "plugin_self": sum(v for (obj, _), v in prof.self_cost.items() if is_plugin(obj)),
        "parts": out,
        "nested": nested,
    }


def cc1_command(driver_cmd, cwd):
    """The cc1 command (words) the driver would run for driver_cmd, and the
    compiler's version line, from its -### output."""
    r = subprocess.run(driver_cmd + ["-###"], cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s -###: exit status %d: %s" % (
            driver_cmd[0], r.returncode, kernel.first_error(r.stderr)))
    return cc1_from_driver_output(r.stderr)


def cc1_from_driver_output(text):
    version = None
    for line in text.splitlines():
        if line.startswith("gcc version "):
            version = line.strip()
        if line.startswith(" "):
            words = shlex.split(line)
            if words and os.path.basename(words[0]) == "cc1":
                return words, version
    raise RuntimeError("no cc1 command in the driver's -### output")


def tool_version(argv):
    try:
        r = subprocess.run(argv, capture_output=True, text=True)
    except OSError:
        return None
    return (r.stdout or r.stderr).strip().splitlines()[0] if r.returncode == 0 else None


def valgrind_command(cc1, out):
    return ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, "--quiet"] + cc1


def summarize(runs):
    """Per-object figures from {mode: parts()} of one object."""
    none = runs["none"]["total"]
    obj = {"none": none}
    for mode, r in runs.items():
        if mode == "none":
            continue
        delta = r["total"] - none
        in_parts = sum(p["ir"] for p in r["parts"].values())
        obj[mode] = {
            "total": r["total"],
            "ratio": r["total"] / none,
            "parts": {k: r["parts"][k]["ir"] for k in PART_KEYS},
            "calls": {k: r["parts"][k]["calls"] for k in PART_KEYS},
            "share": {k: r["parts"][k]["ir"] / none for k in PART_KEYS},
            "added": delta,
            "rest": delta - in_parts,
            "plugin_self": r["plugin_self"],
            "nested": r["nested"],
        }
    return obj


def run(build, kbuild, plugin, quick=False, modes=("none", "warn"), jobs=2, log=print,
        extra=None):
    """Count the objects' compiles under callgrind (every object of
    bench/kernel-objects.txt, the first only if quick, and the ``extra``
    entries of kernel.extra_entries()); the results as a dict."""
    workdir = os.path.join(build, "passcost")
    os.makedirs(workdir, exist_ok=True)
    objects = kernel.read_list(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                            "kernel-objects.txt"))
    if quick:
        objects = [o for o in OBJECTS if o in objects][:QUICK_OBJECTS]
    entries = kernel.commands(kbuild, workdir, objects, log)
    entries.update(extra or {})
    objects = objects + [o for o in extra or {} if o not in objects]
    missing = [o for o in objects if o not in entries]
    objects = [o for o in objects if o in entries]
    gcc_version = None
    tasks = []
    for obj in objects:
        for mode in modes:
            base = os.path.join(workdir, mode, obj)
            os.makedirs(os.path.dirname(base), exist_ok=True)
            driver = kernel.command(entries[obj], mode, plugin, base[:-2] + ".s",
                                    assemble=False)
            cwd = entries[obj].get("dir", kbuild)
            cc1, gcc_version = cc1_command(driver, cwd)
            out = base[:-2] + ".callgrind.out"
            if os.path.exists(out):
                os.unlink(out)
            tasks.append((obj, mode, valgrind_command(cc1, out), out, cwd))

    def one(task):
        obj, mode, cmd, out, cwd = task
        log("passcost: %s, %s: cc1 under callgrind" % (obj, mode))
        cpu = kernel.run_with_retry(cmd, cwd, log)
        if cpu is None or not os.path.exists(out):
            return task, None, cpu
        res = parts(parse_file(out))
        if not res["total"]:
            log("passcost: %s, %s: no total in %s" % (obj, mode, out))
            return task, None, cpu
        log("passcost: %s, %s: %s instructions (%.0f s CPU)" % (
            obj, mode, "{:,}".format(res["total"] or 0), cpu))
        return task, res, cpu

    got = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for (obj, mode, _, out, _), res, cpu in pool.map(one, tasks):
            if res is not None:
                res["cpu_seconds"] = cpu
                res["callgrind_out"] = os.path.relpath(out, build)
                got.setdefault(obj, {})[mode] = res
    per_obj = {}
    for obj in objects:
        runs = got.get(obj, {})
        if all(m in runs for m in modes):
            per_obj[obj] = {"summary": summarize(runs), "runs": runs}
    return {
        "objects": per_obj,
        "order": [o for o in objects if o in per_obj],
        "modes": list(modes),
        "missing": missing,
        "failed": [o for o in objects if o not in per_obj],
        "sources": {o: entries[o]["src"] for o in objects},
        "extra": {o: e["from"] for o, e in (extra or {}).items()},
        "valgrind": tool_version(["valgrind", "--version"]),
        "gcc": gcc_version,
    }


def fmt_m(n):
    """Instructions in millions, 1 decimal."""
    return "{:,.1f} M".format(n / 1e6)


def pct(x):
    return "%.2f%%" % (100 * x)


def markdown(res):
    """The report's section on res (as run() returns it, or its JSON)."""
    run_info = res.get("run", {})
    modes = [m for m in res.get("modes", ["none", "warn"]) if m != "none"]
    out = ["## Instructions per part of the plugin (callgrind)", ""]
    if run_info:
        out += ["Run: %s; plugin `%s` (sha256 %s…); %s; %s%s." % (
            run_info.get("started", "?"), run_info.get("plugin_commit", "?"),
            run_info.get("plugin_sha256", "?")[:12], res.get("valgrind") or "valgrind ?",
            res.get("gcc") or "gcc ?",
            ", quick mode (one object)" if run_info.get("quick") else ""), ""]
    out += [
        "Instructions executed by GCC's `cc1` (callgrind's Ir: a count that "
        "the machine's load does not change, one run each; not exact to the "
        "last instruction, as glibc's malloc and GCC's hash tables follow the "
        "heap's layout: two runs that differed only in their output path "
        "differed by 0.02% in the total and up to 0.3% in a part), "
        "compiling each object with "
        "its exact command from the test kernel's V=1 build log, without the "
        "plugin and with it.  A part's count is inclusive (its own code and "
        "the GCC functions it calls), taken from the calls that enter the "
        "part's functions from GCC, and shown as a share of the whole "
        "compile without the plugin: the mark pass (`rcu_deref_mark` "
        "execute), the GIMPLE check (`rcu_deref_check` execute), the probes "
        "before each GIMPLE pass (`rcu_deref_pass_execution`), the probes "
        "before each RTL pass (`rtl_pass_execution`) and the late RTL pass, "
        "the final-code verdict (`rcu_deref_rtl` execute).  The parts never "
        "call one another, so their shares add up; \"rest\" is the rest of "
        "the increase (the plugin's other entry points, loading it, GC of its "
        "roots, and the runs' noise).", ""]
    cols = ["no plugin", "with plugin", "ratio"] + [PART_LABELS[k] for k in PART_KEYS] + ["rest"]
    for mode in modes:
        if len(modes) > 1:
            out += ["`mode=%s`:" % mode, ""]
        out.append("| object | " + " | ".join(cols) + " |")
        out.append("| --- |" + " --- |" * len(cols))
        tot_none = tot_with = 0
        tot_parts = {k: 0 for k in PART_KEYS}
        tot_rest = tot_self = 0
        for obj in res.get("order", sorted(res["objects"])):
            s = res["objects"][obj]["summary"]
            m = s[mode]
            tot_none += s["none"]
            tot_with += m["total"]
            tot_rest += m["rest"]
            tot_self += m["plugin_self"]
            for k in PART_KEYS:
                tot_parts[k] += m["parts"][k]
            out.append("| `%s` | %s | %s | %.3f | %s | %s |" % (
                obj, fmt_m(s["none"]), fmt_m(m["total"]), m["ratio"],
                " | ".join("%s (%s)" % (fmt_m(m["parts"][k]), pct(m["share"][k]))
                           for k in PART_KEYS),
                "%s (%s)" % (fmt_m(m["rest"]), pct(m["rest"] / s["none"]))))
        if tot_none:
            out.append("| **all %d** | %s | %s | **%.3f** | %s | %s |" % (
                len(res["objects"]), fmt_m(tot_none), fmt_m(tot_with), tot_with / tot_none,
                " | ".join("%s (%s)" % (fmt_m(tot_parts[k]), pct(tot_parts[k] / tot_none))
                           for k in PART_KEYS),
                "%s (%s)" % (fmt_m(tot_rest), pct(tot_rest / tot_none))))
        out.append("")
        if tot_with > tot_none:
            out += ["Of the %s added, %s (%.0f%%) are the plugin's own code (the "
                    "instructions of `%s` itself), the rest GCC's code it calls." % (
                        fmt_m(tot_with - tot_none), fmt_m(tot_self),
                        100 * tot_self / (tot_with - tot_none), PLUGIN_OBJECT), ""]
        calls = ["`%s`: %s" % (obj, ", ".join(
            "%s {:,}".format(res["objects"][obj]["summary"][mode]["calls"][k])
            % PART_LABELS[k]
            for k in PART_KEYS))
            for obj in res.get("order", sorted(res["objects"]))]
        if calls:
            out += ["Calls into each part%s: %s.  The two probe callbacks are "
                    "called before every pass, GIMPLE or RTL, and return at once "
                    "before a pass of the other kind or a function without "
                    "records." % (
                        " (`mode=%s`)" % mode if len(modes) > 1 else "", "; ".join(calls)),
                    ""]
        nested = [(obj, n) for obj in res["objects"]
                  for n in res["objects"][obj]["summary"][mode]["nested"]]
        if nested:
            out += ["**Parts entered from the plugin itself** (their counts overlap): " +
                    "; ".join("`%s`: %s → %s" % (obj, n["caller"], n["callee"])
                              for obj, n in nested) + ".", ""]
    if not res["objects"]:
        out += ["No object was measured.", ""]
    if res.get("missing"):
        out += ["Not in the build log (left out): " +
                ", ".join("`%s`" % o for o in res["missing"]) + ".", ""]
    if res.get("failed"):
        out += ["Failed to compile (the shared tree being rebuilt?): " +
                ", ".join("`%s`" % o for o in res["failed"]) + ".", ""]
    return "\n".join(out).rstrip() + "\n"
