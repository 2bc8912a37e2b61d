"""The assembly checker's verdict on every warning of a survey.

    /usr/bin/python3 survey/asmverdict.py SURVEY_DIR [-j N]

For each warning of SURVEY_DIR's runs (diag/, warning mode, and
read-once/diag/, read-once-heads) and each object that reported it, the
object is compiled again to assembly without the plugin (its kbuild
command from SURVEY_DIR/compile_commands.json, -S; warning mode is
byte-identical to the compiler alone, so this is the code the warning
speaks of), and rcuderef.asmcheck.aarch64's Places checks the accesses at
the warning's place against the loads at its head's place, in every
function holding such a load.  This does not use the plugin: it is the
independent truth each warning's triage starts from.

The verdicts go to SURVEY_DIR/asm-verdicts.json, one entry per (run,
place, head place, object): "broken" (an access there does not derive
from a head load through registers on every path), "intact" (every such
access does: a warning there is a false positive, unless the broken
access is one the line's others hide), "vanished" (only frame accesses),
"unreached" (no function with a head load holds an access there),
"no head" (no load at the head's place).  Places are matched by file
basename and line; a function that holds a head load but another access
at the same place that does not derive from it also counts as broken, so
"broken" agrees with the warning but is not a proof by itself; "intact"
contradicts it.  Each entry also counts the accesses that derive from a
head (dependent), that do not (independent), and, among these, that
derive from it only through the flags (via_flags: a csel between a value
of the head and another, which the arm64 rule does not count).  The
assembly files are kept in SURVEY_DIR/asm/ and reused.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
from rcuderef import compile_commands  # noqa: E402
from rcuderef.asmcheck.aarch64 import Places  # noqa: E402
import report  # noqa: E402
import results  # noqa: E402

RUNS = (("warn", "diag"), ("read-once", os.path.join("read-once", "diag")))
OUT = "asm-verdicts.json"


def place(key):
    """(basename, line) of a "file:line" key."""
    name, _, line = key.rpartition(":")
    return os.path.basename(name), int(line)


def wanted(survey):
    """{object: [(run, warning)]} of every warning with a head place."""
    src = report.source_root(survey)
    out = {}
    for run, sub in RUNS:
        for w in results.load(os.path.join(survey, sub)).warnings(src):
            if not w.head_at:
                continue
            for obj in w.objects:
                out.setdefault(obj, []).append((run, w))
    return out


def assembly(survey, commands, obj):
    """The object's assembly without the plugin (cached in SURVEY_DIR/asm)."""
    path = os.path.join(survey, "asm", obj[:-2] + ".s")
    if not os.path.exists(path):
        argv, directory = commands[obj]
        os.makedirs(os.path.dirname(path), exist_ok=True)
        cmd = compile_commands.rewrite(argv, cc=compile_commands.KERNEL_CC)
        subprocess.run(cmd + ["-S", "-o", path + ".tmp"], cwd=directory,
                       check=True)
        os.replace(path + ".tmp", path)
    return path


def check_object(survey, commands, obj, warnings):
    """The verdict entries of one object's warnings."""
    try:
        with open(assembly(survey, commands, obj)) as f:
            places = Places(f.read())
    except (subprocess.CalledProcessError, KeyError) as e:
        return [entry(run, w, obj, "error: %s" % e) for run, w in warnings]
    out = []
    for run, w in warnings:
        res = places.check([place(w.head_at)], [place(w.key)])
        real = [a for _, a in res.accesses if not a.stack]
        out.append(entry(run, w, obj, res.verdict,
                         heads=len(res.heads),
                         dependent=sum(a.dependent for a in real),
                         independent=sum(not a.dependent for a in real),
                         via_flags=sum(a.via_flags for a in real),
                         functions=sorted({insn.function for insn, a in res.accesses
                                           if not a.stack and not a.dependent})))
    return out


def entry(run, w, obj, verdict, **counts):
    return dict(run=run, place=w.key, head_at=w.head_at, kind=w.kind,
                object=obj, verdict=verdict, **counts)


def commands_of(survey):
    out = {}
    for e in compile_commands.load(survey):
        argv = e["argv"]
        if "-o" in argv:
            out[argv[argv.index("-o") + 1]] = (argv, e["directory"])
    return out


def load(survey):
    """The verdict entries of SURVEY_DIR, or [] if none were made."""
    try:
        with open(os.path.join(survey, OUT)) as f:
            return json.load(f)
    except FileNotFoundError:
        return []


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("survey")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    opts = ap.parse_args()
    survey = os.path.abspath(opts.survey)
    todo = wanted(survey)
    commands = commands_of(survey)
    entries = []
    with concurrent.futures.ProcessPoolExecutor(opts.j) as pool:
        jobs = [pool.submit(check_object, survey, commands, obj, ws)
                for obj, ws in sorted(todo.items())]
        for job in jobs:
            entries += job.result()
    entries.sort(key=lambda e: (e["run"], e["place"], e["head_at"], e["object"]))
    with open(os.path.join(survey, OUT + ".tmp"), "w") as f:
        json.dump(entries, f, indent=1)
    os.replace(os.path.join(survey, OUT + ".tmp"), os.path.join(survey, OUT))
    counts = {}
    for e in entries:
        counts[e["verdict"]] = counts.get(e["verdict"], 0) + 1
    print("asmverdict: %d objects, %d verdicts: %s" % (
        len(todo), len(entries),
        ", ".join("%s %d" % kv for kv in sorted(counts.items()))))


if __name__ == "__main__":
    main()
