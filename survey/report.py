"""Write docs/survey.md from the survey runs of each kernel version and
their hand triage.

    /usr/bin/python3 survey/report.py OUT.md --survey V=SURVEY_DIR:TRIAGE ... \
        [--notes survey/notes.md] [--read-once-dirs "kernel mm ..."]

Each SURVEY_DIR is build/survey/V: diag/ (warning mode), read-once/diag/
(the same compiles with every READ_ONCE() a head), out/ (kbuild output,
for the count of C files compiled), plugin/info and times.txt.  A version
not surveyed yet is named as such.  The report sets the versions side by
side, lists the warnings that one version gives and another does not
(matched by file, kind, head and object, since lines move between
versions), then each version's own sections.

The hand triage of version V lives in survey/triage/V.txt, one entry per
warning place:

    file:line: real hazard: why (reading the source and the assembly)
    file:line: false positive: why; reproducer survey/repro/x.c
        indented lines continue the entry

and survey/notes.md holds hand-written sections (included as they are),
so regenerating the report keeps them.  Warnings with no entry are listed
as untriaged, and entries that match no warning as stale.
"""
import argparse
import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_ENTRY = re.compile(r"^(?P<file>[^\s:]+):(?P<line>\d+): (?P<verdict>[^:]+): (?P<why>.*)$")


def read_triage(path):
    """{"file:line": (verdict, text)} from the triage file."""
    out = {}
    key = None
    if not path or not os.path.exists(path):
        return out
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line[0] in " \t" and key:
                verdict, text = out[key]
                out[key] = (verdict, text + " " + line.strip())
                continue
            m = _ENTRY.match(line)
            if not m:
                raise ValueError("%s: cannot read %r" % (path, line))
            key = "%s:%s" % (m.group("file"), m.group("line"))
            out[key] = (m.group("verdict").strip(), m.group("why").strip())
    return out


def c_compiles(out_dir):
    """The objects kbuild compiled from C files, from its .cmd files
    (object path relative to out_dir)."""
    objs = set()
    if not os.path.isdir(out_dir):
        return objs
    for root, _dirs, files in os.walk(out_dir):
        for name in files:
            if not (name.startswith(".") and name.endswith(".o.cmd")):
                continue
            with open(os.path.join(root, name), errors="replace") as f:
                first = f.readline()
            # cmd_<obj> := <compiler> ... -c -o <obj> <source>.c; host
            # programs (gcc) are not counted.
            cmd = first.split(";")[0]
            if " -c " in cmd and re.search(r"\.c\s*$", cmd) and \
                    ("cc-wrapper.sh " in cmd or "aarch64-linux-gnu-gcc " in cmd):
                objs.add(os.path.relpath(os.path.join(root, name[1:-4]), out_dir))
    return objs


SOURCE_PATH = "src-path.txt"


def source_root(survey):
    """The kernel tree the survey's diagnostics name: survey/src, or for a
    restored archive the path it had when it was made."""
    path = os.path.join(survey, SOURCE_PATH)
    if os.path.exists(path):
        with open(path) as f:
            return f.read().strip()
    return os.path.join(survey, "src")


def compiled_c_files(survey):
    """c_compiles() of the survey's build tree, or, without one, the list
    an archived survey keeps (survey/archive.py)."""
    out = os.path.join(survey, "out")
    listed = os.path.join(survey, "c-files.txt")
    if not os.path.isdir(out) and os.path.exists(listed):
        with open(listed) as f:
            return {ln.strip() for ln in f if ln.strip()}
    return c_compiles(out)


def read_info(survey):
    info = {}
    path = os.path.join(survey, "plugin", "info")
    if os.path.exists(path):
        with open(path) as f:
            info = dict(ln.strip().split("=", 1) for ln in f if "=" in ln)
    return info


def read_times(survey):
    """(date, what, seconds, status, targets) of each recorded step."""
    path = os.path.join(survey, "times.txt")
    out = []
    if os.path.exists(path):
        with open(path) as f:
            for ln in f:
                parts = ln.rstrip("\n").split("\t")
                if len(parts) == 5:
                    out.append(parts)
    return out


def md_escape(s):
    return s.replace("|", "\\|")


def fmt_seconds(s):
    s = int(s)
    return "%d min %02d s" % (s // 60, s % 60) if s >= 60 else "%d s" % s


def asm_summary(w, run, verdicts):
    """The assembly checker's verdicts (survey/asmverdict.py) on a warning,
    over the objects that reported it: "broken", or "broken 2, intact 1"."""
    seen = collections.Counter(
        verdicts[k] for k in ((run, w.key, w.head_at, o) for o in w.objects)
        if k in verdicts)
    if not seen:
        return "-"
    if len(seen) == 1 and sum(seen.values()) == len(w.objects):
        return next(iter(seen))
    return ", ".join("%s %d" % kv for kv in sorted(seen.items()))


def load_verdicts(survey):
    """{(run, place, head place, object): verdict} of survey/asmverdict.py."""
    try:
        with open(os.path.join(survey, "asm-verdicts.json")) as f:
            entries = json.load(f)
    except FileNotFoundError:
        return {}
    return {(e["run"], e["place"], e["head_at"], e["object"]): e["verdict"]
            for e in entries}


def load_recheck(survey):
    """(plugin sha, {(run, place, head place): "gone" | "kept" | counts}) of
    survey/recheck.py, or (None, None) if it was not run."""
    try:
        with open(os.path.join(survey, "recheck.json")) as f:
            res = json.load(f)
    except FileNotFoundError:
        return None, None
    out = {}
    for e in res["entries"]:
        n = {k: len(e[k + "_in"]) for k in ("gone", "kept", "failed")}
        states = [k for k in ("gone", "kept", "failed") if n[k]]
        out[(e["run"], e["place"], e["head_at"])] = (
            states[0] if len(states) == 1 else
            ", ".join("%s %d" % (k, n[k]) for k in states) or "-")
    return res["plugin"], out


def warning_header(rechecked=None):
    cols = ["#", "place", "head", "what the plugin says", "blamed pass", "reported by",
            "assembly"] + (["current plugin"] if rechecked is not None else []) + ["triage"]
    return ["| " + " | ".join(cols) + " |", "| " + " | ".join(["---"] * len(cols)) + " |"]


def recheck_text(sha):
    return ("Column \"current plugin\": the objects compiled again with the plugin "
            "of this checkout (`survey/recheck.py`, binary sha256 `%s...`), the warning "
            "`gone` or `kept` there." % sha)


def warning_rows(warnings, triage, run="warn", verdicts=None, rechecked=None):
    rows = []
    for i, w in enumerate(warnings, 1):
        verdict = triage.get(w.key, ("untriaged", ""))[0]
        what = {"constant": "address became a constant",
                "lost": "address derives from a broken value",
                "vanished": "replaced by constant loads",
                "flags": "only through a comparison",
                "final": "no register of the address derives from the head in the final code",
                "object": "address based on an object's address",
                "params": "address from constants and parameters only",
                "loop": "address from values known before the loop",
                "unused": "head value never used"}.get(w.kind, w.kind)
        if w.uses:
            what += " (`%s`)" % w.uses
        if w.clone:
            what += "; " + w.clone.replace("‘", "`").replace("’", "`")
        head = "`%s`" % w.head
        if w.head_at and w.head_at != w.key:
            head += " at `%s`" % w.head_at
        objs = ", ".join("`%s`" % o for o in w.objects[:3])
        if len(w.objects) > 3:
            objs += " and %d more" % (len(w.objects) - 3)
        now = ("" if rechecked is None else
               " %s |" % rechecked.get((run, w.key, w.head_at), "-"))
        rows.append("| %d | `%s:%d` | %s | %s | %s | %s | %s |%s %s |" % (
            i, w.file, w.line, head, what, md_escape(w.blamed or "-"), objs,
            asm_summary(w, run, verdicts or {}), now, verdict))
    return rows


TITLE = [
    "# Real-kernel survey",
    "",
    "Generated by `make survey` (`survey/report.py`): do not edit by hand. "
    "The triage comes from `survey/triage/V.txt` (one file per kernel version) and "
    "the hand-written sections from `survey/notes.md`; the false-positive "
    "reproducers are in `survey/repro/`.",
    "",
]


def cross_key(w):
    """What identifies a warning across kernel versions, whose lines move:
    the file, what the plugin says, the head and the object it names."""
    return (w.file, w.kind, w.head, w.uses)


def one_version_only(per_version):
    """The warnings some surveyed versions give and others do not:
    [(cross key, {version: warning})], in the order first seen."""
    seen = {}
    for v, ws in per_version:
        for w in ws:
            seen.setdefault(cross_key(w), {}).setdefault(v, w)
    versions = [v for v, _ in per_version]
    return [(k, by_v) for k, by_v in seen.items() if set(by_v) != set(versions)]


def render_versions(entries, notes_text, read_once_dirs=None, extra=None):
    """The report of several versions' surveys: entries are (version,
    survey folder, triage file); extra, more lines before the notes (the
    defconfig slices' sections).  Returns the text and, per surveyed
    version, its summary."""
    done, missing, summaries, bodies = [], [], {}, {}
    for v, survey, triage_path in entries:
        if not surveyed(survey):
            missing.append(v)
            continue
        triage = read_triage(triage_path)
        body, summ = render(survey, triage, "", read_once_dirs, version=v,
                            triage_name=os.path.relpath(triage_path, REPO),
                            standalone=False)
        done.append(v)
        summaries[v] = summ
        bodies[v] = body
    L = list(TITLE)
    L.append("## Versions side by side")
    L.append("")
    L.append("| kernel | C files compiled | with the plugin | heads | chains | "
             "dependent accesses | warnings | `read-once-heads` warnings | untriaged | "
             "failed compiles |")
    L.append("|" + " --- |" * 10)
    for v in done:
        sm = summaries[v]
        t = sm["totals"]
        ro = str(sm["read_once_warnings"]) if sm["read_once_files"] else "-"
        L.append("| Linux %s | %d | %d | %d | %d | %d | %d | %s | %d | %d |" % (
            v, sm["c_files"], sm["plugin_files"], t["heads"], t["chains"], t["accesses"],
            sm["warnings"], ro, sm["untriaged"], sm["failed"]))
    for v in missing:
        L.append("| Linux %s | not surveyed yet (`make survey KERNEL=%s`) |"
                 " | | | | | | | |" % (v, v))
    L.append("")
    if len(done) >= 2:
        L.append("## Warnings in one version only")
        L.append("")
        L.append("Warnings (of warning mode or `read-once-heads`) that some surveyed "
                 "versions give and others do not, matched by file, what the plugin "
                 "says, the head and the object it names (lines move between "
                 "versions); each is explained by its triage entry.")
        L.append("")
        only = one_version_only([(v, summaries[v]["warning_list"]) for v in done])
        unexplained = 0
        if only:
            L.append("| place | given by | not by | what the plugin says | why (triage) |")
            L.append("| --- | --- | --- | --- | --- |")
            for (_f, kind, head, _uses), by_v in only:
                why = []
                for v, w in sorted(by_v.items()):
                    entry = summaries[v]["triage"].get(w.key)
                    if entry:
                        why.append("%s: **%s**: %s" % (v, entry[0], md_escape(entry[1])))
                    else:
                        unexplained += 1
                        why.append("%s: **untriaged**" % v)
                L.append("| %s | %s | %s | %s `%s` | %s |" % (
                    ", ".join("`%s` (%s)" % (w.key, v) for v, w in sorted(by_v.items())),
                    ", ".join(sorted(by_v)), ", ".join(v for v in done if v not in by_v),
                    kind, head, " ".join(why) if why else "-"))
        else:
            L.append("None: every surveyed version gives the same warnings.")
        L.append("")
        L.append("Unexplained: %d." % unexplained)
        L.append("")
    for v in done:
        L.append("## Linux %s" % v)
        L.append("")
        L.append(bodies[v].rstrip())
        L.append("")
    L += extra or []
    if notes_text:
        L.append(notes_text.rstrip())
        L.append("")
    return "\n".join(L), summaries


def surveyed(survey):
    """Whether survey holds a warning-mode run."""
    return os.path.isdir(os.path.join(survey, "diag"))


def demote(lines):
    """Section headings one level down (a version's sections in the
    report of several versions)."""
    return ["#" + ln if ln.startswith("## ") else ln for ln in lines]


def render(survey, triage, notes_text, read_once_dirs=None, version="6.1",
           triage_name="survey/triage/6.1.txt", standalone=True):
    """The report of one version's survey, and its summary figures; with
    standalone False, only its sections (no title, no notes)."""
    src = source_root(survey)
    warn = results.load(os.path.join(survey, "diag"))
    ro = results.load(os.path.join(survey, "read-once", "diag"))
    cc = compiled_c_files(survey)
    info = read_info(survey)
    times = read_times(survey)
    verdicts = load_verdicts(survey)
    recheck_sha, rechecked = load_recheck(survey)

    ws = warn.warnings(src)
    ro_objs = ro.compiled
    ws_same = warn.warnings(src, objects=ro_objs)   # warn mode on the read-once subset
    ro_ws = ro.warnings(src)
    # The same break in both runs: same access, kind and head place (with
    # read-once-heads the plugin names a marked head after its READ_ONCE()).
    def same(w):
        return (w.file, w.line, w.kind, w.head_at)
    warn_keys = {same(w) for w in ws_same}
    ro_keys = {same(w) for w in ro_ws}
    added = [w for w in ro_ws if same(w) not in warn_keys]
    gone = [w for w in ws_same if same(w) not in ro_keys]

    L = []
    if standalone:
        L += TITLE
    L.append("## How it was made")
    L.append("")
    L.append("- Kernel: Linux %s (Debian `linux-source-%s`) with the kernel-integration "
             "series applied (`git am` on a `git clone --shared` of `build/kernel/%s/src` at "
             "tag `pristine`, in `build/survey/%s/src`)." % (version, version, version, version))
    L.append("- Configuration: arm64 `defconfig` plus `CONFIG_GCC_PLUGINS=y`, "
             "`CONFIG_GCC_PLUGIN_RCU_DEREF=y` (warning mode), built with "
             "`aarch64-linux-gnu-gcc` 12.2 into `build/survey/%s/out`. The KUnit self-test "
             "of the series (`CONFIG_RCU_DEREF_KUNIT_TEST`, deliberate hazards) is not "
             "in `defconfig`." % version)
    L.append("- Plugin: this repository's `build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so` "
             "(plugin source at commit `%s`, binary sha256 `%s...`), loaded in place of the "
             "copy kbuild builds by `survey/cc-wrapper.sh`; JSON diagnostics "
             "(`-fdiagnostics-format=json`) and the plugin's per-TU statistics "
             "(`-fplugin-arg-rcu_deref_plugin-stats=`) are kept per object."
             % (info.get("commit", "?"), info.get("sha256", "?")))
    for date, what, secs, status, targets in times:
        L.append("- %s of `%s`, finished %s: %s wall time, exit status %s (2 cores shared "
                 "with other jobs, `nice -n 19`, 2 parallel compiles)."
                 % (what, targets, date, fmt_seconds(secs), status))
    L.append("")

    L.append("## Totals")
    L.append("")
    L.append("| run | C files compiled | with the plugin | functions | heads | chains | "
             "dependent accesses | broken accesses | broken heads | warnings (distinct places) | "
             "volatile loads | consume loads |")
    L.append("|" + " --- |" * 12)

    def total_row(name, run, wlist, ccount):
        t = run.totals()
        places = len({w.key for w in wlist})
        return "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d (%d) | %d | %d |" % (
            name, ccount, len(run.compiled), t["functions"], t["heads"], t["chains"],
            t["accesses"], t["broken_accesses"], t["broken_heads"], len(wlist), places,
            t["volatile_loads"], t["consume_loads"])

    L.append(total_row("warning mode, all directories built", warn, ws, len(cc)))
    if ro.compiled and ro_objs != warn.compiled:
        sub = warn.totals(ro_objs)
        L.append("| warning mode, the read-once subset | %d | %d | %d | %d | %d | %d | %d | %d | "
                 "%d (%d) | %d | %d |" % (
                     len(cc & ro_objs), len(ro_objs & warn.compiled), sub["functions"],
                     sub["heads"], sub["chains"], sub["accesses"], sub["broken_accesses"],
                     sub["broken_heads"], len(ws_same), len({w.key for w in ws_same}),
                     sub["volatile_loads"], sub["consume_loads"]))
    if ro.compiled:
        L.append(total_row("`read-once-heads`, the same subset" if ro_objs != warn.compiled
                           else "`read-once-heads`, the same objects", ro, ro_ws,
                           len(cc & ro_objs)))
    L.append("")
    L.append("*heads*: dependency heads the mark pass saw; *chains*: heads with at least one "
             "dependent access; *dependent accesses*: loads and stores recorded as depending "
             "on a head (including the accesses through parameters of functions, recorded "
             "for the callers that pass a head-derived value, so a file can have accesses "
             "and no head); *broken accesses*: breaks reported; *volatile loads*: "
             "volatile scalar loads in the early GIMPLE (what promoting every `READ_ONCE()` "
             "to a load-acquire would cost); *consume loads*: C11 consume loads. "
             "Warnings are counted once per (place, message, head place) even when a header is "
             "compiled into several objects; a place is the access's line, at the expansion "
             "point of its macro (GCC's JSON locations).")
    L.append("")
    failed = sorted(warn.failed.items()) + sorted(("read-once: " + o, rc)
                                                  for o, rc in ro.failed.items())
    if failed:
        L.append("Compiles that failed: " + ", ".join("`%s` (%s)" % f for f in failed) + ".")
    else:
        L.append("No compile failed, no internal compiler error.")
    others = warn.other_diagnostics()
    L.append("Other compiler diagnostics in the plugin compiles: %d." % len(others))
    L.append("")

    L.append("## Per directory (warning mode)")
    L.append("")
    L.append("| directory | C files | with the plugin | heads | chains | dependent accesses | "
             "warnings | read-once: heads | read-once: chains | read-once: warnings |")
    L.append("|" + " --- |" * 10)
    groups = collections.defaultdict(set)
    for obj in cc | warn.compiled:
        depth = 2 if obj.startswith(("net/", "drivers/", "arch/")) else 1
        groups[results.top_dir(obj, depth)].add(obj)
    for g in sorted(groups):
        objs = groups[g]
        t = warn.totals(objs)
        nw = len(warn.warnings(src, objects=objs))
        ro_here = objs & ro_objs
        if ro_here:
            rt = ro.totals(ro_here)
            ro_cells = "%d | %d | %d" % (rt["heads"], rt["chains"],
                                         len(ro.warnings(src, objects=ro_here)))
        else:
            ro_cells = "- | - | -"
        L.append("| `%s` | %d | %d | %d | %d | %d | %d | %s |" % (
            g, len(objs & cc), len(objs & warn.compiled), t["heads"], t["chains"],
            t["accesses"], nw, ro_cells))
    L.append("")

    L.append("## Warnings in warning mode")
    L.append("")
    L.append("Column \"assembly\": the independent assembly checker's verdict "
             "(`survey/asmverdict.py`, the object compiled again without the plugin) on "
             "the accesses at the place against the loads at the head's place, in the "
             "functions holding such a load, over the objects that reported it: "
             "`broken` agrees with the warning, `intact` contradicts it, `-` not checked." +
             (" " + recheck_text(recheck_sha) if rechecked is not None else ""))
    L.append("")
    if ws:
        L += warning_header(rechecked) + warning_rows(ws, triage, "warn", verdicts,
                                                     rechecked)
    else:
        L.append("None.")
    L.append("")

    if ro.compiled:
        L.append("## Warnings added by `read-once-heads`")
        L.append("")
        L.append("The same compiles (%d objects under %s) with "
                 "`-fplugin-arg-rcu_deref_plugin-read-once-heads`: every volatile scalar "
                 "load (`READ_ONCE()`, and so `rcu_dereference()` too) is a head. Warnings "
                 "that warning mode does not give on the same objects:"
                 % (len(ro_objs), ", ".join("`%s/`" % d for d in (read_once_dirs or []))
                    or "the read-once directories"))
        L.append("")
        if added:
            L += warning_header(rechecked) + warning_rows(added, triage, "read-once",
                                                         verdicts, rechecked)
        else:
            L.append("None.")
        L.append("")
        if gone:
            L.append("Warnings of warning mode that `read-once-heads` does not give: " +
                     ", ".join("`%s`" % w.key for w in gone) + ".")
            L.append("")

    L.append("## Triage")
    L.append("")
    places = []
    for w in ws + added:
        if w.key not in places:
            places.append(w.key)
    untriaged = [k for k in places if k not in triage]
    for k in places:
        if k in triage:
            verdict, text = triage[k]
            L.append("- `%s`: **%s**: %s" % (k, verdict, text))
    if untriaged:
        L.append("")
        L.append("Untriaged: " + ", ".join("`%s`" % k for k in untriaged) + ".")
    stale = sorted(set(triage) - set(places))
    if stale:
        L.append("")
        L.append("Triage entries that match no warning of this run (kept in "
                 "`%s`): " % triage_name + ", ".join("`%s`" % k for k in stale) + ".")
    L.append("")
    verdicts = collections.Counter(triage.get(k, ("untriaged",))[0] for k in places)
    summary = ", ".join("%d %s" % (n, v) for v, n in sorted(verdicts.items()))
    L.append("Verdicts over the %d places: %s." % (len(places), summary or "none"))
    L.append("")

    if notes_text and standalone:
        L.append(notes_text.rstrip())
        L.append("")
    if not standalone:
        L = demote(L)
    return "\n".join(L), {
        "c_files": len(cc), "plugin_files": len(warn.compiled),
        "totals": warn.totals(), "warnings": len(ws),
        "read_once_files": len(ro_objs), "read_once_totals": ro.totals(),
        "read_once_warnings": len(ro_ws), "added": len(added), "gone": len(gone),
        "untriaged": len(untriaged), "failed": len(failed),
        "warning_list": ws + added, "triage": triage,
    }


def parse_survey_arg(arg):
    """V=SURVEY_DIR:TRIAGE into (V, dir, triage)."""
    version, sep, rest = arg.partition("=")
    folder, sep2, triage = rest.partition(":")
    if not sep or not sep2 or not version or not folder:
        raise argparse.ArgumentTypeError("expected V=SURVEY_DIR:TRIAGE, not %r" % arg)
    return version, os.path.abspath(folder), os.path.abspath(triage)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--survey", action="append", type=parse_survey_arg, required=True,
                    help="V=SURVEY_DIR:TRIAGE, once per kernel version")
    ap.add_argument("--notes", default=None)
    ap.add_argument("--read-once-dirs", default="")
    ap.add_argument("--archives", default=None,
                    help="folder of V.tar.xz results (survey/archive.py), restored "
                    "for each version without a survey folder")
    ap.add_argument("--defconfig", action="append", default=[], type=parse_survey_arg,
                    help="V=ARCHIVES:TRIAGE: a section on version V's whole-defconfig "
                    "slices archived in ARCHIVES (survey/slices.py)")
    ap.add_argument("--slices", default=os.path.join(REPO, "survey", "defconfig-slices.txt"),
                    help="the slice list of the --defconfig sections")
    opts = ap.parse_args()
    if opts.archives:
        import archive
        for v, folder, _triage in opts.survey:
            saved = os.path.join(opts.archives, v + ".tar.xz")
            if os.path.exists(saved) and archive.restore(saved, folder):
                print("survey: Linux %s: results restored from %s" % (v, saved))
    notes = open(opts.notes).read() if opts.notes and os.path.exists(opts.notes) else ""
    extra = []
    for v, folder, triage in opts.defconfig:
        import slice_report
        extra += slice_report.section(v, folder, opts.slices, triage)
    text, summaries = render_versions(opts.survey, notes, opts.read_once_dirs.split(),
                                      extra)
    os.makedirs(os.path.dirname(os.path.abspath(opts.out)), exist_ok=True)
    with open(opts.out, "w") as f:
        f.write(text)
    for v, summary in summaries.items():
        t = summary["totals"]
        print("survey: Linux %s: %d C files compiled, %d with the plugin: %d heads, "
              "%d chains, %d dependent accesses, %d warnings (%d untriaged)" % (
                  v, summary["c_files"], summary["plugin_files"], t["heads"], t["chains"],
                  t["accesses"], summary["warnings"], summary["untriaged"]))
        if summary["read_once_files"]:
            r = summary["read_once_totals"]
            print("survey: Linux %s: read-once-heads on %d files: %d heads, %d chains, "
                  "%d warnings (%d more than warning mode, %d fewer)" % (
                      v, summary["read_once_files"], r["heads"], r["chains"],
                      summary["read_once_warnings"], summary["added"], summary["gone"]))
    for v, _d, _t in opts.survey:
        if v not in summaries:
            print("survey: Linux %s: not surveyed yet" % v)
    print("survey: report in %s" % opts.out)


if __name__ == "__main__":
    main()
