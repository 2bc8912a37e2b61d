"""Cost of protection: what fix-up mode makes acquire, against the blanket
alternatives, from the plugin's per-translation-unit stats.

- fix-up mode: the sites the plugin made load-acquire or fenced ("fixups");
- arm64's CONFIG_LTO approach: every READ_ONCE() becomes ldar/ldapr, i.e.
  every volatile scalar load ("volatile_loads");
- C11 consume (GCC promotes every consume load to acquire): every head, had
  rcu_dereference() been a consume load, plus the consume loads already
  there ("heads" counts both kinds).

Sources: the bench's kernel objects (bench/kernel.py, both modes), and the
survey build of build/survey/V when it exists (warn mode: its translation
units with a broken head are recompiled here in fix-up mode for the fixups).
"""
import glob
import os

from rcuderef import compile_commands

from . import kernel

KEYS = ("functions", "heads", "chains", "accesses", "broken_accesses",
    "broken_heads", "fixups", "volatile_loads", "consume_loads")
CC = compile_commands.KERNEL_CC


def totals(stats):
    """Sum of the stats dicts of stats (an iterable)."""
    out = {k: 0 for k in KEYS}
    n = 0
    for d in stats:
        n += 1
        for k in KEYS:
            out[k] += d.get(k, 0)
    out["units"] = n
    return out


def survey_complete(survey_dir):
    """Whether the survey's last build finished after its plugin snapshot
    (survey/build.sh writes times.txt, or build.time in its first version,
    when make is done)."""
    info = os.path.join(survey_dir, "plugin", "info")
    if not os.path.exists(info):
        return False
    for name in ("times.txt", "build.time"):
        path = os.path.join(survey_dir, name)
        if os.path.exists(path) and os.path.getmtime(path) >= os.path.getmtime(info):
            return True
    return False


def survey_stats(survey_dir):
    """The survey build's per-TU stats, None when there is none, or
    {"in_progress": units so far} while it is being built."""
    files = glob.glob(os.path.join(survey_dir, "diag", "**", "*.o.stats"), recursive=True)
    if not files:
        return None
    if not survey_complete(survey_dir):
        return {"in_progress": len(files), "dir": survey_dir}
    units = {}
    for path in files:
        units.update(kernel.read_stats(path))

    def keyvals(name):
        path = os.path.join(survey_dir, name)
        if not os.path.exists(path):
            return {}
        with open(path) as fh:
            return dict(l.strip().split("=", 1) for l in fh if "=" in l)

    last = {}
    times = os.path.join(survey_dir, "times.txt")
    if os.path.exists(times):
        with open(times) as fh:
            for line in fh:
                f = line.rstrip("\n").split("\t")
                if len(f) >= 4 and f[1] == "build":
                    last = {"finished": f[0], "seconds": f[2], "status": f[3]}
    if not last:
        bt = keyvals("build.time")
        last = {"finished": "?", "seconds": bt.get("seconds", "?"),
            "status": bt.get("status", "?")}
    return {"units": units, "build": last,
        "plugin": keyvals(os.path.join("plugin", "info")), "dir": survey_dir}


def survey_fixups(survey, build, plugin, log=print):
    """Recompile the survey's TUs with a broken head in fix-up mode; return
    {file: stats} (fixups counted by the plugin)."""
    if not os.path.exists(os.path.join(survey["dir"], "compile_commands.json")):
        return {}
    commands = {c["file"]: c for c in compile_commands.load(survey["dir"])}
    workdir = os.path.join(build, "survey-fixup")
    os.makedirs(workdir, exist_ok=True)
    stats = os.path.join(workdir, "stats.jsonl")
    if os.path.exists(stats):
        os.unlink(stats)
    broken = [f for f, d in survey["units"].items() if d["broken_heads"]]
    for i, f in enumerate(sorted(broken)):
        c = commands.get(f)
        if not c:
            log("  survey: no compile command for %s" % f)
            continue
        entry = {"args": [CC] + c["argv"][1:]}
        cmd = kernel.command(entry, "fixup", plugin, os.path.join(workdir, "t.o"), stats)
        kernel.run_with_retry(cmd, c["directory"], log)
    return kernel.read_stats(stats)


def rows(kres):
    """(label, totals) rows of the cost table."""
    out = []
    if kres:
        warn = kres["stats"].get("warn", {})
        fix = kres["stats"].get("fixup", {})
        t = totals(warn.values())
        t["fixups"] = totals(fix.values())["fixups"]
        out.append(("bench kernel objects (test kernel, this plugin)", t))
    survey = kres.get("survey") if kres else None
    if survey and "units" in survey:
        t = totals(survey["units"].values())
        t["fixups"] = None
        out.append(("survey build (warn mode, its plugin `%s`)" %
                survey.get("plugin", {}).get("commit", "?"), t))
        fix = survey.get("fixup")
        if fix:
            t = totals(fix.values())
            out.append(("the survey's units with a broken head, recompiled "
                    "here in fix-up mode (this plugin)", t))
    return out


def markdown(kres):
    r = rows(kres)
    if not r:
        return "No stats."

    def cell(v):
        return "n/a" if v is None else "{:,}".format(v)

    lines = [
        "| build | TUs | heads | chains | dependent accesses | broken accesses "
        "| broken heads | **fix-up: sites made acquire** | every `READ_ONCE()` (arm64 LTO) "
        "| every head as a consume load (GCC) | consume loads |",
        "| " + " | ".join(["---"] * 11) + " |",
    ]
    for label, t in r:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | **%s** | %s | %s | %s |" % (
            label, cell(t["units"]), cell(t["heads"]), cell(t["chains"]),
            cell(t["accesses"]), cell(t["broken_accesses"]), cell(t["broken_heads"]),
            cell(t["fixups"]), cell(t["volatile_loads"]),
            cell(t["heads"]), cell(t["consume_loads"])))
    lines.append("")
    bench = r[0][1] if r else None
    if bench and bench["fixups"] is not None:
        lines.append("- Bench kernel objects: fix-up mode makes %s load(s) acquire or "
                 "fenced where every `READ_ONCE()` would make %s acquire and every "
                 "head as a consume load %s." % (
                     cell(bench["fixups"]), cell(bench["volatile_loads"]),
                     cell(bench["heads"])))
    if len(r) == 3:
        whole, fixed = r[1][1], r[2][1]
        lines.append("- Survey: %s of its %s units had a broken head with the survey's "
                 "plugin; recompiled with this plugin they have %s broken head(s), "
                 "and fix-up mode makes %s site(s) acquire or fenced (counting the "
                 "other units as having none) where every `READ_ONCE()` in the "
                 "survey would make %s acquire, and every head as a consume load %s." % (
                     cell(fixed["units"]), cell(whole["units"]),
                     cell(fixed["broken_heads"]), cell(fixed["fixups"]),
                     cell(whole["volatile_loads"]), cell(whole["heads"])))
    return "\n".join(lines)
