"""The whole-defconfig survey in slices (survey/slices.py): the slice
list, the per-slice archives, their merge, which slices are done, and
that a run skips an archived slice; the report's section
(survey/slice_report.py) and the size estimate (survey/defconfig_sizes.py).
The slices' results are fake: a few JSON diagnostics and statistics lines
in the form survey/cc-wrapper.sh leaves them.
"""
import json
import os
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "survey"))
import defconfig_sizes  # noqa: E402
import slice_report  # noqa: E402
import slices  # noqa: E402

LIST = """\
# a comment
small: block/ crypto/  # ~135 C files

net-own: net/socket.o net/ipv6/   # ~40 C files
"""

SRC = "/k/src"
WARNING = "this access no longer depends on the value loaded by ‘rcu_dereference’"


def test_parse_reads_names_targets_and_sizes():
    got = slices.parse(LIST)
    assert [(s.name, s.targets, s.size) for s in got] == [
        ("small", ["block/", "crypto/"], 135),
        ("net-own", ["net/socket.o", "net/ipv6/"], 40)]
    assert got[1].dirs == ["net/socket.c", "net/ipv6"]
    assert got[0].holds("crypto/aes_generic.o")
    assert not got[0].holds("cryptox/a.o")
    assert got[1].holds("net/socket.o") and got[1].holds("net/ipv6/route.o")
    assert not got[1].holds("net/compat.o")


def test_parse_joins_continuation_lines():
    got = slices.parse("a: block/  # ~5 C files\n  crypto/\n\tnet/socket.o\n"
                       "b: certs/\n  net/ipv6/  # ~7\n")
    assert [(s.name, s.targets, s.size) for s in got] == [
        ("a", ["block/", "crypto/", "net/socket.o"], 5),
        ("b", ["certs/", "net/ipv6/"], 7)]


@pytest.mark.parametrize("text", [
    "  block/\n",                             # a continuation of nothing
    "a: block/\n# a comment\n  crypto/\n",     # ... after a comment
    "a: block/\n\n  crypto/\n",               # ... after a blank line
    "a: block/\n  crypto/ block/\n",          # a directory twice
    "a: block/\na: crypto/\n",               # a name twice
    "next: block/\n",                        # the reserved name
    "a block/\n",                            # no colon
    "a:\n",                                  # no target
    "a: block\n",                            # neither a directory nor an object
    "a: ../block/\n",
    "a: drivers/\nb: drivers/net/\n",        # overlapping slices
    "a: net/core/\n",                        # the main survey's
    "a: kernel/rcu/\n",
])
def test_parse_refuses(text):
    with pytest.raises(ValueError):
        slices.parse(text)


def test_the_checked_in_list():
    got = slices.read()
    assert got and len({s.name for s in got}) == len(got)
    assert all(s.size > 0 for s in got)
    # The first slice is the small one a first session can finish.
    assert got[0].size < 200


def diag(path, line, head_line=None):
    """One plugin warning at path:line, in GCC's JSON."""
    caret = {"file": os.path.join(SRC, path), "line": line, "column": 5}
    return {"kind": "warning", "message": WARNING, "locations": [{"caret": caret}],
            "children": [{"kind": "note", "message": "dependency head: ‘rcu_dereference’ "
                          "loads the value here",
                          "locations": [{"caret": dict(caret, line=head_line or line)}]}]}


def fake_object(folder, obj, warnings=(), heads=1, run="diag", rc=None):
    base = os.path.join(folder, run, obj)
    os.makedirs(os.path.dirname(base), exist_ok=True)
    with open(base + ".json", "w") as f:
        json.dump(list(warnings), f)
    stats = dict.fromkeys(("functions", "heads", "chains", "accesses"), heads)
    with open(base + ".stats", "w") as f:
        f.write(json.dumps(stats) + "\n")
    if rc is not None:
        with open(base + ".rc", "w") as f:
            f.write("%d\n" % rc)


def fake_slice(folder, objs, header_warning=True):
    """A slice folder after its run: objects in both runs, each giving
    the same header warning, c-files.txt and src-path.txt."""
    os.makedirs(folder, exist_ok=True)
    for obj in objs:
        ws = [diag("include/linux/rculist.h", 10)] if header_warning else []
        fake_object(folder, obj, ws)
        fake_object(folder, obj, ws + [diag(obj[:-2] + ".c", 3)],
                    heads=2, run="read-once/diag")
    # kbuild's preparation, compiled with the plugin once for all slices
    fake_object(folder, "arch/arm64/kernel/asm-offsets.o", heads=7)
    with open(os.path.join(folder, "c-files.txt"), "w") as f:
        f.write("".join(o + "\n" for o in objs + ["arch/arm64/kernel/asm-offsets.o"]))
    with open(os.path.join(folder, "src-path.txt"), "w") as f:
        f.write(SRC + "\n")
    os.makedirs(os.path.join(folder, "plugin"))
    with open(os.path.join(folder, "plugin", "info"), "w") as f:
        f.write("sha256=0123456789ab\nstats=1\ncommit=abc1234\n")
    with open(os.path.join(folder, "times.txt"), "w") as f:
        f.write("2026-12-06T00:00:00Z\tbuild\t60\t0\tx/\n")


@pytest.fixture
def two_archives(tmp_path):
    a, b = slices.parse(LIST)
    archives = tmp_path / "results"
    fake_slice(str(tmp_path / "a"), ["block/bio.o", "crypto/api.o"])
    fake_slice(str(tmp_path / "b"), ["net/socket.o"])
    slices.save(str(tmp_path / "a"), a, slices.archive_path(str(archives), "small"))
    slices.save(str(tmp_path / "b"), b, slices.archive_path(str(archives), "net-own"))
    return [a, b], str(archives)


def test_save_keeps_only_the_slices_objects(two_archives, tmp_path):
    (a, _b), archives = two_archives
    got = slices.load_all([a], archives, str(tmp_path / "scratch"))["small"]
    assert got["c_files"] == 2 and got["plugin_files"] == 2
    assert got["totals"]["heads"] == 2       # not asm-offsets' 7
    assert got["read_once_totals"]["heads"] == 4


def test_merge_adds_the_slices_and_counts_a_warning_once(two_archives, tmp_path):
    sl, archives = two_archives
    sums = slices.load_all(sl, archives, str(tmp_path / "scratch"))
    m = slices.merge([sums["small"], sums["net-own"]])
    assert m["c_files"] == 3 and m["plugin_files"] == 3 and m["read_once_files"] == 3
    assert m["totals"]["heads"] == 3 and m["read_once_totals"]["heads"] == 6
    # The header's warning, given by every object of both slices, once.
    assert [w.key for w in m["warnings"]] == ["include/linux/rculist.h:10"]
    assert m["warnings"][0].objects == ["block/bio.o", "crypto/api.o", "net/socket.o"]
    assert sorted(w.key for w in m["read_once_warnings"]) == [
        "block/bio.c:3", "crypto/api.c:3", "include/linux/rculist.h:10",
        "net/socket.c:3"]
    assert m["failed"] == 0 and m["ices"] == 0


def test_which_are_done(tmp_path):
    sl = slices.parse(LIST)
    archives = str(tmp_path / "results")
    assert slices.done(sl, archives) == set()
    assert slices.next_slice(sl, archives).name == "small"
    os.makedirs(archives)
    open(slices.archive_path(archives, "small"), "w").close()
    assert slices.done(sl, archives) == {"small"}
    assert slices.next_slice(sl, archives).name == "net-own"
    assert slices.find(sl, "next", archives).name == "net-own"
    open(slices.archive_path(archives, "net-own"), "w").close()
    assert slices.next_slice(sl, archives) is None


def record_runs(monkeypatch):
    calls = []
    monkeypatch.setattr(slices, "_run", lambda argv, **kw: calls.append(
        os.path.basename(argv[0]) if not argv[0].endswith("python3") and
        "python" not in os.path.basename(argv[0]) else os.path.basename(argv[1])))
    monkeypatch.setattr(slices, "save", lambda folder, s, path: calls.append("save"))
    return calls


def test_run_skips_an_archived_slice(tmp_path, monkeypatch):
    calls = record_runs(monkeypatch)
    sl = slices.parse(LIST)
    archives = str(tmp_path / "results")
    os.makedirs(archives)
    open(slices.archive_path(archives, "small"), "w").close()
    slices.run(sl[0], str(tmp_path / "top"), archives, "K", "S", "P", 2)
    assert calls == []
    assert not os.path.exists(tmp_path / "top")


def test_run_resumes_without_setting_up_again(tmp_path, monkeypatch):
    calls = record_runs(monkeypatch)
    sl = slices.parse(LIST)
    top = tmp_path / "top"
    archives = str(tmp_path / "results")
    slices.run(sl[1], str(top), archives, "K", "S", "P", 2)
    assert calls == ["setup.sh", "build.sh", "read-once.sh", "asmverdict.py", "save"]
    folder = top / "slices" / "net-own"
    assert os.readlink(folder / "src") == os.path.join("..", "..", "src")
    assert (folder / "src-path.txt").read_text() == str(top / "src") + "\n"
    # Interrupted before its archive: the next run goes on, the tree kept.
    del calls[:]
    slices.run(sl[1], str(top), archives, "K", "S", "P", 2)
    assert calls == ["build.sh", "read-once.sh", "asmverdict.py", "save"]


def test_report_section(two_archives, tmp_path):
    sl, archives = two_archives
    os.unlink(slices.archive_path(archives, "net-own"))
    sums = slices.load_all(sl, archives, str(tmp_path / "scratch"))
    text = "\n".join(slice_report.render("6.12", sl, sums, "survey/results/6.12-defconfig"))
    assert "Slices done: 1 of 2." in text
    assert "| `small` | `block/` `crypto/` | 135 | yes | 2 | 2 | 2 | 2 | 2 | 1 | 4 | 3 |" \
        in text
    assert "| `net-own` | `net/socket.o` `net/ipv6/` | 40 | no |" in text
    assert "| **merged** | | 135 | 1 of 2 | 2 | 2 | 2 | 2 | 2 | 1 | 4 | 3 | 0 | 0 | | |" in text
    assert "| 1 min 00 s | `abc1234` (`0123456789ab...`) |" in text
    assert "Not done yet: `net-own`." in text
    assert "Triage over the 3 places: 3 untriaged." in text


def test_sizes_from_makefiles(tmp_path):
    src = tmp_path / "src"
    (src / "d" / "sub").mkdir(parents=True)
    (src / "d" / "off").mkdir()
    for c in ("d/a.c", "d/b1.c", "d/b2.c", "d/m.c", "d/sub/s.c", "d/off/o.c", "d/x.c"):
        (src / c).write_text("")
    (src / "d" / "Makefile").write_text(
        "obj-y += a.o b.o \\\n\tsub/\nb-y := b1.o b2.o\n"
        "obj-$(CONFIG_M) += m.o\nobj-$(CONFIG_OFF) += off/ x.o\nobj-y += asm.o\n")
    (src / "d" / "sub" / "Makefile").write_text("obj-m += s.o\n")
    got = defconfig_sizes.count_dir(str(src), "d", {"CONFIG_M": "m"})
    assert got == {"d": 4, "d/sub": 1}
    assert defconfig_sizes.subtotal(got, "d") == 5


def test_cut():
    counts = {"block": 40, "crypto": 80, "kernel": 200, "net": 4, "net/core": 48,
              "net/ipv6": 70, "drivers/net": 12, "drivers/net/ethernet": 500,
              "drivers/gpu/drm": 300, "drivers/gpu/drm/msm": 200, "drivers/gpu/host1x": 20,
              "drivers/acpi": 90, "arch/arm64/kernel": 60, "sound": 30}
    got = slices.cut(counts, 300)
    assert got[0] == ("block--crypto", ["block/", "crypto/"], 120)
    targets = [t for _n, ts, _s in got for t in ts]
    # The main survey's directories are not cut; net's own objects are
    # named one by one; drivers/net and drivers/gpu/drm have C files of
    # their own, so each stays whole, over the limit; drivers/gpu is split.
    assert "kernel/" not in targets and "net/" not in targets and "net/core/" not in targets
    assert "net/socket.o" in targets and "net/ipv6/" in targets
    assert ("drivers-net", ["drivers/net/"], 512) in got
    assert ("drivers-gpu-drm", ["drivers/gpu/drm/"], 500) in got
    assert "drivers/gpu/host1x/" in targets and "arch/arm64/" in targets
    assert all(size <= 300 for name, ts, size in got if len(ts) > 1)
    # What cut prints is a slice list parse() takes.
    slices.parse("".join("%s: %s  # ~%d\n" % (n, " ".join(ts), s) for n, ts, s in got))
