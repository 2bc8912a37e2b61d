"""Scaling: the plugin's own compile time against heads, chain length, size.

Three series of generated readers (bench/gen.py), each varying one size
while the others stay fixed:

- heads: heads in one function, each with a chain of one step;
- length: one head, its chain of L steps in one function;
- functions: F functions of 10 heads with chains of one step (the size of
  the translation unit: 10 * F heads).

GCC 12 gives the plugin's passes no timer of their own: the kernel's
gcc-generate-gimple-pass.h registers them with TV_NONE, so -ftime-report
adds their time to whatever timer is running, and the probes between
passes run from a callback.  The plugin's time is therefore measured as
the difference of CPU time with and without the plugin: for each point,
rounds of (no plugin, mode=warn, mode=fixup) in rotated order, and the
median over rounds of the per-round difference.  Where perf works, one
extra warn-mode run samples the CPU time spent inside the plugin's own code
(perf samples in rcu_deref_plugin.so: GCC functions the plugin calls are
not counted), which other processes do not disturb.

The growth exponent is the slope of log(plugin time) against log(size),
fitted over the upper half of the series (where the plugin's time is well
above the noise); above 1.2 the growth is flagged super-linear, judged on
the perf samples when there are some (the differences of two noisy CPU
times, three rounds at the large sizes, scatter far more).  GCC's own
exponent is fitted the same way for comparison.

Time is not work: the plugin's stats also count its work (walk_steps:
statements scanned, uses visited, values seeded, over all its walks), which
no other process disturbs and no cache changes.  Its exponent is the
algorithm's; tests/test_scaling_work.py checks that it is 1.
"""
import json
import math
import os
import re
import shutil
import subprocess

from rcuderef import layout
from rcuderef.compiler import PLUGIN_ARG

from . import gen, timing

CC = layout.TARGETS[layout.KERNEL_TARGET].cc()
MODES = ("none", "warn", "fixup")
SUPERLINEAR = 1.2
BROKEN_EVERY = 10

# name: (what varies, generator parameters for size x, full grid, quick grid)
SERIES = {
    "heads": ("heads in one function (chains of 1 step)",
          lambda x: dict(functions=1, heads=x, length=1, broken_every=BROKEN_EVERY),
          (10, 30, 100, 300, 1000, 3000), (10, 100, 1000)),
    "length": ("chain length L (1 head, one function, its chain broken)",
           lambda x: dict(functions=1, heads=1, length=x, broken_every=1),
           (10, 30, 100, 300, 1000, 3000, 10000), (10, 100, 1000)),
    "functions": ("functions of 10 heads (chains of 1 step); x = total heads",
              lambda x: dict(functions=x // 10, heads=10, length=1,
                     broken_every=BROKEN_EVERY),
              (10, 30, 100, 300, 1000, 3000, 10000), (10, 100, 1000)),
}


def compile_cmd(src, out, plugin, mode, include):
    cmd = [CC, "-O2", "-S", "-I", include, "-o", out, src]
    if mode != "none":
        cmd += ["-fplugin=" + plugin, PLUGIN_ARG + "mode=" + mode]
    return cmd


def perf_available():
    if not shutil.which("perf"):
        return False
    try:
        r = subprocess.run(["perf", "record", "-q", "-o", os.devnull, "true"],
                   capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return r.returncode == 0


def perf_plugin_seconds(cmd, data, cpu_seconds):
    """CPU seconds spent in the plugin's code during cmd, from perf samples:
    the plugin's share of the samples times the run's CPU time."""
    rec = subprocess.run(["perf", "record", "-q", "-F", "999", "-o", data, "--"] + cmd,
                 capture_output=True, text=True)
    if rec.returncode != 0:
        return None
    rep = subprocess.run(["perf", "report", "-i", data, "--no-children",
                  "--sort", "dso", "--stdio"],
                 capture_output=True, text=True)
    share = 0.0
    for line in rep.stdout.splitlines():
        m = re.match(r"\s*([0-9.]+)%\s+(\S+)", line)
        if m and m.group(2) == "rcu_deref_plugin.so":
            share = float(m.group(1)) / 100
    os.unlink(data)
    return share * cpu_seconds


def fit_exponent(xs, ys):
    """Least-squares slope of log y against log x over the upper half of
    the points with y > 0 (at least two), or None."""
    pts = sorted((x, y) for x, y in zip(xs, ys) if y and y > 0)
    if len(pts) > 2:
        pts = pts[(len(pts) - 1) // 2:]
    if len(pts) < 2:
        return None
    lx = [math.log(x) for x, _ in pts]
    ly = [math.log(y) for _, y in pts]
    mx = sum(lx) / len(lx)
    my = sum(ly) / len(ly)
    den = sum((a - mx) ** 2 for a in lx)
    if den == 0:
        return None
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / den


def measure_point(series, x, params, workdir, plugin, include, rounds, use_perf, log):
    src = os.path.join(workdir, "%s_%d.c" % (series, x))
    text, counts = gen.generate(**params)
    with open(src, "w") as fh:
        fh.write(text)
    stats = {m: os.path.join(workdir, "%s_%d.%s.stats" % (series, x, m))
         for m in ("warn", "fixup")}
    for path in stats.values():
        if os.path.exists(path):
            os.unlink(path)
    out = os.path.join(workdir, "out.s")

    def cmd(mode, with_stats=False):
        c = compile_cmd(src, out, plugin, mode, include)
        if with_stats and mode != "none":
            c.append(PLUGIN_ARG + "stats=" + stats[mode])
        return c

    # A first run without the plugin warms the caches and sizes the rounds:
    # small points are cheap, and need more rounds against the noise.
    first = timing.run_timed(cmd("none"))[0]
    n = rounds * 3 if first < 0.3 else rounds
    # The first round also writes the plugin's stats.
    times = timing.interleaved(list(MODES), n,
                   lambda m, r: timing.run_timed(cmd(m, r == 0))[0])
    stat_lines = {}
    for mode, path in stats.items():
        with open(path) as fh:
            stat_lines[mode] = json.loads(fh.readline())
    point = {
        "series": series, "x": x, "params": params, "counts": counts,
        "rounds": n,
        "cpu": {m: timing.median(times[m]) for m in MODES},
        "plugin": {m: timing.paired_median_diff(times[m], times["none"])
               for m in ("warn", "fixup")},
        "stats": stat_lines,
    }
    if use_perf:
        point["perf_plugin"] = perf_plugin_seconds(
            cmd("warn"), os.path.join(workdir, "perf.data"), point["cpu"]["warn"])
    log("  %-9s x=%-6d gcc %7.3fs  plugin warn %+7.3fs fixup %+7.3fs%s  (%d rounds)" % (
        series, x, point["cpu"]["none"], point["plugin"]["warn"],
        point["plugin"]["fixup"],
        "  perf %.3fs" % point["perf_plugin"] if point.get("perf_plugin") is not None else "",
        n))
    return point


def run(build, plugin, include, quick=False, rounds=3, log=print):
    workdir = os.path.join(build, "scaling")
    os.makedirs(workdir, exist_ok=True)
    use_perf = perf_available()
    points = []
    for series, (what, params, full, short) in SERIES.items():
        log("scaling: %s" % what)
        for x in (short if quick else full):
            points.append(measure_point(series, x, params(x), workdir, plugin,
                            include, rounds, use_perf, log))
    result = {"points": points, "perf": use_perf, "summary": summarize(points)}
    return result


def summarize(points):
    out = {}
    for series in SERIES:
        pts = [p for p in points if p["series"] == series]
        xs = [p["x"] for p in pts]
        s = {"gcc": fit_exponent(xs, [p["cpu"]["none"] for p in pts])}
        for m in ("warn", "fixup"):
            s[m] = fit_exponent(xs, [p["plugin"][m] for p in pts])
        s["perf"] = fit_exponent(xs, [p.get("perf_plugin") for p in pts])
        s["work"] = fit_exponent(xs, [walk_steps(p) for p in pts])
        # The perf samples are the steadier measure on a loaded machine;
        # without them, the time differences.
        judged = ("perf",) if s["perf"] is not None else ("warn", "fixup")
        s["superlinear"] = [k for k in judged
                    if s[k] is not None and s[k] > SUPERLINEAR]
        out[series] = s
    return out


def walk_steps(point):
    """The plugin's counted work in warning mode (stats walk_steps), or None."""
    return point["stats"]["warn"].get("walk_steps")


def fmt_exp(e):
    return "n/a" if e is None else "%.2f" % e


def markdown(result):
    """The scaling tables, in Markdown."""
    lines = []
    for series, (what, _, _, _) in SERIES.items():
        pts = [p for p in result["points"] if p["series"] == series]
        if not pts:
            continue
        s = result["summary"][series]
        lines.append("#### %s" % what)
        lines.append("")
        lines.append("| x | heads | chain steps | warnings (stats) | fixups (stats) "
                 "| GCC alone (s) | plugin, warn (s) | plugin, fixup (s) "
                 "| warn overhead | fixup overhead | warn µs per x "
                 "| plugin code, perf (s) | walk steps, warn | rounds |")
        lines.append("| " + " | ".join(["---"] * 14) + " |")
        for p in pts:
            gcc = p["cpu"]["none"]
            w, f = p["plugin"]["warn"], p["plugin"]["fixup"]
            perf = p.get("perf_plugin")
            steps = walk_steps(p)
            lines.append("| %d | %d | %d | %d | %d | %.3f | %.3f | %.3f | %.1f%% | %.1f%% | %.1f | %s | %s | %d |" % (
                p["x"], p["counts"]["heads"], p["counts"]["steps"],
                p["stats"]["warn"]["broken_accesses"],
                p["stats"]["fixup"]["fixups"],
                gcc, w, f, 100 * w / gcc, 100 * f / gcc, 1e6 * w / p["x"],
                "%.3f" % perf if perf is not None else "n/a",
                "{:,}".format(steps) if steps is not None else "n/a", p["rounds"]))
        lines.append("")
        lines.append("Growth exponent over the upper half (1 = linear): GCC alone %s, "
                 "plugin warn %s, plugin fixup %s, plugin code by perf %s; the "
                 "plugin's counted work (walk steps) %s.%s" % (
                     fmt_exp(s["gcc"]), fmt_exp(s["warn"]), fmt_exp(s["fixup"]),
                     fmt_exp(s["perf"]), fmt_exp(s.get("work")),
                     " **Super-linear: %s.**" % ", ".join(s["superlinear"])
                     if s["superlinear"] else ""))
        lines.append("")
    return "\n".join(lines)


def plot(result, path):
    """A log-log plot per series: GCC alone and the plugin's time."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(SERIES), figsize=(5 * len(SERIES), 4.2))
    for ax, (series, (what, _, _, _)) in zip(axes, SERIES.items()):
        pts = [p for p in result["points"] if p["series"] == series]
        if not pts:
            continue
        xs = [p["x"] for p in pts]
        ax.loglog(xs, [p["cpu"]["none"] for p in pts], "k.-", label="GCC alone")
        for m, style in (("warn", "bo-"), ("fixup", "rs--")):
            ys = [p["plugin"][m] for p in pts]
            ok = [(x, y) for x, y in zip(xs, ys) if y > 0]
            if ok:
                ax.loglog(*zip(*ok), style, label="plugin, %s" % m)
        perf = [(x, p.get("perf_plugin")) for x, p in zip(xs, pts)
            if p.get("perf_plugin")]
        if perf:
            ax.loglog(*zip(*perf), "g^:", label="plugin code (perf)")
        # A linear reference through the plugin's largest point.
        top = pts[-1]["plugin"]["warn"]
        if top > 0:
            ax.loglog([xs[0], xs[-1]], [top * xs[0] / xs[-1], top], color="0.6",
                  lw=0.8, label="linear")
        ax.set_title(what, fontsize=9)
        ax.set_xlabel("x")
        ax.set_ylabel("CPU seconds")
        ax.grid(True, which="both", lw=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
