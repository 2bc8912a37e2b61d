"""The fuzz campaign's results, kept in the repository one slice at a time,
so that a campaign spread over sessions and machines adds up: a slice is a
range of seeds, its archive fuzz/results/FIRST-LAST.tar.xz holds the
result files (SEED.json) of the seeds of that range that were checked.

    python3 -m fuzz.slices save --out DIR --first S --count N [--archives D]
    python3 -m fuzz.slices restore --out DIR --first S --count N [--archives D]
    python3 -m fuzz.slices next --size N [--archives D]
    python3 -m fuzz.slices list [--archives D]

save archives DIR/results/SEED.json for the seeds S..S+N-1 (replacing the
archive of that slice); restore puts an archived slice's results back into
DIR/results where they are missing, dated now, so that make takes them as
done and checks only the seeds the slice still lacks; next prints the
first seed of the slice to run next (the first slice not complete, else
the one after the last); list prints each slice and how many of its seeds
have results.  The campaign report (fuzz.campaign report --archives D)
reads every archive.
"""
import argparse
import io
import json
import os
import re
import sys
import tarfile

from rcuderef import layout

ARCHIVES = os.path.join(layout.REPO, "fuzz", "results")
NAME = re.compile(r"^(\d+)-(\d+)\.tar\.xz$")
MEMBER = re.compile(r"^(\d+)\.json$")


def slices(archives=ARCHIVES):
    """[(first, last, path)] of the archives, by first seed."""
    out = []
    if os.path.isdir(archives):
        for name in os.listdir(archives):
            m = NAME.match(name)
            if m:
                out.append((int(m.group(1)), int(m.group(2)),
                            os.path.join(archives, name)))
    return sorted(out)


def read_slice(path):
    """{seed: result} of one archive."""
    results = {}
    with tarfile.open(path) as tar:
        for member in tar.getmembers():
            m = MEMBER.match(member.name)
            if not (member.isfile() and m):
                raise SystemExit("%s: unexpected member %r" % (path, member.name))
            results[int(m.group(1))] = json.load(tar.extractfile(member))
    return results


def load_all(archives=ARCHIVES):
    """{seed: result} of every archive, and [(first, last, results)] of the
    slices."""
    results, done = {}, []
    for first, last, path in slices(archives):
        part = read_slice(path)
        results.update(part)
        done.append((first, last, len(part)))
    return results, done


def save(out, first, count, archives=ARCHIVES):
    last = first + count - 1
    os.makedirs(archives, exist_ok=True)
    path = os.path.join(archives, "%d-%d.tar.xz" % (first, last))
    n = 0
    with tarfile.open(path + ".tmp", "w:xz") as tar:
        for seed in range(first, last + 1):
            src = os.path.join(out, "results", "%d.json" % seed)
            if not os.path.exists(src):
                continue
            with open(src, "rb") as f:
                data = f.read()
            info = tarfile.TarInfo("%d.json" % seed)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
            n += 1
    if not n:
        os.unlink(path + ".tmp")
        print("fuzz: no result of seeds %d to %d to save" % (first, last))
        return None
    os.replace(path + ".tmp", path)
    print("fuzz: %d results of seeds %d to %d saved in %s (%d bytes)" % (
        n, first, last, os.path.relpath(path, layout.REPO), os.path.getsize(path)))
    return path


def restore(out, first, count, archives=ARCHIVES):
    """Archived results of seeds first..first+count-1 missing from out."""
    n = 0
    os.makedirs(os.path.join(out, "results"), exist_ok=True)
    for a_first, a_last, path in slices(archives):
        if a_last < first or a_first > first + count - 1:
            continue
        for seed, res in read_slice(path).items():
            dst = os.path.join(out, "results", "%d.json" % seed)
            if first <= seed < first + count and not os.path.exists(dst):
                with open(dst + ".tmp", "w") as f:
                    json.dump(res, f, indent=1)
                os.replace(dst + ".tmp", dst)
                n += 1
    return n


def next_first(size, archives=ARCHIVES):
    """The first seed of the slice to run next."""
    end = 1
    for first, last, path in slices(archives):
        if len(read_slice(path)) < last - first + 1:
            return first
        end = max(end, last + 1)
    return end


def main(argv=None):
    ap = argparse.ArgumentParser(prog="fuzz.slices")
    ap.add_argument("command", choices=("save", "restore", "next", "list"))
    ap.add_argument("--out", default=layout.current().fuzz)
    ap.add_argument("--first", type=int)
    ap.add_argument("--count", type=int)
    ap.add_argument("--size", type=int, default=400)
    ap.add_argument("--archives", default=ARCHIVES)
    a = ap.parse_args(argv)
    if a.command in ("save", "restore") and (a.first is None or not a.count):
        ap.error("%s needs --first and --count" % a.command)
    if a.command == "save":
        save(a.out, a.first, a.count, a.archives)
    elif a.command == "restore":
        print("fuzz: %d archived results restored" % restore(
            a.out, a.first, a.count, a.archives))
    elif a.command == "next":
        print(next_first(a.size, a.archives))
    else:
        for first, last, n in load_all(a.archives)[1]:
            print("%d-%d: %d of %d seeds" % (first, last, n, last - first + 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
