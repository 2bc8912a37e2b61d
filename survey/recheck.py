"""The survey's warnings compiled again with another plugin: which are gone.

    /usr/bin/python3 survey/recheck.py SURVEY_DIR --plugin PATH [-j N]

For each run of SURVEY_DIR (warning mode, diag/; read-once-heads,
read-once/diag/), every object that reported a warning is compiled again
with PATH in that run's mode (its kbuild command from
SURVEY_DIR/compile_commands.json, the output thrown away, JSON
diagnostics), and each of the run's warnings is looked for again at the
same place with the same head place in each object that reported it.
The result goes to SURVEY_DIR/recheck.json: one entry per (run, place,
head place), with the objects where the warning is gone and where it is
kept, and the plugin's sha256.  A survey made with an earlier plugin so
tells which of its warnings a later fix removed, object by object, without
building the kernel again; the triage says why (survey/triage/V.txt).
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
from rcuderef import compile_commands  # noqa: E402
import asmverdict  # noqa: E402
import report  # noqa: E402
import results  # noqa: E402

OUT = "recheck.json"
MODE_ARGS = {"warn": [], "read-once": ["-fplugin-arg-rcu_deref_plugin-read-once-heads"]}


def warned_places(survey, commands, obj, run, plugin):
    """{(place, head place)} the plugin warns about in one object, or None
    when the compile fails."""
    argv, directory = commands[obj]
    cmd = compile_commands.rewrite(argv, cc=compile_commands.KERNEL_CC, plugin=plugin,
                                   keep_compile=True)
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(cmd + MODE_ARGS[run] + ["-fdiagnostics-format=json",
                                                      "-o", os.path.join(tmp, "out.o")],
                              cwd=directory, capture_output=True, text=True)
    if proc.returncode:
        return None
    # The compile's diagnostics name the tree compiled now, survey/src, not
    # the one a restored archive's were made in (src-path.txt).
    src = os.path.join(survey, "src")
    out = set()
    for line in proc.stderr.splitlines():
        if not line.startswith("["):
            continue
        for d in json.loads(line):
            w = results.parse_warning(d, src)
            if w:
                out.add((w.key, w.head_at))
    return out


def recheck(survey, plugin, jobs):
    commands = asmverdict.commands_of(survey)
    src = report.source_root(survey)
    todo = []
    for run, sub in asmverdict.RUNS:
        for w in results.load(os.path.join(survey, sub)).warnings(src):
            todo.append((run, w))
    objs = sorted({(run, o) for run, w in todo for o in w.objects})
    warned = {}
    with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
        futs = {pool.submit(warned_places, survey, commands, obj, run, plugin): (run, obj)
                for run, obj in objs if obj in commands}
        for fut in concurrent.futures.as_completed(futs):
            warned[futs[fut]] = fut.result()
    entries = []
    for run, w in todo:
        gone, kept, failed = [], [], []
        for obj in w.objects:
            places = warned.get((run, obj))
            if places is None:
                failed.append(obj)
            elif (w.key, w.head_at) in places:
                kept.append(obj)
            else:
                gone.append(obj)
        entries.append(dict(run=run, place=w.key, head_at=w.head_at, kind=w.kind,
                            gone_in=gone, kept_in=kept, failed_in=failed))
    with open(plugin, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()[:12]
    return {"plugin": sha, "entries": entries}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("survey")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    opts = ap.parse_args()
    survey = os.path.abspath(opts.survey)
    res = recheck(survey, os.path.abspath(opts.plugin), opts.j)
    path = os.path.join(survey, OUT)
    with open(path + ".tmp", "w") as f:
        json.dump(res, f, indent=1)
    os.replace(path + ".tmp", path)
    gone = [e for e in res["entries"] if e["gone_in"] and not e["kept_in"] and not e["failed_in"]]
    print("recheck: %d of %d warnings gone in every object with plugin %s (%s)" % (
        len(gone), len(res["entries"]), res["plugin"], path))
    for e in res["entries"]:
        state = ("gone" if e in gone else "kept in %d, gone in %d, failed in %d" % (
            len(e["kept_in"]), len(e["gone_in"]), len(e["failed_in"])))
        print("  %s %s (head %s): %s" % (e["run"], e["place"], e["head_at"], state))


if __name__ == "__main__":
    main()
