"""Compile one object of the survey kernel again, with the plugin, by hand.

    /usr/bin/python3 survey/rerun.py OBJECT [--plugin PATH] [gcc args...]

OBJECT is a kbuild object of the survey (e.g. mm/ksm.o); its command comes
from build/survey/V/compile_commands.json (V: KERNEL, default the newest).  The plugin loaded is PATH
(default: build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so, the current
one; build/survey/V/plugin/rcu_deref_plugin.so is the survey's copy).  The
extra arguments are appended, e.g.
  -fplugin-arg-rcu_deref_plugin-read-once-heads
  -fplugin-arg-rcu_deref_plugin-verbose
  -fplugin-arg-rcu_deref_plugin-dump -dumpdir /tmp/d/
  -S -o /tmp/x.s   (default output: a scratch object, deleted)
  -E -P -o /tmp/x.i  (the preprocessed file, for a reduced test case)
Diagnostics go to stderr in GCC's text format; the exit status is gcc's.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from rcuderef import compile_commands, layout  # noqa: E402


def command(survey, obj, plugin):
    try:
        argv, directory = compile_commands.find(survey, obj)
    except LookupError as e:
        raise SystemExit(str(e))
    return compile_commands.rewrite(argv, cc=compile_commands.KERNEL_CC, plugin=plugin,
                                    keep_compile=True), directory


def main(argv):
    if not argv or argv[0].startswith("-"):
        raise SystemExit(__doc__)
    obj, rest = argv[0], argv[1:]
    lay = layout.current()
    plugin = lay.plugin(layout.KERNEL_TARGET)
    if rest[:1] == ["--plugin"]:
        plugin, rest = os.path.abspath(rest[1]), rest[2:]
    cmd, cwd = command(lay.survey, obj, plugin)
    with tempfile.TemporaryDirectory() as tmp:
        if "-o" not in rest:
            rest = rest + ["-o", os.path.join(tmp, "out.o")]
        return subprocess.run(cmd + rest, cwd=cwd).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
