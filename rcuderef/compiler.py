"""Compile C with each cross compiler and the built plugin."""
import os
import subprocess

from . import layout

REPO = layout.REPO
# The compiler command of each target (the default GCC release).
TARGETS = {name: t.cc() for name, t in layout.TARGETS.items()}
# The GCC releases the plugin is built for (the default first).
COMPILERS = layout.COMPILERS
# The GCC releases each target's plugin is built with.
TARGET_COMPILERS = {name: t.compilers for name, t in layout.TARGETS.items()}
DEFAULT_COMPILER = layout.DEFAULT_COMPILER
PLUGIN_ARG = "-fplugin-arg-rcu_deref_plugin-"
# The user-mode emulator (Debian's qemu-user) of each target that is not
# the host.
QEMU_USER = {"aarch64-linux-gnu": "qemu-aarch64",
             "powerpc64le-linux-gnu": "qemu-ppc64le",
             "riscv64-linux-gnu": "qemu-riscv64"}
# GCC quotes with ASCII quotes in the C locale: messages compare as written.
ENV = dict(os.environ, LC_ALL="C")


def cc(target, gcc=DEFAULT_COMPILER):
    """The compiler command of target for the GCC release gcc."""
    return layout.TARGETS[target].cc(layout.check("GCC", gcc, COMPILERS))


def label(target, gcc=DEFAULT_COMPILER):
    """How reports name a compiler: the triplet, with the release when it
    is not the default ("aarch64-linux-gnu GCC 11")."""
    return target if gcc == DEFAULT_COMPILER else "%s GCC %s" % (target, gcc)


def plugin_path(target, name="rcu_deref_plugin.so", gcc=DEFAULT_COMPILER):
    return layout.current().plugin(target, name, compiler=gcc)


def compile_c(source, target, tmp_path, plugin=True, args=(), plugin_target=None,
              extra=("-O2",), plugin_file=None, gcc=DEFAULT_COMPILER,
              plugin_gcc=None):
    """Compile source (a string) to assembly with target's GCC release gcc;
    return the CompletedProcess.

    plugin_target loads the plugin built for another target, plugin_gcc
    the one built for another GCC release, plugin_file another plugin file.
    """
    src = tmp_path / "t.c"
    src.write_text(source)
    cmd = [cc(target, gcc), "-S", "-o", str(tmp_path / "t.s"), *extra]
    if plugin:
        cmd.append("-fplugin=" + (plugin_file or plugin_path(
            plugin_target or target, gcc=plugin_gcc or gcc)))
        cmd += [PLUGIN_ARG + a for a in args]
    cmd.append(str(src))
    return subprocess.run(cmd, capture_output=True, text=True, env=ENV)
