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


@pytest.fixture
def survey(tmp_path):
    """The sample, with its recorded source paths moved under tmp_path/src."""
    dst = tmp_path / "survey"
    shutil.copytree(SAMPLE, dst)
    src = str(dst / "src")
    for root, _dirs, files in os.walk(dst):
        for name in files:
            if name.endswith((".json", ".stats", ".cmd")):
                path = os.path.join(root, name)
                with open(path) as f:
                    text = f.read()
                with open(path, "w") as f:
                    f.write(text.replace(RECORDED_SRC, src))
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
           "`lib/is_single_threaded.o` | untriaged |" in text
    added = text.split("## Warnings added by `read-once-heads`")[1].split("## Triage")[0]
    assert "`lib/ro_only.c:4` | `READ_ONCE` | address became a constant (`def`) | evrp" in added
    assert "cgroup.c:6332" not in added
    assert "- `kernel/cgroup/cgroup.c:6338`: **false positive**: same as 6332" in text
    assert "- `lib/ro_only.c:4`: **real hazard**: p == &def" in text
    assert "Untriaged: `lib/is_single_threaded.c:30`." in text
    assert "match no warning of this run (kept in `survey/triage.txt`): `fs/gone.c:1`" in text
    assert "Compiles that failed: `lib/broken.o` (1)." in text
    assert text.rstrip().endswith("## Notes\n\nkept as written")
    # The per-directory table: kernel has cgroup.o and tree.o.
    assert "| `kernel` | 2 | 2 | 14 | 2 | 2026 | 2 | 44 | 2 | 2 |" in text
