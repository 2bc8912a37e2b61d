"""The report's section on the whole-defconfig slices (survey/slices.py):
per slice, done or not and its figures, the totals merged over the slices
done, the slices not done yet, and the merged warnings with the assembly
checker's verdicts and the hand triage (survey/triage/V-defconfig.txt).
"""
import collections
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import report  # noqa: E402
import slices  # noqa: E402


def merged_verdicts(summaries):
    out = {}
    for sm in summaries:
        out.update(sm["verdicts"])
    return out


def render(version, slice_list, summaries, archives_name, triage=None,
           triage_name=None):
    """The section's lines: slice_list [Slice], summaries {name: summary}
    of the archived ones (slices.summary)."""
    triage = triage or {}
    done = [s for s in slice_list if s.name in summaries]
    todo = [s for s in slice_list if s.name not in summaries]
    L = ["## Linux %s: the whole defconfig, in slices" % version, ""]
    L.append("The arm64 `defconfig` build (vmlinux and every module) outside the main "
             "survey's directories (%s, whose figures above are unchanged), in the slices "
             "of `survey/defconfig-slices.txt`, each surveyed in one session by `make "
             "survey-slice KERNEL=%s SLICE=NAME|next` (`survey/slices.py`: warning mode, "
             "then `read-once-heads` on the same directories, then the assembly checker) "
             "and kept in `%s/NAME.tar.xz`. Slices done: %d of %d."
             % (", ".join("`%s/`" % d for d in slices.MAIN_DIRS), version, archives_name,
                len(done), len(slice_list)))
    L.append("")
    L.append("| slice | targets | estimated C files | done | C files compiled | "
             "with the plugin | heads | chains | dependent accesses | warnings | "
             "`read-once-heads`: heads | `read-once-heads`: warnings | failed compiles | "
             "internal compiler errors | wall time | plugin |")
    L.append("|" + " --- |" * 16)
    for s in slice_list:
        targets = " ".join("`%s`" % t for t in s.targets)
        sm = summaries.get(s.name)
        if sm is None:
            L.append("| `%s` | %s | %d | no |%s" % (s.name, targets, s.size, " |" * 12))
            continue
        t, rt = sm["totals"], sm["read_once_totals"]
        secs = sum(int(x[2]) for x in sm["times"])
        info = sm["info"]
        L.append("| `%s` | %s | %d | yes | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d "
                 "| %s | `%s` (`%s...`) |" % (
                     s.name, targets, s.size, sm["c_files"], sm["plugin_files"],
                     t["heads"], t["chains"], t["accesses"], len(sm["warnings"]),
                     rt["heads"], len(sm["read_once_warnings"]), len(sm["failed"]),
                     len(sm["ices"]), report.fmt_seconds(secs), info.get("commit", "?"),
                     info.get("sha256", "?")))
    m = slices.merge([summaries[s.name] for s in done])
    t, rt = m["totals"], m["read_once_totals"]
    L.append("| **merged** | | %d | %d of %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | "
             "%d | | |" % (sum(s.size for s in done), len(done), len(slice_list), m["c_files"],
                         m["plugin_files"], t["heads"], t["chains"], t["accesses"],
                         len(m["warnings"]), rt["heads"], len(m["read_once_warnings"]),
                         m["failed"], m["ices"]))
    L.append("")
    L.append("The merged warnings are counted once per (place, message, head place) over "
             "the slices (a header's warning may come from objects of several slices); "
             "*estimated C files*: `survey/defconfig_sizes.py`'s count from the kbuild "
             "Makefiles and the `.config`; *plugin*: the commit of the plugin source and "
             "the binary's sha256 (slices surveyed with different plugins are not "
             "comparable warning for warning).")
    L.append("")
    if todo:
        L.append("Not done yet: " + ", ".join("`%s`" % s.name for s in todo) + ".")
    else:
        L.append("Every slice is done.")
    L.append("")
    failed = [(s.name, f) for s in done for f in summaries[s.name]["failed"]]
    ices = [(s.name, d) for s in done for d in summaries[s.name]["ices"]]
    if failed or ices:
        L.append("Compiles that failed: " + (", ".join(
            "`%s` (slice `%s`)" % (f, n) for n, f in failed) or "none") +
            "; internal compiler errors: " + (", ".join(
                "`%s` (slice `%s`)" % (d[0], n) for n, d in ices) or "none") + ".")
        L.append("")
    elif done:
        L.append("No compile failed, no internal compiler error in the slices done.")
        L.append("")
    verdicts = merged_verdicts(summaries.values())
    for title, run, ws in (("Warnings in warning mode", "warn", m["warnings"]),
                           ("Warnings with `read-once-heads`", "read-once",
                            m["read_once_warnings"])):
        L.append("### %s (slices done)" % title)
        L.append("")
        if ws:
            L += report.warning_header() + report.warning_rows(ws, triage, run, verdicts)
        else:
            L.append("None.")
        L.append("")
    places = list(dict.fromkeys(w.key for w in m["warnings"] + m["read_once_warnings"]))
    counts = collections.Counter(triage.get(k, ("untriaged",))[0] for k in places)
    L.append("Triage%s over the %d places: %s." % (
        " (`%s`)" % triage_name if triage_name else "", len(places),
        ", ".join("%d %s" % (n, v) for v, n in sorted(counts.items())) or "none"))
    L.append("")
    return L


def section(version, archives, slice_file=slices.SLICES, triage_path=None):
    """render() of the archives of version's slices in archives."""
    slice_list = slices.read(slice_file)
    with tempfile.TemporaryDirectory(prefix="survey-slices-") as scratch:
        summaries = slices.load_all(slice_list, archives, scratch)
    triage = report.read_triage(triage_path) if triage_path else {}
    return render(version, slice_list, summaries,
                  os.path.relpath(archives, report.REPO), triage,
                  os.path.relpath(triage_path, report.REPO) if triage_path else None)
