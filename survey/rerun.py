"""Compile one object of the survey kernel again, with the plugin, by hand.

    /usr/bin/python3 survey/rerun.py OBJECT [--plugin PATH] [gcc args...]

OBJECT is a kbuild object of the survey (e.g. mm/ksm.o); its command comes
from build/survey/compile_commands.json.  The plugin loaded is PATH
(default: build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so, the current
one; build/survey/plugin/rcu_deref_plugin.so is the survey's copy).  The
extra arguments are appended, e.g.
  -fplugin-arg-rcu_deref_plugin-read-once-heads
  -fplugin-arg-rcu_deref_plugin-verbose
  -fplugin-arg-rcu_deref_plugin-dump -dumpdir /tmp/d/
  -S -o /tmp/x.s   (default output: a scratch object, deleted)
  -E -P -o /tmp/x.i  (the preprocessed file, for a reduced test case)
Diagnostics go to stderr in GCC's text format; the exit status is gcc's.
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def command(survey, obj, plugin, extra):
    with open(os.path.join(survey, "compile_commands.json")) as f:
        entries = json.load(f)
    for e in entries:
        argv = shlex.split(e["command"]) if "command" in e else e["arguments"]
        if "-o" in argv and argv[argv.index("-o") + 1] == obj:
            break
    else:
        raise SystemExit("%s: not in %s/compile_commands.json" % (obj, survey))
    out = ["aarch64-linux-gnu-gcc"]
    skip = False
    for a in argv[1:]:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a.startswith("-Wp,-MMD"):
            continue
        if a.startswith("-fplugin=") and a.endswith("rcu_deref_plugin.so"):
            a = "-fplugin=" + plugin
        out.append(a)
    return out, e["directory"]


def main(argv):
    if not argv or argv[0].startswith("-"):
        raise SystemExit(__doc__)
    obj, rest = argv[0], argv[1:]
    plugin = os.path.join(REPO, "build", "plugin", "aarch64-linux-gnu", "rcu_deref_plugin.so")
    if rest[:1] == ["--plugin"]:
        plugin, rest = os.path.abspath(rest[1]), rest[2:]
    cmd, cwd = command(os.path.join(REPO, "build", "survey"), obj, plugin, rest)
    with tempfile.TemporaryDirectory() as tmp:
        if "-o" not in rest:
            rest = rest + ["-o", os.path.join(tmp, "out.o")]
        return subprocess.run(cmd + rest, cwd=cwd).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
