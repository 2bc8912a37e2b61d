"""The fuzz campaign: one seed at a time, then a summary report.

    python3 -m fuzz.campaign one SEED [--out DIR] [--keep]   check one program
    python3 -m fuzz.campaign report --first S --count N [--out DIR] [--report FILE]
                                    [--archives fuzz/results]

"one" writes DIR/results/SEED.json (the work files of a failing seed, or
of one whose plugin verdicts disagree with the assembly checker's, stay in
DIR/work/SEED; --keep keeps them always); "report" sums the results of
seeds S .. S+N-1 into a Markdown report, and with --archives those of every
slice kept there (fuzz/slices.py).  fuzz/fuzz.mk runs the seeds in
parallel.
"""
import argparse
import collections
import json
import os
import platform
import subprocess
import sys
import time

from fuzz import known, pipeline, slices
from rcuderef import layout

DEFAULT_OUT = layout.current().fuzz


def run_one(seed, out, levels, keep=False):
    os.makedirs(os.path.join(out, "results"), exist_ok=True)
    start = time.monotonic()
    try:
        res = pipeline.check_program(seed, os.path.join(out, "work", str(seed)),
                                     levels=levels, keep=keep)
    except subprocess.CalledProcessError as e:
        # csmith, the assembler or the linker failed: not the plugin's doing,
        # but never silently dropped.
        res = {"seed": seed, "status": "discarded",
               "reason": "tool failed: %s: %s" % (" ".join(e.cmd[:2]),
                                                  (e.stderr or "")[-300:])}
    res["seconds"] = round(time.monotonic() - start, 1)
    path = os.path.join(out, "results", "%d.json" % seed)
    with open(path + ".tmp", "w") as f:
        json.dump(res, f, indent=1)
    os.replace(path + ".tmp", path)
    return res


def seed_levels(seed, levels, per_seed):
    """The levels a seed's program is checked at: all of them, or per_seed
    of them in turn from seed modulo their number, so that a campaign
    covers every level evenly at a fraction of the cost."""
    if not per_seed or per_seed >= len(levels):
        return tuple(levels)
    return tuple(levels[(seed + i) % len(levels)] for i in range(per_seed))


def load(out, seeds):
    results, missing = [], []
    for s in seeds:
        path = os.path.join(out, "results", "%d.json" % s)
        if os.path.exists(path):
            with open(path) as f:
                results.append(json.load(f))
        else:
            missing.append(s)
    return results, missing


def seed_ranges(seeds):
    """'1 to 400, 801 to 900' of sorted seeds."""
    spans = []
    for k in seeds:
        if spans and k == spans[-1][1] + 1:
            spans[-1][1] = k
        else:
            spans.append([k, k])
    return ", ".join("%d to %d" % (a, b) if a != b else "%d" % a for a, b in spans)


def csmith_version():
    return pipeline.run_csmith("--version").split("\n")[0].split()[-1]


def plugin_commit():
    proc = subprocess.run(["git", "-C", pipeline.REPO, "log", "-1", "--format=%h %s",
                           "--", "plugin/"], capture_output=True, text=True)
    return proc.stdout.strip()


REFUSAL = "fix-up mode cannot order this access"


def refused(failure):
    """A fix-up mode error that is the plugin's designed refusal: an access
    whose value is loaded before its head cannot be ordered by an acquire.
    Every error line of the compile must be one."""
    if failure["kind"] != "error" or not failure["detail"].startswith("mode=fixup:"):
        return False
    errors = failure.get("errors")
    return bool(errors) and all(REFUSAL in e for e in errors)


def summarize(results):
    s = collections.Counter()
    per_config = collections.defaultdict(collections.Counter)
    failures = []
    reasons = collections.Counter()
    builds = collections.Counter()
    refusals = []
    for r in results:
        s["programs"] += 1
        builds[" ".join(v for _, v in sorted(r.get("plugin", {}).items()))] += 1
        s[r["status"]] += 1
        s["seconds"] += r.get("seconds", 0)
        if r["status"] == "discarded":
            reason = r["reason"]
            key = ("timeout" if "timeout" in reason else
                   "checksum differs between levels" if "checksum differs" in reason else
                   "crash without the plugin" if "exit status" in reason else
                   "does not compile" if "does not compile" in reason else "other")
            reasons[key] += 1
            continue
        s["checked"] += 1
        s["heads_rcu"] += r["heads_rcu"]
        s["heads_consume"] += r["heads_consume"]
        s["sites"] += r["sites"]
        if r["heads_rcu"] + r["heads_consume"]:
            s["with_heads"] += 1
        for c in r["configs"]:
            pc = per_config[c["config"]]
            pc["programs"] += 1
            for mode in ("warn", "fixup"):
                pc[mode + "_warnings"] += c.get(mode + "_warnings", 0)
                pc[mode + "_seconds"] += c.get(mode + "_seconds", 0)
                st = c.get(mode + "_stats")
                if st:
                    pc[mode + "_stats_tu"] += 1
                    for k in ("heads", "chains", "accesses", "broken_heads", "fixups"):
                        pc["%s_%s" % (mode, k)] += st.get(k, 0)
            for k, v in c.get("warn_kinds", {}).items():
                pc["kind_" + k] += v
            pc["fixup_records"] += c.get("fixup_records", 0)
            pc["fixup_ran"] += 1 if c.get("fixup_ran") else 0
            if "consume_seconds" in c:
                pc["consume_programs"] += 1
                pc["consume_seconds"] += c["consume_seconds"]
                pc["consume_loads"] += c.get("consume_loads", 0)
                pc["consume_demoted"] += c.get("consume_demoted", 0)
                pc["consume_with_demoted"] += 1 if c.get("consume_demoted") else 0
                pc["consume_same_asm"] += 1 if c.get("consume_same_asm") else 0
                pc["consume_ran"] += 1 if c.get("consume_ran") else 0
            if c.get("warn_warnings"):
                pc["programs_warned"] += 1
        real = []
        for f in r["failures"]:
            if refused(f):
                per_config[f["config"]]["fixup_refused"] += 1
                s["refused_configs"] += 1
                refusals.append((r["seed"], f["config"]))
            else:
                real.append(f)
                failures.append((r["seed"], f))
        if real:
            s["failing"] += 1
    s["plugin_builds"] = len(builds)
    s["builds"] = builds
    s["refusals"] = refusals
    return s, per_config, failures, reasons


def summarize_verdicts(results):
    """The per-head comparison of the plugin with the assembly checker:
    ({configuration: Counter of classes, "programs", "errors"}, [(seed,
    configuration, disagreement)], [(seed, configuration, error)]); the
    listed heads are the misses, the false positives, and the unknown,
    vanished or no-deps heads the plugin warned about."""
    per_config = collections.defaultdict(collections.Counter)
    listed, errors = [], []
    for r in results:
        if r["status"] == "discarded":
            continue
        for c in r["configs"]:
            v = c.get("verdicts")
            if v is None:
                continue
            pc = per_config[c["config"]]
            pc["programs"] += 1
            if "error" in v:
                pc["errors"] += 1
                errors.append((r["seed"], c["config"], v["error"]))
                continue
            pc.update(v["counts"])
            for d in v["disagreements"]:
                listed.append((r["seed"], c["config"], d))
            # The plugin warned about a head whose dependent accesses the
            # checker no longer finds: listed too, to be looked at.
            for head, verdict, kinds, cls in v["heads"]:
                if cls in ("vanished", "no-deps") and any(
                        kinds.get(k) for k in pipeline.BREAK_KINDS):
                    listed.append((r["seed"], c["config"], {
                        "head": head, "class": cls, "checker": verdict,
                        "plugin": kinds, "why": "the plugin warned; the checker "
                        "found no dependent access %s" % (
                            "left in the final code" if cls == "vanished" else
                            "at -O0")}))
    return per_config, listed, errors


def verdict_section(results):
    """The report's section on the plugin's per-head verdicts against the
    aarch64 assembly checker (fuzz/README.md, "Verdicts")."""
    per_config, listed, errors = summarize_verdicts(results)
    lines = ["## Verdicts: the plugin against the aarch64 assembly checker", ""]
    if not per_config:
        return lines + ["No result has per-head verdicts (results made before "
                        "the comparison existed, or no program with heads).", ""]
    lines += [
        "Per head and level, on aarch64: the checker's verdict on the final code "
        "(`rcuderef/asmcheck`, on GCC alone's assembly; the dependent accesses "
        "of each head from the -O0 assembly) against the plugin's (a break or "
        "comparison warning whose \"dependency head\" note is at the head).  "
        "See `fuzz/README.md`, \"Verdicts\".",
        "",
        "| configuration | programs | heads | agree: broken | agree: intact "
        "| plugin misses | false positives | vanished (warned) | of which the head kept "
        "| nothing to check at -O0 (warned) | unknown (warned) | errors |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    total = collections.Counter()
    for config in sorted(per_config):
        pc = per_config[config]
        total.update(pc)
        lines.append(verdict_row(config, pc))
    if len(per_config) > 1:
        lines.append(verdict_row("all", total))
    lines += [
        "",
        "\"vanished\": no access the checker found dependent at -O0 is left in the "
        "final code (\"the head kept\": its load is; an access GCC attributes to "
        "another column also counts here).  \"nothing to check\": the head has no "
        "load, or no dependent access, even at -O0.  \"unknown\": the head's load "
        "is gone while dependent accesses remain (a head on a local variable GCC "
        "keeps in a register), or they lie in functions without the head, or "
        "an access at a dependent site is not dependent but the site has more "
        "accesses than at -O0, one of them dependent (ambiguous: %d heads).  "
        "\"warned\" in parentheses: how many of those heads the plugin warned "
        "about anyway (counted in the column, not as a disagreement; listed "
        "below).  A head the checker finds intact but whose warned accesses all "
        "lie outside its -O0 dependent set (a callee's at -O0, inlined since) is "
        "judged at those accesses, looked up by site in the final code: broken "
        "%d, intact %d (a false positive), unknown %d (not located, or "
        "ambiguous; results made before this rule have none)." % (
            total["unknown-ambiguous"], total["outside-broken"],
            total["outside-intact"], total["outside-unknown"]),
        "",
    ]
    if errors:
        lines += ["Configurations without verdicts: %d (%s)." % (
            len(errors), "; ".join("seed %d %s: %s" % e for e in errors[:10])), ""]
    if not listed:
        lines += ["No disagreement: every head the checker could decide got the "
                  "same verdict from the plugin, and the plugin warned about no "
                  "head the checker could not decide.", ""]
    disagreements = [(seed, d) for seed, _, d in listed
                     if d["class"] in pipeline.DISAGREEMENTS]
    unexplained = [x for x in disagreements if not known.lookup(x[0], x[1]["head"])]
    lines += ["Misses and false positives: %d, of which %d not yet explained (not "
              "in \"Known disagreements\" below, `fuzz/known.py`)." % (
                  len(disagreements), len(unexplained)), ""]
    if listed:
        lines += ["Misses and false positives, then the heads the plugin warned about "
                  "that the checker could not decide (unknown, vanished, nothing to "
                  "check):", ""]
        lines += ["| seed | configuration | head (line:column) | class | checker "
                  "| plugin warnings | checker's broken accesses or why unknown "
                  "| known |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    order = {"miss": 0, "false-positive": 1, "unknown": 2, "vanished": 3, "no-deps": 4}
    for seed, config, d in sorted(listed, key=lambda x: (order.get(x[2]["class"], 5),
                                                         x[0], x[1], x[2]["head"])):
        plugin = ", ".join("%s %d" % kv for kv in sorted(d["plugin"].items())) or "none"
        k = known.lookup(seed, d["head"])
        lines.append("| %d | %s | %s | %s | %s | %s | %s | %s |" % (
            seed, config, d["head"], d["class"], d["checker"], plugin,
            ", ".join(d.get("broken", [])) or d.get("why", ""),
            "the %s is right (below)" % k.right if k else ""))
    if listed:
        lines += ["", "Reproduce one: `/usr/bin/python3 -m fuzz.campaign one SEED --keep` "
                  "keeps the program and the assembly in `build/fuzz/work/SEED/`; "
                  "`python3 -m rcuderef.asmcheck` and the README's \"Verdicts\" give "
                  "the commands.", ""]
    return lines + known_section(results)


def head_now(results, seed, head):
    """The classes of a head in the results, per level ("-O1 unknown,
    -Os agree-intact"), or why there is none."""
    for r in results:
        if r["seed"] != seed:
            continue
        if r["status"] == "discarded":
            return "discarded"
        now = []
        for c in r["configs"]:
            v = c.get("verdicts")
            if v is None or "error" in v:
                continue
            cls = {h[0]: h[3] for h in v["heads"]}.get(head, "no-deps")
            now.append("%s %s" % (c["config"].split()[-1], cls))
        return ", ".join(now) or "no verdict"
    return "not in these results"


def known_section(results):
    """The disagreements looked at by hand (fuzz/known.py): who is right,
    why, the fix or reproducer, and the head's classes in these results."""
    lines = ["### Known disagreements", "",
             "Each disagreement some run of the campaign reported, read by hand in "
             "the aarch64 assembly (`fuzz/known.py`, `fuzz/README.md`): who is "
             "right, why, where the fix or the reproducer is, and the head's class "
             "in the results above (\"no-deps\": not listed, nothing to check).", "",
             "| seed | head | levels | reported as | right | why | fix, reproducer "
             "| in these results |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for k in known.KNOWN:
        lines.append("| %d | %s | %s | %s | the %s | %s | %s | %s |" % (
            k.seed, k.head, " ".join(k.levels), k.reported, k.right,
            k.reason.replace("|", "\\|"), k.where.replace("|", "\\|"),
            head_now(results, k.seed, k.head)))
    return lines + [""]


def verdict_row(config, pc):
    return "| %s | %d | %d | %d | %d | %d | %d | %d (%d) | %d | %d (%d) | %d (%d) | %d |" % (
        config, pc["programs"], sum(pc[k] for k in pipeline.CLASSES),
        pc["agree-broken"], pc["agree-intact"], pc["miss"], pc["false-positive"],
        pc["vanished"], pc["vanished-warned"], pc["vanished-head-kept"],
        pc["no-deps"], pc["no-deps-warned"], pc["unknown"], pc["unknown-warned"],
        pc["errors"])


def consume_section(per_config, failures):
    """The report's section on consume=dependency: per configuration, the
    consume loads the plugin decided, those it made plain loads, and the
    binaries run against GCC alone's checksum."""
    lines = ["## consume=dependency", ""]
    if not any(pc["consume_programs"] for pc in per_config.values()):
        return lines + ["No result has a consume=dependency run (results made "
                        "before that check existed).", ""]
    wrong = collections.Counter(f["config"] for _, f in failures
                                if f["kind"] == "consume-checksum")
    lines += [
        "`-fplugin-arg-rcu_deref_plugin-consume=dependency` (with mode=warn; "
        "`docs/consume.md`): each program compiled, linked and run, its checksum "
        "compared with GCC alone's.",
        "",
        "| configuration | programs | consume loads (stats) | demoted | programs with "
        "a demoted load | assembly as GCC's | binaries run | checksum differs "
        "| plugin compile s |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for config in sorted(per_config):
        pc = per_config[config]
        if not pc["consume_programs"]:
            continue
        lines.append("| %s | %d | %d | %d | %d | %d | %d | %d | %.0f |" % (
            config, pc["consume_programs"], pc["consume_loads"], pc["consume_demoted"],
            pc["consume_with_demoted"], pc["consume_same_asm"], pc["consume_ran"],
            wrong[config], pc["consume_seconds"]))
    lines += ["", "\"consume loads\": the `__ATOMIC_CONSUME` loads the plugin decided "
              "(`consume_checked`); \"demoted\": those left plain loads in the final "
              "code (`consume_demoted`; on x86-64 every one keeps GCC's load, whose "
              "acquire costs nothing there).", ""]
    return lines


def slice_lines(done):
    """The report's lines on the slices kept in fuzz/results."""
    if not done:
        return []
    return ["Slices kept in `fuzz/results/` (`fuzz/slices.py`), merged here:", ""] + [
        "- seeds %d to %d: %s" % (
            first, last, "done" if n == last - first + 1 else
            "%d of %d checked so far" % (n, last - first + 1))
        for first, last, n in done] + [""]


def report(results, missing, first, count, levels, per_seed=0, done=None):
    s, per_config, failures, reasons = summarize(results)
    by_kind = collections.Counter(
        (f["kind"], f.get("known") or "") for _, f in failures)
    new_programs = len({seed for seed, f in failures if not f.get("known")})
    seeds = sorted(r["seed"] for r in results)
    lines = [
        "# Fuzz campaign report",
        "",
        "Generated by `make fuzz-slice` and `make fuzz` (`fuzz/fuzz.mk`, "
        "`python3 -m fuzz.campaign`)%s; see `fuzz/README.md` for the method." % (
            "" if done else ", last `make fuzz FUZZ_SEED=%d FUZZ_COUNT=%d%s`" % (
                first, count,
                " FUZZ_LEVELS_PER_SEED=%d" % per_seed
                if per_seed and per_seed < len(levels) else "")),
        "",
    ] + slice_lines(done) + [
        "- plugin: `%s`" % plugin_commit(),
        "- csmith %s, %s, levels %s, compilers x86_64-linux-gnu-gcc and "
        "aarch64-linux-gnu-gcc (aarch64 binaries run under qemu-aarch64)" % (
            csmith_version(),
            platform.node() and "GCC " + subprocess.run(
                ["gcc", "-dumpfullversion"], capture_output=True, text=True).stdout.strip(),
            " ".join(levels)),
        "- %s" % ("each program at every level" if not per_seed or per_seed >= len(levels)
                  else "each program at %d of these levels, in turn from its seed "
                  "modulo %d (seed 1: %s)" % (per_seed, len(levels),
                                              " ".join(seed_levels(1, levels, per_seed)))),
        "- seeds %s; results for %d programs%s" % (
            seed_ranges(seeds) or "%d to %d" % (first, first + count - 1), len(results),
            (", %d not run yet" % len(missing)) if missing else ""),
        "- plugin builds seen by these results (sha1 of the aarch64 and x86_64 "
        "plugin files: programs): %s%s" % (
            ", ".join("`%s`: %d" % kv for kv in sorted(s["builds"].items())),
            "" if s["plugin_builds"] == 1 else
            " (the plugin was rebuilt during the campaign)"),
        "- CPU time in the checks: %.0f s (sum over programs, one core each)" % s["seconds"],
        "",
        "## Summary",
        "",
        "| programs | discarded | checked | with heads | heads (rcu_dereference) "
        "| heads (consume) | pointer-load sites | failing programs |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        "| %d | %d | %d | %d | %d | %d | %d | %d |" % (
            s["programs"], s["discarded"], s["checked"], s["with_heads"], s["heads_rcu"],
            s["heads_consume"], s["sites"], s["failing"]),
        "",
        "Heads are the source sites rewritten into heads (`fuzz/heads.py`), each "
        "compiled in every configuration below.",
        "",
    ]
    if reasons:
        lines += ["Discarded (before any plugin run, from the build without the plugin): " +
                  ", ".join("%s %d" % kv for kv in sorted(reasons.items())) + ".", ""]
    lines += [
        "## Per configuration",
        "",
        "| configuration | programs | warnings (warn): broken / comparison / unused "
        "| programs warned | warnings (fixup) "
        "| fix-up sites recorded | fix-up binaries run | fix-up refused "
        "| heads seen by the plugin | broken heads | fixups (stats) | plugin compile s (warn) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for config in sorted(per_config):
        pc = per_config[config]
        stats_known = pc["warn_stats_tu"] > 0
        lines.append("| %s | %d | %d: %d / %d / %d | %d | %d | %d | %d | %d | %s | %s | %s | %.0f |" % (
            config, pc["programs"], pc["warn_warnings"], pc["kind_broken"],
            pc["kind_comparison"], pc["kind_unused"], pc["programs_warned"],
            pc["fixup_warnings"], pc["fixup_records"], pc["fixup_ran"], pc["fixup_refused"],
            pc["warn_heads"] if stats_known else "n/a",
            pc["warn_broken_heads"] if stats_known else "n/a",
            pc["fixup_fixups"] if pc["fixup_stats_tu"] else "n/a",
            pc["warn_seconds"]))
    lines += ["", "\"fix-up refused\": fix-up mode stopped with its designed error (an access "
              "whose value GCC now loads before the head cannot be ordered by an acquire: "
              "\"rcu_deref fix-up mode cannot order this access ...\"); mode=warn compiled "
              "that configuration normally.  Not counted as failures."]
    if s["refusals"]:
        lines += ["Programs with a refusal: %d (seeds %s)." % (
            len({seed for seed, _ in s["refusals"]}),
            ", ".join(str(x) for x in sorted({seed for seed, _ in s["refusals"]})))]
    if any(pc["warn_stats_tu"] == 0 for pc in per_config.values()):
        lines += ["", "\"n/a\": the plugin had no `stats=` option when this ran."]
    lines += [""]
    lines += consume_section(per_config, failures)
    lines += ["## Failures", ""]
    if not failures:
        lines += ["None: no crash or internal compiler error, warning mode byte-identical "
                  "to no plugin, fix-up mode and consume=dependency printing the same "
                  "checksum, in every configuration of every checked program.", ""]
    else:
        lines += ["Programs with a failure not explained by a known bug: %d." % new_programs,
                  "A failure is \"known\" when it disappears with the fix of that "
                  "reproducer (`fuzz/repro/`), checked on the program itself.", ""]
        lines += ["| kind | known bug | count |", "| --- | --- | --- |"]
        lines += ["| %s | %s | %d |" % (k, kn or "no", n)
                  for (k, kn), n in sorted(by_kind.items())]
        lines += ["", "| seed | configuration | kind | known bug | detail |",
                  "| --- | --- | --- | --- | --- |"]
        for seed, f in sorted(failures, key=lambda sf: (bool(sf[1].get("known")), sf[0])):
            detail = f["detail"].split("\n")[0].replace("|", "\\|")[:120]
            lines.append("| %d | %s | %s | %s | %s |" % (
                seed, f["config"], f["kind"], f.get("known") or "no", detail))
        lines += ["", "Reproduce one: `/usr/bin/python3 -m fuzz.campaign one SEED` "
                  "(the program and assembly stay in `build/fuzz/work/SEED/`).", ""]
    lines += verdict_section(results)
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="fuzz.campaign")
    ap.add_argument("command", choices=("one", "report"))
    ap.add_argument("seed", nargs="?", type=int)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--levels", default=" ".join(pipeline.LEVELS))
    ap.add_argument("--levels-per-seed", type=int, default=0,
                    help="check each program at this many of the levels (0: all)")
    ap.add_argument("--report")
    ap.add_argument("--archives", help="report: the slices kept in this folder too")
    ap.add_argument("--keep", action="store_true",
                    help="one: keep the work files even when the seed passes")
    a = ap.parse_args(argv)
    levels = tuple(a.levels.split())
    if a.command == "one":
        res = run_one(a.seed, a.out, seed_levels(a.seed, levels, a.levels_per_seed),
                      a.keep)
        classes = collections.Counter()
        for c in res.get("configs", []):
            classes.update(c.get("verdicts", {}).get("counts", {}))
        print("seed %d: %s%s (%d heads, %.1f s)%s" % (
            a.seed, res["status"],
            ": " + res["reason"][:100] if res["status"] == "discarded" else
            (": " + ", ".join(sorted({f["kind"] for f in res["failures"]}))
             if res["failures"] else ""),
            res.get("heads_rcu", 0) + res.get("heads_consume", 0), res["seconds"],
            "; verdicts: " + ", ".join("%s %d" % (k, classes[k]) for k in pipeline.CLASSES
                                       if classes[k]) if classes else ""))
        return 0
    seeds = range(a.first, a.first + a.count)
    results, missing = load(a.out, seeds)
    done = None
    if a.archives:
        # The slices kept in the repository, the build folder's results
        # (newer) over theirs.
        archived, done = slices.load_all(a.archives)
        archived.update((r["seed"], r) for r in results)
        results = [archived[k] for k in sorted(archived)]
        missing = [k for k in missing if k not in archived]
    text = report(results, missing, a.first, a.count, levels, a.levels_per_seed, done)
    if a.report:
        with open(a.report, "w") as f:
            f.write(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
