"""The compile commands of a kernel build, and the same commands rewritten
to compile again: from compile_commands.json (the survey's kernel) or from
a V=1 build log (the test kernels), for the target's compiler."""
import json
import os
import shlex

from . import layout

KERNEL_CC = layout.TARGETS[layout.KERNEL_TARGET].cc()
PLUGIN_FILE = "rcu_deref_plugin.so"


def from_build_log(text, cc=KERNEL_CC):
    """The compiler command lines of C files in a V=1 kernel build log, as
    lists of words.  Host programs (HOSTCC) are compiled by 'gcc', target
    code by cc."""
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith(cc + " "):
            continue
        # kbuild may follow the command with "; other commands".
        words = shlex.split(line.split(";")[0])
        if words and words[-1].endswith(".c") and "-c" in words:
            yield words


def load(build_dir):
    """The entries of build_dir/compile_commands.json, each a dict with its
    command as words ("argv"), "directory" and "file"."""
    with open(os.path.join(build_dir, "compile_commands.json")) as f:
        entries = json.load(f)
    return [dict(argv=shlex.split(e["command"]) if "command" in e else e["arguments"],
                 directory=e["directory"], file=e["file"]) for e in entries]


def find(build_dir, obj):
    """The command (words) and directory that made obj (e.g. mm/ksm.o),
    from build_dir/compile_commands.json.  LookupError if it is not there."""
    for e in load(build_dir):
        argv = e["argv"]
        if "-o" in argv and argv[argv.index("-o") + 1] == obj:
            return argv, e["directory"]
    raise LookupError("%s: not in %s/compile_commands.json" % (obj, build_dir))


def rewrite(argv, cc=None, plugin=None, keep_compile=False):
    """argv without its output (-o FILE), its dependency file (-Wp,-MMD,...
    or -Wp,-MD,...) and, unless keep_compile, its -c.

    Without plugin, every -fplugin word goes (the plugins and their
    arguments); with plugin, the rcu_deref plugin loaded is that file (its
    arguments stay).  cc replaces the compiler (argv[0]) when given."""
    out = [cc or argv[0]]
    skip = False
    for a in argv[1:]:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a.startswith(("-Wp,-MMD", "-Wp,-MD")) or (a == "-c" and not keep_compile):
            continue
        if a.startswith("-fplugin"):
            if plugin is None:
                continue
            if a.startswith("-fplugin=") and a.endswith(PLUGIN_FILE):
                a = "-fplugin=" + plugin
        out.append(a)
    return out
