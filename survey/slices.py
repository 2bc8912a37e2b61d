"""The whole arm64 defconfig survey (vmlinux and every module) outside the
directories of the main survey, in slices that each fit in one session:
survey/defconfig-slices.txt names each slice's kbuild directory targets,
and each slice's results are kept in the repository as
survey/results/V-defconfig/NAME.tar.xz, so that the survey adds up over
sessions and machines (like the fuzz campaign's fuzz/slices.py).

    /usr/bin/python3 survey/slices.py run NAME|next --kernel-src K --series S \
        --dir build/survey/V-defconfig --plugin P [--archives D] [-j N]
    /usr/bin/python3 survey/slices.py next [--archives D]
    /usr/bin/python3 survey/slices.py list [--archives D]
    /usr/bin/python3 survey/slices.py cut SIZES [--limit N]

run surveys one slice: the defconfig kernel tree of DIR (src/, out/,
survey/setup.sh, shared by the slices so that kbuild's preparation is done
once) is set up if needed, and the slice's folder DIR/slices/NAME (its
own diag/, read-once/diag/, times.txt, asm-verdicts.json; src and out
are links to the shared ones) gets the warning-mode build of its targets
(survey/build.sh), the read-once-heads recompile of the same directories
(survey/read-once.sh) and the assembly checker's verdicts
(survey/asmverdict.py); then the slice is archived (save).  An archived
slice is not redone; an interrupted one goes on where it stopped (kbuild
-k and recompile.py skip what is done).  next prints the first slice
without an archive; list prints each slice, done or not; cut prints a
slice list from survey/defconfig_sizes.py's counts.
"""
import argparse
import dataclasses
import os
import subprocess
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import archive  # noqa: E402
import report  # noqa: E402
import results  # noqa: E402

SLICES = os.path.join(HERE, "defconfig-slices.txt")
MAIN_DIRS = ("kernel", "mm", "fs", "lib", "net/core", "net/ipv4", "security")


class Slice:
    def __init__(self, name, targets, size=0):
        self.name = name
        self.targets = targets      # kbuild targets: "drivers/net/", "net/socket.o"
        self.size = size            # the estimated C files

    @property
    def dirs(self):
        """The directories and C files, as survey/recompile.py takes them
        ("net/core", "net/socket.c")."""
        return [t[:-2] + ".c" if t.endswith(".o") else t.strip("/") for t in self.targets]

    def holds(self, obj):
        """Whether the object (relative to the kernel tree) is one of the
        slice's or under its directories."""
        return any(obj == t if t.endswith(".o") else obj.startswith(t.strip("/") + "/")
                   for t in self.targets)

    def __repr__(self):
        return "Slice(%r, %r)" % (self.name, self.targets)


def _logical_lines(text, where):
    """(number, line) of the list, continuation lines (starting with
    white space) joined to the slice line above them, the comments' sizes
    kept from whichever part has one."""
    out, joinable = [], False
    for n, raw in enumerate(text.splitlines(), 1):
        body, _, comment = raw.partition("#")
        if raw[:1] in (" ", "\t") and body.strip():
            if not joinable:
                raise ValueError("%s:%d: a continuation line without a slice line above"
                                 % (where, n))
            start, line = out[-1]
            above, _, above_comment = line.partition("#")
            comment = above_comment or comment
            out[-1] = (start, above.rstrip() + " " + body.strip() +
                       ("  #" + comment if comment else ""))
            continue
        out.append((n, raw))
        joinable = bool(body.strip())
    return out


def parse(text, where="slice list"):
    """[Slice] of a slice list: "NAME: TARGET ...  # ~N C files" lines, a
    TARGET a kbuild directory ("drivers/net/") or object ("net/socket.o");
    blank lines and lines starting with # are skipped; a line starting
    with white space continues the slice above with more targets (its
    comment, if any, giving the size).  No two slices share a directory,
    none is one of the main survey's (MAIN_DIRS)."""
    out, names, dirs = [], set(), {}
    for n, raw in _logical_lines(text, where):
        body, _, comment = raw.partition("#")
        if not body.strip():
            continue
        name, sep, rest = body.partition(":")
        name = name.strip()
        targets = rest.split()
        if not sep or not name or not targets or not name.replace("-", "").replace(
                "_", "").isalnum():
            raise ValueError("%s:%d: expected NAME: DIR/ ..., not %r" % (where, n, raw))
        if name in names or name == "next":
            raise ValueError("%s:%d: slice name %r twice or reserved" % (where, n, name))
        for t in targets:
            d = t.strip("/")
            if not t.endswith(("/", ".o")) or not d or d.startswith((".", "/")) or \
                    ".." in d.split("/"):
                raise ValueError("%s:%d: %r is not a directory or object target"
                                 % (where, n, t))
            for other, owner in dirs.items():
                if d == other or d.startswith(other + "/") or other.startswith(d + "/"):
                    raise ValueError("%s:%d: %s overlaps %s of slice %s" % (
                        where, n, t, other, owner))
            if any(d == m or d.startswith(m + "/") for m in MAIN_DIRS):
                raise ValueError("%s:%d: %s is the main survey's" % (where, n, t))
            dirs[d] = name
        size = 0
        words = comment.split()
        if words and words[0].startswith("~") and words[0][1:].isdigit():
            size = int(words[0][1:])
        names.add(name)
        out.append(Slice(name, targets, size))
    return out


def read(path=SLICES):
    with open(path) as f:
        return parse(f.read(), path)


def archive_path(archives, name):
    return os.path.join(archives, name + ".tar.xz")


def done(slices, archives):
    """The names of the slices with an archive."""
    return {s.name for s in slices if os.path.exists(archive_path(archives, s.name))}


def next_slice(slices, archives):
    """The first slice without an archive, or None."""
    have = done(slices, archives)
    return next((s for s in slices if s.name not in have), None)


def find(slices, name, archives):
    if name == "next":
        return next_slice(slices, archives)
    for s in slices:
        if s.name == name:
            return s
    raise SystemExit("survey: no slice %r in the slice list" % name)


# The results of one slice.

def _under(slice_, rel):
    """Whether an archive member (diag/<obj>.json, read-once/diag/...)
    belongs to the slice's directories: kbuild's preparation (asm-offsets,
    bounds) compiles with the plugin outside them, once for all slices."""
    for prefix in ("read-once/diag/", "diag/"):
        if rel.startswith(prefix):
            return slice_.holds(os.path.splitext(rel[len(prefix):])[0])
    return True


def save(folder, slice_, path):
    """Archive the slice's folder (the members of survey/archive.py, only
    the objects under its directories) into path."""
    objs = {o for o in report.compiled_c_files(folder) if slice_.holds(o)}
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with tarfile.open(path + ".tmp", "w:xz") as tar:
        for name in archive.MEMBERS:
            top = os.path.join(folder, name)
            if not os.path.exists(top):
                continue
            if os.path.isdir(top):
                for root, _dirs, files in os.walk(top):
                    for f in sorted(files):
                        full = os.path.join(root, f)
                        rel = os.path.relpath(full, folder)
                        if _under(slice_, rel) and not f.endswith(".tmp"):
                            tar.add(full, arcname=rel, filter=archive._plain)
            else:
                tar.add(top, arcname=name, filter=archive._plain)
        archive._add_text(tar, archive.C_FILES, "".join(o + "\n" for o in sorted(objs)))
        archive._add_text(tar, report.SOURCE_PATH, report.source_root(folder) + "\n")
        archive._add_text(tar, "targets.txt", " ".join(slice_.targets) + "\n")
    os.replace(path + ".tmp", path)
    print("survey: slice %s saved in %s (%d bytes)" % (
        slice_.name, path, os.path.getsize(path)))


def summary(folder):
    """The figures of one slice's results (a slice folder, or an archive
    unpacked): C files, plugin files, totals, warnings of both runs,
    failed compiles and internal compiler errors."""
    src = report.source_root(folder)
    warn = results.load(os.path.join(folder, "diag"))
    ro = results.load(os.path.join(folder, "read-once", "diag"))
    ices = [d for run in (warn, ro) for d in run.other_diagnostics()
            if d[1] == "internal compiler error" or "internal compiler error" in d[2]]
    return {
        "c_files": len(report.compiled_c_files(folder)),
        "plugin_files": len(warn.compiled), "totals": warn.totals(),
        "warnings": warn.warnings(src),
        "read_once_files": len(ro.compiled), "read_once_totals": ro.totals(),
        "read_once_warnings": ro.warnings(src),
        "failed": sorted(warn.failed) + sorted("read-once: " + o for o in ro.failed),
        "ices": ices, "verdicts": report.load_verdicts(folder),
        "times": report.read_times(folder), "info": report.read_info(folder),
    }


def unpack(path, folder):
    """An archive's members into folder (replacing what it held)."""
    archive.extract(path, folder)


def load_all(slices, archives, scratch):
    """{name: summary} of the archived slices (unpacked under scratch)."""
    out = {}
    for s in slices:
        path = archive_path(archives, s.name)
        if os.path.exists(path):
            folder = os.path.join(scratch, s.name)
            unpack(path, folder)
            out[s.name] = summary(folder)
    return out


def merge(summaries):
    """The totals over several slices' summaries: counts added, warnings
    counted once per (place, message, head place) over all slices (a
    header's warning may come from objects of several slices)."""
    t = {"c_files": 0, "plugin_files": 0, "read_once_files": 0, "failed": 0,
         "ices": 0, "totals": dict.fromkeys(results.STAT_KEYS, 0),
         "read_once_totals": dict.fromkeys(results.STAT_KEYS, 0)}
    warn, ro = {}, {}
    for sm in summaries:
        for k in ("c_files", "plugin_files", "read_once_files"):
            t[k] += sm[k]
        t["failed"] += len(sm["failed"])
        t["ices"] += len(sm["ices"])
        for k in results.STAT_KEYS:
            t["totals"][k] += sm["totals"][k]
            t["read_once_totals"][k] += sm["read_once_totals"][k]
        for mine, theirs in ((warn, sm["warnings"]), (ro, sm["read_once_warnings"])):
            for w in theirs:
                k = (w.file, w.line, w.col, w.message, w.head_at)
                if k not in mine:
                    mine[k] = dataclasses.replace(w, objects=[])
                mine[k].objects += [o for o in w.objects if o not in mine[k].objects]
    t["warnings"] = [warn[k] for k in sorted(warn)]
    t["read_once_warnings"] = [ro[k] for k in sorted(ro)]
    return t


# Running a slice.

def _run(argv, **kw):
    print("survey: " + " ".join(argv), flush=True)
    subprocess.run(argv, check=True, **kw)


def slice_folder(top, name):
    return os.path.join(top, "slices", name)


def prepare_folder(top, name):
    """DIR/slices/NAME, its src and out links to the shared tree, and its
    src-path.txt (the real path the diagnostics name)."""
    folder = slice_folder(top, name)
    os.makedirs(folder, exist_ok=True)
    for link in ("src", "out"):
        path = os.path.join(folder, link)
        if not os.path.islink(path):
            os.symlink(os.path.join("..", "..", link), path)
    with open(os.path.join(folder, report.SOURCE_PATH), "w") as f:
        f.write(os.path.realpath(os.path.join(top, "src")) + "\n")
    return folder


def run(slice_, top, archives, kernel_src, series, plugin, jobs):
    """Survey one slice (see the module's doc); returns the archive."""
    path = archive_path(archives, slice_.name)
    if os.path.exists(path):
        print("survey: slice %s is done (%s): not redone" % (slice_.name, path))
        return path
    stamp = os.path.join(top, "setup-done")
    if not os.path.exists(stamp):
        _run([os.path.join(HERE, "setup.sh"), kernel_src, series, top])
        os.makedirs(top, exist_ok=True)
        open(stamp, "w").close()
    folder = prepare_folder(top, slice_.name)
    env = dict(os.environ, SURVEY_JOBS=str(jobs))
    _run([os.path.join(HERE, "build.sh"), folder, plugin] + slice_.targets, env=env)
    _run([os.path.join(HERE, "read-once.sh"), folder] + slice_.dirs, env=env)
    _run([sys.executable, os.path.join(HERE, "asmverdict.py"), folder, "-j", str(jobs)])
    save(folder, slice_, path)
    return path


# Cutting the slice list.

def cut(counts, limit, skip=MAIN_DIRS, first=("block", "certs", "crypto")):
    """[(name, [target], size)]: the directories of counts ({dir: C
    files}, survey/defconfig_sizes.py) outside skip, grouped into slices of
    at most limit files where a directory allows it.  A directory larger
    than limit, or holding a skipped one, is split into its subdirectories,
    unless it has C files of its own (a directory target builds all below
    it): then it is a slice by itself, or, holding a skipped directory, its
    own objects are named one by one (own_objects).  The directories of
    first make the first slice, small enough for a first session."""
    def total(d):
        return sum(c for k, c in counts.items() if k == d or k.startswith(d + "/"))

    def children(d):
        kids = set()
        for k in counts:
            if k.startswith(d + "/"):
                kids.add(d + "/" + k[len(d) + 1:].split("/")[0])
        return sorted(kids)

    def skipped(d):
        return any(d == x or d.startswith(x + "/") for x in skip)

    def holds_skipped(d):
        return any(x.startswith(d + "/") for x in skip)

    def pieces(d):
        if skipped(d):
            return []
        if holds_skipped(d):
            own = [(o, 1) for o in own_objects.get(d, [])]
            return own + [p for k in children(d) for p in pieces(k)]
        if total(d) <= limit or not children(d) or counts.get(d, 0) > 0:
            return [(d + "/", total(d))]
        return [p for k in children(d) for p in pieces(k)]

    own_objects = {"net": ["net/devres.o", "net/socket.o", "net/compat.o",
                           "net/sysctl_net.o"]}
    roots = sorted({"/".join(k.split("/")[:2]) if k.startswith("arch/") else k.split("/")[0]
                    for k in counts if k != "."})
    roots = [r for r in first if r in roots] + [r for r in roots if r not in first]
    units = []
    for r in roots:
        units += [p for p in pieces(r) if p[1]]
    out, cur, size = [], [], 0
    for d, n in units:
        if cur and (size + n > limit or
                    (cur[-1][0].split("/")[0] in first) != (d.split("/")[0] in first)):
            out.append(cur)
            cur, size = [], 0
        cur.append((d, n))
        size += n
    if cur:
        out.append(cur)
    named = []
    for group in out:
        a, b = group[0][0].rstrip("/"), group[-1][0].rstrip("/")
        name = a.replace("/", "-") if a == b else "%s--%s" % (
            a.replace("/", "-"), b.split("/")[-1])
        named.append((name.replace(".o", ""), [d for d, _ in group],
                      sum(n for _, n in group)))
    return named


def main(argv=None):
    ap = argparse.ArgumentParser(prog="survey/slices.py")
    ap.add_argument("command", choices=("run", "next", "list", "cut"))
    ap.add_argument("slice", nargs="?", default="next")
    ap.add_argument("--slices", default=SLICES)
    ap.add_argument("--archives", default=os.path.join(HERE, "results", "6.12-defconfig"))
    ap.add_argument("--dir")
    ap.add_argument("--kernel-src")
    ap.add_argument("--series")
    ap.add_argument("--plugin")
    ap.add_argument("--limit", type=int, default=600)
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args(argv)
    if a.command == "cut":
        counts = {}
        with open(a.slice) as f:
            for ln in f:
                n, d = ln.split()
                counts[d] = int(n)
        for name, dirs, n in cut(counts, a.limit):
            print("%s: %s  # ~%d C files" % (name, " ".join(dirs), n))
        return 0
    slices = read(a.slices)
    if a.command == "list":
        have = done(slices, a.archives)
        for s in slices:
            print("%s\t%s\t~%d\t%s" % (s.name, "done" if s.name in have else "not done",
                                       s.size, " ".join(s.targets)))
        return 0
    if a.command == "next":
        s = next_slice(slices, a.archives)
        print(s.name if s else "none")
        return 0
    s = find(slices, a.slice, a.archives)
    if s is None:
        print("survey: every slice is done")
        return 0
    missing = [o for o in ("dir", "kernel_src", "series", "plugin") if not getattr(a, o)]
    if missing:
        ap.error("run needs --" + ", --".join(m.replace("_", "-") for m in missing))
    run(s, os.path.abspath(a.dir), a.archives, a.kernel_src, a.series, a.plugin, a.j)
    return 0


if __name__ == "__main__":
    sys.exit(main())
