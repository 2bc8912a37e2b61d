"""Recompile survey objects with more plugin options, outside kbuild.

    /usr/bin/python3 -m survey.recompile SURVEY_DIR OUT_DIAG DIR... \
        [--args=-fplugin-arg-rcu_deref_plugin-read-once-heads] [-j N]

Reads SURVEY_DIR/compile_commands.json (written by survey/build.sh), takes
the compiles of C files under the kernel directories DIR... (relative to
the kernel tree, e.g. "kernel" or "net/core"; a DIR ending in ".c" names
one file) that load the rcu_deref
plugin, and runs each again through survey/cc-wrapper.sh with the extra
plugin options, writing the object to a scratch file (the kbuild objects
are left alone) and the diagnostics and statistics to OUT_DIAG/<object>.
Compiles whose diagnostics are already there for the same plugin binary
and options are skipped, so an interrupted run resumes.
"""
import argparse
import concurrent.futures
import json
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
WRAPPER = os.path.join(HERE, "cc-wrapper.sh")


def selected(entries, dirs):
    """(object, argv, directory) of each plugin compile under dirs (by its
    object's path, so generated sources in the output tree count too)."""
    for e in entries:
        argv = shlex.split(e["command"]) if "command" in e else e["arguments"]
        if not any(a.startswith("-fplugin=") and a.endswith("/rcu_deref_plugin.so")
                   for a in argv):
            continue
        obj = argv[argv.index("-o") + 1]
        if not any(obj == d[:-2] + ".o" if d.endswith(".c")
                   else obj.startswith(d.strip("/") + "/") for d in dirs):
            continue
        yield obj, argv, e["directory"]


def rewrite(argv, scratch):
    """argv for the wrapper, writing the object to scratch and dropping the
    dependency file kbuild asked for."""
    out = [WRAPPER]
    skip = False
    for i, a in enumerate(argv[1:], 1):
        if skip:
            skip = False
            continue
        if a.startswith("-Wp,-MMD,") or a.startswith("-Wp,-MD,"):
            continue
        if a == "-o":
            out += ["-o", scratch]
            skip = True
            continue
        out.append(a)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("survey_dir")
    ap.add_argument("out_diag")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--args", default="")
    ap.add_argument("-j", type=int, default=os.cpu_count())
    opts = ap.parse_args()

    survey = os.path.abspath(opts.survey_dir)
    plugin = os.path.join(survey, "plugin", "rcu_deref_plugin.so")
    with open(os.path.join(survey, "plugin", "info")) as f:
        info = dict(line.strip().split("=", 1) for line in f if "=" in line)
    with open(os.path.join(survey, "compile_commands.json")) as f:
        entries = json.load(f)

    diag = os.path.abspath(opts.out_diag)
    os.makedirs(diag, exist_ok=True)
    # Results of another plugin binary or other options are stale.
    key = "sha256=%s args=%s\n" % (info["sha256"], opts.args)
    keyfile = os.path.join(diag, "KEY")
    if not os.path.exists(keyfile) or open(keyfile).read() != key:
        subprocess.run(["rm", "-rf", diag], check=True)
        os.makedirs(diag)
        with open(keyfile, "w") as f:
            f.write(key)

    env = dict(os.environ, SURVEY_PLUGIN=plugin, SURVEY_DIAG=diag,
               SURVEY_STATS=info.get("stats", "0"), SURVEY_PLUGIN_ARGS=opts.args)
    todo = [(o, a, d) for o, a, d in selected(entries, opts.dirs)
            if not os.path.exists(os.path.join(diag, o + ".json"))]
    scratch = tempfile.mkdtemp(prefix="recompile.", dir=diag)

    def run(item):
        obj, argv, directory = item
        tmp = os.path.join(scratch, obj.replace("/", "_"))
        p = subprocess.run(["nice", "-n", "19"] + rewrite(argv, tmp), cwd=directory,
                           env=dict(env, SURVEY_OBJ=obj),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if os.path.exists(tmp):
            os.unlink(tmp)
        return obj, p.returncode

    failed = 0
    print("recompile: %d compiles under %s with %r" % (len(todo), " ".join(opts.dirs),
                                                     opts.args), flush=True)
    with concurrent.futures.ThreadPoolExecutor(opts.j) as pool:
        for n, (obj, rc) in enumerate(pool.map(run, todo), 1):
            if rc:
                failed += 1
                print("recompile: %s failed (%d)" % (obj, rc), file=sys.stderr)
            if n % 100 == 0:
                print("recompile: %d/%d" % (n, len(todo)), flush=True)
    os.rmdir(scratch)
    print("recompile: done, %d failed" % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
