"""Compile-time overhead and counts on a fixed set of real kernel objects.

The objects are listed in bench/kernel-objects.txt (chosen once as the
objects of the arm64 test kernel with the most dependency heads; `python3
-m bench select` redoes the choice).  Their exact compile commands come
from the V=1 build log of the test kernel (build/qemu/V/arm64/kernel-warn/build.log),
copied at the start of a run.  Each command is rerun from that build
directory with its output (-o) sent to build/bench, its dependency file
(-Wp,-MMD) dropped and the kernel's copy of the plugin replaced by a
snapshot of the project's plugin: without the plugin, with mode=warn, with
mode=fixup, interleaved, median of several rounds.

The kernel tree is shared with other work: a command that fails (the tree
being rebuilt) is retried after a pause; an object that keeps failing is
left out of the round, and the report says so.
"""
import json
import os
import time

from rcuderef import compile_commands
from rcuderef.compiler import PLUGIN_ARG

from . import timing

MODES = ("none", "warn", "fixup")
RETRIES = 3
RETRY_PAUSE = 20


def parse_log(path):
    """{object: {"obj", "src", "args"}} for every C compile in a V=1 log."""
    out = {}
    with open(path, errors="replace") as fh:
        for args in compile_commands.from_build_log(fh.read()):
            if "-o" in args:
                obj = args[args.index("-o") + 1]
                out[obj] = {"obj": obj, "src": args[-1], "args": args}
    return out


def command(entry, mode, plugin, output, stats=None, assemble=True):
    """The entry's compile command for mode, writing output."""
    cmd = compile_commands.rewrite(entry["args"])
    src = cmd.pop()
    cmd += ["-c" if assemble else "-S", "-o", output]
    if mode != "none":
        cmd += ["-fplugin=" + plugin, PLUGIN_ARG + "mode=" + mode]
        if stats:
            cmd.append(PLUGIN_ARG + "stats=" + stats)
    cmd.append(src)
    return cmd


def commands(kbuild, workdir, objects, log=print):
    """The compile commands of objects, from the kernel's build log when it
    has them all (a copy is kept in workdir), else from the copy kept by an
    earlier run (the kernel is being rebuilt and its log is incomplete)."""
    log_path = os.path.join(kbuild, "build.log")
    kept = os.path.join(workdir, "build.log")
    with open(log_path, "rb") as fh:
        data = fh.read()
    tmp = kept + ".new"
    with open(tmp, "wb") as fh:
        fh.write(data)
    entries = parse_log(tmp)
    if all(o in entries for o in objects):
        os.replace(tmp, kept)
        return entries
    os.unlink(tmp)
    if os.path.exists(kept):
        log("kernel objects: %s lacks some objects (being rebuilt?): using the "
            "copy of an earlier run, %s" % (log_path, kept))
        old = parse_log(kept)
        old.update(entries)
        return old
    return entries


def extra_entries(specs):
    """{object: entry} of objects from another kernel build (not the test
    kernel's), each spec "DIR:OBJ": OBJ's command in DIR's
    compile_commands.json (the survey's arm64 defconfig tree), run from
    the directory it names (the entry's "dir")."""
    out = {}
    for spec in specs or ():
        build_dir, _, obj = spec.rpartition(":")
        args, directory = compile_commands.find(build_dir, obj)
        # The survey compiles through survey/cc-wrapper.sh, which loads its
        # plugin and keeps its diagnostics: the kernel's compiler instead,
        # and without the survey's plugin-hash define.
        args = [compile_commands.KERNEL_CC] + [
            a for a in args[1:] if not a.startswith("-DRCU_DEREF_SURVEY_PLUGIN=")]
        out[obj] = {"obj": obj, "src": args[-1], "args": args, "dir": directory,
                    "from": os.path.relpath(build_dir)}
    return out


def read_list(path):
    with open(path) as fh:
        return [l.split("#")[0].strip() for l in fh
            if l.split("#")[0].strip()]


def first_error(stderr):
    for line in stderr.splitlines():
        if "error" in line or "fatal" in line:
            return line.strip()
    return stderr.strip().splitlines()[-1] if stderr.strip() else "no message"


def run_with_retry(cmd, cwd, log):
    for attempt in range(RETRIES + 1):
        try:
            return timing.run_timed(cmd, cwd=cwd)[0]
        except timing.CommandFailed as e:
            msg = "%s: %s" % (cmd[-1], first_error(e.stderr)[:200])
            if attempt == RETRIES:
                log("    failed for good: " + msg)
                return None
            log("    failed, retrying in %d s: %s" % (RETRY_PAUSE, msg))
            time.sleep(RETRY_PAUSE)


def read_stats(path):
    """{main input file: stats dict} from a stats file (last line wins)."""
    out = {}
    if os.path.exists(path):
        with open(path) as fh:
            for line in fh:
                line = line.strip()
                if line:
                    d = json.loads(line)
                    out[d["file"]] = d
    return out


def run(build, kbuild, objects, plugin, rounds=3, log=print, extra=None):
    """Time the objects' compiles in the three modes; collect the stats.
    ``extra``: more objects' entries (:func:`extra_entries`)."""
    workdir = os.path.join(build, "kernel")
    os.makedirs(workdir, exist_ok=True)
    entries = commands(kbuild, workdir, objects, log)
    entries.update(extra or {})
    objects = list(objects) + [o for o in extra or {} if o not in objects]
    with open(os.path.join(workdir, "commands.json"), "w") as fh:
        json.dump({o: entries[o] for o in objects if o in entries}, fh, indent=1)
    missing = [o for o in objects if o not in entries]
    objects = [o for o in objects if o in entries]
    stats = {m: os.path.join(workdir, "stats.%s.jsonl" % m) for m in ("warn", "fixup")}
    for p in stats.values():
        if os.path.exists(p):
            os.unlink(p)

    def out(mode, obj):
        path = os.path.join(workdir, mode, obj)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        return path

    # Round 0 also writes the plugin's stats; a cold cache in it costs one
    # mode of one round, which the median drops.
    times = {o: {m: [] for m in MODES} for o in objects}
    for r in range(rounds):
        log("kernel objects: round %d of %d (load average %.1f)" % (
            r + 1, rounds, timing.load_average()[0]))
        for i, obj in enumerate(objects):
            k = (r + i) % len(MODES)
            got = {}
            for m in MODES[k:] + MODES[:k]:
                got[m] = run_with_retry(
                    command(entries[obj], m, plugin, out(m, obj),
                        stats.get(m) if r == 0 and obj not in (extra or {}) else None),
                    entries[obj].get("dir", kbuild), log)
            # A round counts only when all three modes compiled.
            if all(v is not None for v in got.values()):
                for m in MODES:
                    times[obj][m].append(got[m])
    per_obj = {}
    for obj in objects:
        t = times[obj]
        if not t["none"]:
            continue
        per_obj[obj] = {
            "rounds": len(t["none"]),
            "cpu": {m: timing.median(t[m]) for m in MODES},
            "ratio": {m: timing.median([a / b for a, b in zip(t[m], t["none"])])
                  for m in ("warn", "fixup")},
        }
    tot = {m: sum(per_obj[o]["cpu"][m] for o in per_obj) for m in MODES}
    return {
        "objects": per_obj, "missing": missing,
        "failed": [o for o in objects if o not in per_obj],
        "total": tot,
        "stats": {m: read_stats(p) for m, p in stats.items()},
        "sources": {o: entries[o]["src"] for o in objects},
        "extra": {o: e["from"] for o, e in (extra or {}).items()},
    }


def select(build, kbuild, plugin, count, log=print):
    """The count objects of the build log with the most heads (warn mode)."""
    workdir = os.path.join(build, "select")
    os.makedirs(workdir, exist_ok=True)
    stats = os.path.join(workdir, "stats.jsonl")
    if os.path.exists(stats):
        os.unlink(stats)
    entries = parse_log(os.path.join(kbuild, "build.log"))
    for i, (obj, e) in enumerate(sorted(entries.items())):
        if i % 50 == 0:
            log("select: %d of %d" % (i, len(entries)))
        run_with_retry(command(e, "warn", plugin, os.path.join(workdir, "t.s"),
                       stats, assemble=False), kbuild, log)
    by_src = read_stats(stats)
    ranked = sorted(((by_src[e["src"]]["heads"], obj) for obj, e in entries.items()
             if e["src"] in by_src), reverse=True)
    return ranked[:count], ranked


def instruction_ratios(pres):
    """{object: warn / none in instructions} of the passcost results."""
    out = {}
    for obj, o in ((pres or {}).get("objects") or {}).items():
        s = o["summary"]
        if "warn" in s:
            out[obj] = (s["none"], s["warn"]["total"])
    return out


def markdown_overhead(res, pres=None):
    """The CPU-time table, and beside it the instruction counts' ratio of
    the passcost results (``pres``) where they counted the object."""
    counted = instruction_ratios(pres)
    lines = ["| object | rounds | no plugin (s) | warn (s) | fixup (s) | warn / none | fixup / none "
         "| warn / none, instructions |",
         "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    in_total = [o for o in sorted(res["objects"]) if o not in res.get("extra", {})]
    for obj in in_total + sorted(res.get("extra", {})):
        p = res["objects"].get(obj)
        if p is None:
            continue
        n = counted.get(obj)
        lines.append("| `%s` | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %s |" % (
            obj, p["rounds"], p["cpu"]["none"], p["cpu"]["warn"], p["cpu"]["fixup"],
            p["ratio"]["warn"], p["ratio"]["fixup"], "%.4f" % (n[1] / n[0]) if n else "not counted"))
        if in_total and obj == in_total[-1]:
            lines.append(total_line(res, in_total, counted))
    return "\n".join(lines)


def total_line(res, objects, counted):
    """The sum over the bench objects (not the extra ones)."""
    t = {m: sum(res["objects"][o]["cpu"][m] for o in objects) for m in MODES}
    n = [counted[o] for o in objects if o in counted]
    instr = ("**%.4f** (%d objects)" % (sum(b for _, b in n) / sum(a for a, _ in n), len(n))
             if n else "not counted")
    return "| **all %d objects** | | %.2f | %.2f | %.2f | **%.3f** | **%.3f** | %s |" % (
        len(objects), t["none"], t["warn"], t["fixup"],
        t["warn"] / t["none"], t["fixup"] / t["none"], instr)
