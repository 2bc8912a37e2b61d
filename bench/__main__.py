"""make bench: python3 -m bench [all|scaling|kernel|passcost|report|select] [--quick].

all (the default) snapshots the plugin, measures the scaling series and the
kernel objects, counts the instructions of the plugin's parts on a few of
them (passcost, under callgrind), and writes docs/bench.md and
docs/bench-scaling.png from the results (build/bench/*.json).  protection
redoes only the survey rows of the cost table (after a survey build),
report rewrites the report from the results already there, select chooses
bench/kernel-objects.txt again.
"""
import argparse
import datetime
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

from rcuderef import layout

from . import kernel, passcost, protection, scaling, timing

REPO = layout.REPO
OBJECT_LIST = os.path.join(REPO, "bench", "kernel-objects.txt")


def log(msg):
    print(msg, flush=True)


def snapshot_plugin(build):
    """Copy the aarch64 plugin, so that a rebuild during the run changes
    nothing; return (path, sha256)."""
    src = layout.current().plugin(layout.KERNEL_TARGET)
    dst_dir = os.path.join(build, "plugin")
    os.makedirs(dst_dir, exist_ok=True)
    dst = os.path.join(dst_dir, "rcu_deref_plugin.so")
    shutil.copyfile(src, dst)
    with open(dst, "rb") as fh:
        digest = hashlib.sha256(fh.read()).hexdigest()
    return dst, digest


def git_head():
    r = subprocess.run(["git", "-C", REPO, "log", "-1", "--format=%h %<(50,trunc)%s", "--", "plugin/"],
               capture_output=True, text=True)
    return r.stdout.strip()


def save(build, name, data):
    with open(os.path.join(build, name + ".json"), "w") as fh:
        json.dump(data, fh, indent=1)


def load(build, name):
    path = os.path.join(build, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as fh:
        return json.load(fh)


def survey_part(survey_dir, build, plugin):
    survey = protection.survey_stats(survey_dir)
    if survey and "units" in survey:
        log("survey build found: %d units; fix-up mode on those with a broken head"
            % len(survey["units"]))
        survey["fixup"] = protection.survey_fixups(survey, build, plugin, log)
    elif survey:
        log("survey build in progress (%d units so far): left out" % survey["in_progress"])
    return survey


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m bench", description=__doc__.splitlines()[0])
    ap.add_argument("what", nargs="?", default="all",
            choices=("all", "scaling", "kernel", "passcost", "protection", "report",
                 "select"))
    lay = layout.current()
    ap.add_argument("--build", default=lay.bench)
    ap.add_argument("--kbuild", default=lay.kernel_out("warn"))
    ap.add_argument("--survey", default=lay.survey)
    ap.add_argument("--docs", default=os.path.join(REPO, "docs"))
    ap.add_argument("--quick", action="store_true", help="small grid (BENCH_QUICK=1)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--extra-object", action="append", default=[], metavar="DIR:OBJ",
            help="kernel, passcost: also OBJ, compiled with its command in "
                 "DIR/compile_commands.json (another kernel build)")
    ap.add_argument("--select-count", type=int, default=24)
    ap.add_argument("--passcost-fixup", action="store_true",
            help="passcost: also count mode=fixup")
    ap.add_argument("--jobs", type=int, default=2,
            help="passcost: callgrind runs at once (the counts do not depend on it)")
    args = ap.parse_args(argv)
    build = os.path.abspath(args.build)
    os.makedirs(build, exist_ok=True)
    include = os.path.join(REPO, "plugin", "include")

    if args.what in ("all", "scaling", "kernel", "passcost", "protection", "select"):
        plugin, digest = snapshot_plugin(build)
        run_info = {
            "started": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "load_start": timing.load_average(),
            "plugin_sha256": digest, "plugin_commit": git_head(),
            "quick": args.quick, "rounds": args.rounds, "cpus": os.cpu_count(),
        }
    if args.what == "select":
        top, ranked = kernel.select(build, args.kbuild, plugin, args.select_count, log)
        with open(OBJECT_LIST, "w") as fh:
            fh.write("# The %d objects of the arm64 test kernel (qemu/) with the most\n"
                 "# dependency heads (plugin stats, warn mode), chosen by\n"
                 "# `python3 -m bench select`; heads at the time of the choice.\n" % len(top))
            for heads, obj in top:
                fh.write("%-40s # %d heads\n" % (obj, heads))
        log("wrote %s (%d of %d objects have heads)" % (
            OBJECT_LIST, len(top), sum(1 for h, _ in ranked if h)))
        return 0
    t0 = time.monotonic()
    if args.what in ("all", "scaling"):
        res = scaling.run(build, plugin, include, args.quick, args.rounds, log)
        res["run"] = dict(run_info, load_end=timing.load_average(),
                  seconds=time.monotonic() - t0)
        save(build, "scaling", res)
    if args.what in ("all", "kernel"):
        t1 = time.monotonic()
        objects = kernel.read_list(OBJECT_LIST)
        if args.quick:
            objects = objects[:8]
        if not os.path.exists(os.path.join(args.kbuild, "build.log")):
            log("no %s/build.log: build the test kernel first (make kernel)" % args.kbuild)
            return 1
        res = kernel.run(build, args.kbuild, objects, plugin, args.rounds, log,
                         kernel.extra_entries(args.extra_object))
        res["run"] = dict(run_info, load_end=timing.load_average(),
                  seconds=time.monotonic() - t1)
        res["survey"] = survey_part(args.survey, build, plugin)
        save(build, "kernel", res)
    if args.what in ("all", "passcost"):
        t1 = time.monotonic()
        if not os.path.exists(os.path.join(args.kbuild, "build.log")):
            log("no %s/build.log: build the test kernel first (make kernel)" % args.kbuild)
            return 1
        modes = ("none", "warn", "fixup") if args.passcost_fixup else ("none", "warn")
        res = passcost.run(build, args.kbuild, plugin, args.quick, modes, args.jobs, log,
                           kernel.extra_entries(args.extra_object))
        res["run"] = dict(run_info, load_end=timing.load_average(),
                  seconds=time.monotonic() - t1)
        save(build, "passcost", res)
    if args.what == "protection":
        res = load(build, "kernel")
        if not res:
            log("no %s/kernel.json: run python3 -m bench kernel first" % build)
            return 1
        res["survey"] = survey_part(args.survey, build, plugin)
        res["survey_run"] = dict(run_info, load_end=timing.load_average())
        save(build, "kernel", res)
    from . import report
    pres = load(build, "passcost")
    if pres:
        # The section alone, beside its results.
        with open(os.path.join(build, "passcost.md"), "w") as fh:
            fh.write(passcost.markdown(pres))
        log("wrote %s" % os.path.join(build, "passcost.md"))
    report.write(build, args.docs, load(build, "scaling"), load(build, "kernel"), log,
             pres=pres)
    return 0


if __name__ == "__main__":
    sys.exit(main())
