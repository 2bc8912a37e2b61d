"""The survey report generator (survey/report.py) on a recorded sample.

tests/data/survey holds a small survey directory: the JSON diagnostics and
statistics lines the plugin wrote for a few kernel objects of a real survey
run (kernel/cgroup/cgroup.o, kernel/rcu/tree.o, lib/is_single_threaded.o,
and its copy as a second object, as a header's warning would appear), one
user-space file in both modes (lib/ro_only.o: a READ_ONCE() head that only
read-once-heads sees), a failed compile, a compiler probe, kbuild .cmd
files and a triage file.  The expected figures are the sums of those
files worked out by hand.
"""
import json
import os
import shutil
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "survey"))
import report  # noqa: E402
import results  # noqa: E402

SAMPLE = os.path.join(REPO, "tests", "data", "survey")
RECORDED_SRC = "/work/main/build/survey/src"


def move_sources(survey, old_src, new_src):
    """Rewrite the source paths the survey's files record."""
    for root, _dirs, files in os.walk(survey):
        for name in files:
            if name.endswith((".json", ".stats", ".cmd")):
                path = os.path.join(root, name)
                with open(path) as f:
                    text = f.read()
                with open(path, "w") as f:
                    f.write(text.replace(old_src, new_src))


@pytest.fixture
def survey(tmp_path):
    """The sample, with its recorded source paths moved under tmp_path/src."""
    dst = tmp_path / "survey"
    shutil.copytree(SAMPLE, dst)
    move_sources(str(dst), RECORDED_SRC, str(dst / "src"))
    return str(dst)


def test_totals_sum_the_statistics_lines(survey):
    run = results.load(os.path.join(survey, "diag"))
    # cgroup.o + tree.o + is_single_threaded.o + its copy + ro_only.o
    assert run.totals() == {
        "functions": 459 + 498 + 8 + 8 + 2, "heads": 14 + 0 + 3 + 3 + 0,
        "chains": 2 + 0 + 2 + 2 + 0, "accesses": 1098 + 928 + 12 + 12 + 0,
        "broken_accesses": 2 + 0 + 1 + 1 + 0, "broken_heads": 1 + 0 + 1 + 1 + 0,
        "fixups": 0, "volatile_loads": 30 + 283 + 4 + 4 + 2, "consume_loads": 0}
    # The compiler probe is not an object; the failed compile is one.
    assert run.compiled == {"kernel/cgroup/cgroup.o", "kernel/rcu/tree.o",
                            "lib/is_single_threaded.o", "lib/also_single_threaded.o",
                            "lib/ro_only.o", "lib/broken.o"}
    assert run.failed == {"lib/broken.o": 1}
    assert run.other_diagnostics() == [("lib/broken.o", "error",
                                        "expected ';' before '}' token")]


def test_warnings_once_per_place_with_every_object(survey):
    run = results.load(os.path.join(survey, "diag"))
    ws = run.warnings(os.path.join(survey, "src"))
    assert [(w.key, w.head, w.kind, w.blamed, w.uses) for w in ws] == [
        ("kernel/cgroup/cgroup.c:6332", "list_entry_rcu", "constant", "vrp", "cgrp_dfl_root"),
        ("kernel/cgroup/cgroup.c:6338", "list_entry_rcu", "constant", "vrp", "cgrp_dfl_root"),
        ("lib/is_single_threaded.c:30", "list_entry_rcu", "constant", "ch", "init_task"),
    ]
    assert ws[0].head_at == "kernel/cgroup/cgroup.c:6324"
    assert ws[2].objects == ["lib/also_single_threaded.o", "lib/is_single_threaded.o"]


def test_triage_file_entries_and_continuations(survey):
    triage = report.read_triage(os.path.join(survey, "triage.txt"))
    assert triage["kernel/cgroup/cgroup.c:6338"] == ("false positive", "same as 6332")
    assert triage["lib/ro_only.c:4"] == ("real hazard", "p == &def")
    assert len(triage) == 4


def test_malformed_triage_is_an_error(tmp_path):
    bad = tmp_path / "triage.txt"
    bad.write_text("kernel/foo.c: no line number\n")
    with pytest.raises(ValueError):
        report.read_triage(str(bad))


def test_report(survey):
    triage = report.read_triage(os.path.join(survey, "triage.txt"))
    text, summary = report.render(survey, triage, "## Notes\n\nkept as written\n",
                                  ["kernel", "lib"])
    # C files: six target compiles of .c files; not the .S file, not the
    # host program scripts/mod/empty.o, not the failed compile (no .cmd).
    assert summary["c_files"] == 6
    assert summary["plugin_files"] == 6
    assert summary["warnings"] == 3
    assert summary["failed"] == 1
    # read-once-heads on cgroup.o, is_single_threaded.o, ro_only.o
    assert summary["read_once_files"] == 3
    assert summary["read_once_totals"]["heads"] == 44 + 7 + 2
    assert summary["read_once_totals"]["chains"] == 2 + 2 + 2
    assert summary["read_once_warnings"] == 4
    assert summary["added"] == 1 and summary["gone"] == 0
    # lib/is_single_threaded.c:30 has no entry.
    assert summary["untriaged"] == 1

    assert "| 3 | `lib/is_single_threaded.c:30` | `list_entry_rcu` | address became a " \
           "constant (`init_task`) | ch | `lib/also_single_threaded.o`, " \
           "`lib/is_single_threaded.o` | - | untriaged |" in text
    added = text.split("## Warnings added by `read-once-heads`")[1].split("## Triage")[0]
    assert "`lib/ro_only.c:4` | `READ_ONCE` | address became a constant (`def`) | evrp" in added
    assert "cgroup.c:6332" not in added
    assert "- `kernel/cgroup/cgroup.c:6338`: **false positive**: same as 6332" in text
    assert "- `lib/ro_only.c:4`: **real hazard**: p == &def" in text
    assert "Untriaged: `lib/is_single_threaded.c:30`." in text
    assert "match no warning of this run (kept in `survey/triage/6.1.txt`): `fs/gone.c:1`" \
        in text
    assert "Compiles that failed: `lib/broken.o` (1)." in text
    assert text.rstrip().endswith("## Notes\n\nkept as written")
    # The per-directory table: kernel has cgroup.o and tree.o.
    assert "| `kernel` | 2 | 2 | 14 | 2 | 2026 | 2 | 44 | 2 | 2 |" in text


def test_assembly_column_sums_the_objects_verdicts(survey):
    """survey/asmverdict.py's verdicts per object, summed per warning."""
    ws = results.load(os.path.join(survey, "diag")).warnings(os.path.join(survey, "src"))
    head = ws[2].head_at
    entries = [dict(run="warn", place="lib/is_single_threaded.c:30", head_at=head,
                    kind="constant", object=o, verdict=v)
               for o, v in (("lib/is_single_threaded.o", "broken"),
                            ("lib/also_single_threaded.o", "intact"))]
    entries.append(dict(run="read-once", place="kernel/cgroup/cgroup.c:6332",
                        head_at=ws[0].head_at, kind="constant",
                        object="kernel/cgroup/cgroup.o", verdict="intact"))
    with open(os.path.join(survey, "asm-verdicts.json"), "w") as f:
        json.dump(entries, f)
    text, _ = report.render(survey, {}, "", ["kernel", "lib"])
    assert "`lib/is_single_threaded.o` | broken 1, intact 1 | untriaged |" in text
    # A verdict of the other run does not count for warning mode.
    assert "| vrp | `kernel/cgroup/cgroup.o` | - | untriaged |" in text
    entries[1]["verdict"] = "broken"
    with open(os.path.join(survey, "asm-verdicts.json"), "w") as f:
        json.dump(entries, f)
    text, _ = report.render(survey, {}, "", ["kernel", "lib"])
    assert "`lib/is_single_threaded.o` | broken | untriaged |" in text


def test_current_plugin_column(survey):
    """survey/recheck.py's results per warning: the column appears only
    when they exist, and sums the objects as the assembly column does."""
    ws = results.load(os.path.join(survey, "diag")).warnings(os.path.join(survey, "src"))
    text, _ = report.render(survey, {}, "", ["kernel", "lib"])
    assert "current plugin" not in text
    entries = [dict(run="warn", place=w.key, head_at=w.head_at, kind=w.kind,
                    gone_in=list(w.objects), kept_in=[], failed_in=[]) for w in ws]
    entries[2]["gone_in"], entries[2]["kept_in"] = entries[2]["gone_in"][:1], \
        entries[2]["gone_in"][1:]
    with open(os.path.join(survey, "recheck.json"), "w") as f:
        json.dump({"plugin": "abcdef012345", "entries": entries}, f)
    text, _ = report.render(survey, {}, "", ["kernel", "lib"])
    assert "| assembly | current plugin | triage |" in text
    assert "binary sha256 `abcdef012345...`" in text
    assert "`lib/is_single_threaded.o` | - | gone 1, kept 1 | untriaged |" in text
    assert "| vrp | `kernel/cgroup/cgroup.o` | - | gone |" in text


def test_versions_side_by_side(survey, tmp_path):
    """Two versions: the sample as 6.1, and as 6.12 the same without the
    is_single_threaded objects, in both modes (their warning, lib/is_single_threaded.c:30,
    untriaged, is then 6.1's only) and with a 6.12 triage of its own that
    explains the cgroup warnings (which both give).  A third version has
    no survey yet."""
    other = str(tmp_path / "survey-6.12")
    shutil.copytree(survey, other)
    for diag in ("diag", os.path.join("read-once", "diag")):
        for name in ("is_single_threaded.o", "also_single_threaded.o"):
            for ext in (".json", ".stats"):
                path = os.path.join(other, diag, "lib", name + ext)
                if os.path.exists(path):
                    os.remove(path)
    move_sources(other, survey + "/src", other + "/src")
    triage_612 = tmp_path / "6.12.txt"
    triage_612.write_text("kernel/cgroup/cgroup.c:6332: false positive: as in 6.1\n")
    text, summaries = report.render_versions([
        ("6.1", survey, os.path.join(survey, "triage.txt")),
        ("6.12", other, str(triage_612)),
        ("9.9", str(tmp_path / "none"), str(tmp_path / "none.txt"))],
        "## Notes\n\nkept\n", ["kernel", "lib"])
    assert sorted(summaries) == ["6.1", "6.12"]
    assert summaries["6.1"]["warnings"] == 3 and summaries["6.12"]["warnings"] == 2
    side = text.split("## Versions side by side")[1].split("## Warnings in one version only")[0]
    assert "| Linux 6.1 | 6 | 6 | 20 | 6 | 2050 | 3 | 4 | 1 | 1 |" in side
    assert "| Linux 9.9 | not surveyed yet (`make survey KERNEL=9.9`) |" in side
    only = text.split("## Warnings in one version only")[1].split("## Linux 6.1")[0]
    # The one warning 6.12 does not give; the cgroup ones both give.
    assert "| `lib/is_single_threaded.c:30` (6.1) | 6.1 | 6.12 | constant `list_entry_rcu` | " \
        "6.1: **untriaged** |" in only
    assert "cgroup" not in only
    assert "Unexplained: 1." in only
    # Each version's sections, one level down, and the notes once, at the end.
    assert "## Linux 6.1\n\n### How it was made" in text
    assert "## Linux 6.12\n\n### How it was made" in text
    assert "Linux 6.12 (Debian `linux-source-6.12`)" in text
    assert "- `kernel/cgroup/cgroup.c:6332`: **false positive**: as in 6.1" in text
    assert text.count("## Notes") == 1 and text.rstrip().endswith("kept")


def test_cross_version_key_ignores_the_line():
    """Lines move between versions; the file, kind, head and object do not."""
    a = results.Warning("kernel/x.c", 10, 1, "m", "rcu_dereference", "constant", "vrp",
                        "kernel/x.c:5", "init_task", "", ["kernel/x.o"])
    b = results.Warning("kernel/x.c", 17, 3, "m", "rcu_dereference", "constant", "fre",
                        "kernel/x.c:12", "init_task", "", ["kernel/x.o"])
    c = results.Warning("kernel/x.c", 10, 1, "m", "rcu_dereference", "final", "vrp",
                        "kernel/x.c:5", "", "", ["kernel/x.o"])
    assert report.cross_key(a) == report.cross_key(b) != report.cross_key(c)
    assert report.one_version_only([("6.1", [a, c]), ("6.12", [b])]) == [
        (report.cross_key(c), {"6.1": c})]


def test_survey_argument():
    v, folder, triage = report.parse_survey_arg("6.12=build/survey/6.12:survey/triage/6.12.txt")
    assert v == "6.12" and folder.endswith("/build/survey/6.12")
    assert triage.endswith("/survey/triage/6.12.txt")
    with pytest.raises(Exception):
        report.parse_survey_arg("build/survey/6.12")


def test_archive_keeps_what_the_report_reads(survey, tmp_path):
    """survey/archive.py: the report made from the restored archive, with
    no build tree, is the report made from the survey folder."""
    import archive
    triage = report.read_triage(os.path.join(survey, "triage.txt"))
    before, _ = report.render(survey, triage, "", ["kernel", "lib"])
    saved = str(tmp_path / "results" / "6.1.tar.xz")
    archive.save(survey, saved)
    restored = str(tmp_path / "restored")
    assert archive.restore(saved, restored)
    assert not os.path.exists(os.path.join(restored, "out"))
    assert report.compiled_c_files(restored) == report.compiled_c_files(survey)
    after, _ = report.render(restored, triage, "", ["kernel", "lib"])
    assert after.replace(restored, survey) == before
    # A folder that holds a run is the newer: left alone.
    assert not archive.restore(saved, survey)
