"""A survey's results, kept in the repository so that the report outlives
the build folder (a survey takes longer than a machine may keep build/).

    /usr/bin/python3 survey/archive.py save SURVEY_DIR ARCHIVE
    /usr/bin/python3 survey/archive.py restore ARCHIVE SURVEY_DIR

save writes ARCHIVE (survey/results/V.tar.xz) from what survey/report.py
reads in SURVEY_DIR (build/survey/V): the plugin's JSON diagnostics and
statistics of both runs (diag/, read-once/diag/), times.txt, plugin/info,
asm-verdicts.json, recheck.json (if made), c-files.txt, the objects kbuild compiled from C files
(the kernel's build tree is not kept), and src-path.txt, the kernel tree's
path the diagnostics name.  restore unpacks ARCHIVE into
a SURVEY_DIR that holds no warning-mode run yet; one that holds a run is
left alone (it is the newer).
"""
import io
import os
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import report  # noqa: E402

MEMBERS = ("diag", os.path.join("read-once", "diag"), "times.txt",
           os.path.join("plugin", "info"), "asm-verdicts.json", "recheck.json")
C_FILES = "c-files.txt"


def save(survey, archive):
    objs = report.compiled_c_files(survey)
    os.makedirs(os.path.dirname(os.path.abspath(archive)), exist_ok=True)
    with tarfile.open(archive + ".tmp", "w:xz") as tar:
        for name in MEMBERS:
            path = os.path.join(survey, name)
            if os.path.exists(path):
                tar.add(path, arcname=name, filter=_plain)
        _add_text(tar, C_FILES, "".join(o + "\n" for o in sorted(objs)))
        _add_text(tar, report.SOURCE_PATH, report.source_root(survey) + "\n")
    os.replace(archive + ".tmp", archive)
    print("survey: results of %s saved in %s (%d bytes)" % (
        survey, archive, os.path.getsize(archive)))


def _add_text(tar, name, text):
    data = text.encode()
    info = tarfile.TarInfo(name)
    info.size = len(data)
    tar.addfile(info, io.BytesIO(data))


def _plain(info):
    """No owner, no time: the same results give the same archive."""
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = 0
    return info


def extract(archive, folder):
    """An archive's members into folder, refusing links and paths that
    leave it."""
    os.makedirs(folder, exist_ok=True)
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if not (member.isfile() or member.isdir()) or \
                    member.name.startswith(("/", "..")) or "/../" in member.name:
                raise SystemExit("%s: unexpected member %r" % (archive, member.name))
        tar.extractall(folder)


def restore(archive, survey):
    if report.surveyed(survey):
        return False
    extract(archive, survey)
    return True


def main(argv):
    if len(argv) != 3 or argv[0] not in ("save", "restore"):
        raise SystemExit(__doc__)
    if argv[0] == "save":
        save(os.path.abspath(argv[1]), argv[2])
    elif restore(argv[1], os.path.abspath(argv[2])):
        print("survey: %s restored from %s" % (argv[2], argv[1]))


if __name__ == "__main__":
    main(sys.argv[1:])
