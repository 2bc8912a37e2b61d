"""Compile C with each cross compiler and the built plugin."""
import os
import subprocess

from . import layout

REPO = layout.REPO
# The compiler command of each target (the default GCC release).
TARGETS = {name: t.cc() for name, t in layout.TARGETS.items()}
PLUGIN_ARG = "-fplugin-arg-rcu_deref_plugin-"
# GCC quotes with ASCII quotes in the C locale: messages compare as written.
ENV = dict(os.environ, LC_ALL="C")


def plugin_path(target, name="rcu_deref_plugin.so"):
    return layout.current().plugin(target, name)


def compile_c(source, target, tmp_path, plugin=True, args=(), plugin_target=None,
              extra=("-O2",), plugin_file=None):
    """Compile source (a string) to assembly; return the CompletedProcess.

    plugin_target loads the plugin built for another compiler, plugin_file
    another plugin file.
    """
    src = tmp_path / "t.c"
    src.write_text(source)
    cmd = [TARGETS[target], "-S", "-o", str(tmp_path / "t.s"), *extra]
    if plugin:
        cmd.append("-fplugin=" + (plugin_file or plugin_path(plugin_target or target)))
        cmd += [PLUGIN_ARG + a for a in args]
    cmd.append(str(src))
    return subprocess.run(cmd, capture_output=True, text=True, env=ENV)
