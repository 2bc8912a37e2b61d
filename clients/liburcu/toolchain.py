"""Compile the liburcu client programs with and without the plugin.

Debian 12's liburcu-dev installs its headers only under the amd64 multiarch
directory /usr/include/x86_64-linux-gnu.  All of them but one choose the
architecture from the compiler's predefined macros (urcu/arch.h and
urcu/uatomic.h test __aarch64__, __x86_64__, ...); the exception is
urcu/config.h, written by configure.  For aarch64, aarch64_include() builds
an include tree in build/ with a link to every liburcu header except
urcu/config.h, which it writes: the amd64 file holds only settings that do
not depend on the architecture (checked against CONFIG_KEYS), so the
aarch64 copy is the same text under a header that says where it came from.
Pointing the cross compiler at /usr/include/x86_64-linux-gnu itself would
also pull in amd64 glibc headers.
"""
import json
import os
import re
import subprocess
import tempfile

from rcuderef import layout
from rcuderef.compiler import ENV, PLUGIN_ARG, TARGETS, plugin_path

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = layout.current().liburcu
MULTIARCH = "/usr/include/x86_64-linux-gnu"
URCU = os.path.join(MULTIARCH, "urcu")

# What liburcu 0.13's configure writes in urcu/config.h, none of it
# architecture-specific: SMP support, compiler TLS, clock_gettime(), sys_membarrier
# required or not, internal debugging, multi-flavor API, lfht iterator
# debugging.
CONFIG_KEYS = {
    "CONFIG_RCU_SMP", "CONFIG_RCU_TLS", "CONFIG_RCU_HAVE_CLOCK_GETTIME",
    "CONFIG_RCU_FORCE_SYS_MEMBARRIER", "CONFIG_RCU_DEBUG",
    "CONFIG_RCU_HAVE_MULTIFLAVOR", "CONFIG_CDS_LFHT_ITER_DEBUG",
}

PROGRAMS = ["routes.c", "config.c", "sessions.c", "cache.c"]

# Build configurations of a liburcu user.  Each: the preprocessor flags,
# the plugin options, and what rcu_dereference() is in it.
CONFIGS = {
    "consume": {
        "cflags": ["-std=gnu17", "-D_LGPL_SOURCE"],
        "plugin": [],
        "what": "_LGPL_SOURCE, C11: rcu_dereference() is "
                "__atomic_load(&p, &v, __ATOMIC_CONSUME) (a head as it is)",
    },
    "volatile": {
        "cflags": ["-std=gnu17", "-D_LGPL_SOURCE",
                   "-DURCU_DEREFERENCE_USE_VOLATILE"],
        "plugin": ["read-once-heads"],
        "what": "_LGPL_SOURCE and URCU_DEREFERENCE_USE_VOLATILE: "
                "rcu_dereference() is CMM_LOAD_SHARED(p), a volatile load "
                "(a head with read-once-heads)",
    },
    "marked": {
        "cflags": ["-std=gnu17", "-D_LGPL_SOURCE", "-DCACHE_MARK_HEADS"],
        "plugin": [],
        "what": "as consume, and cache.c marks the node pointers it reads "
                "back from lfht iterators as heads (lfht_head.h)",
    },
    "library": {
        "cflags": ["-std=gnu17"],
        "plugin": [],
        "what": "no _LGPL_SOURCE: rcu_dereference(p) is "
                "rcu_dereference_sym(p), a call into liburcu (no head)",
    },
}


def aarch64_include():
    """Build (once) and return the aarch64 include directory for liburcu."""
    root = os.path.join(BUILD, "include-aarch64")
    urcu = os.path.join(root, "urcu")
    config = os.path.join(urcu, "config.h")
    if os.path.exists(config):
        return root
    with open(os.path.join(URCU, "config.h")) as f:
        text = f.read()
    keys = set(re.findall(r"^\s*#\s*(?:define|undef)\s+(\w+)", text, re.M))
    keys |= set(re.findall(r"/\*\s*#undef\s+(\w+)\s*\*/", text))
    unknown = keys - CONFIG_KEYS
    if unknown:
        raise RuntimeError("urcu/config.h has settings not known to be "
                           "architecture-independent: %s" % sorted(unknown))
    os.makedirs(urcu, exist_ok=True)
    for name in os.listdir(MULTIARCH):
        if name.startswith("urcu") and name != "urcu":
            link(os.path.join(MULTIARCH, name), os.path.join(root, name))
    for name in os.listdir(URCU):
        if name != "config.h":
            link(os.path.join(URCU, name), os.path.join(urcu, name))
    tmp = config + ".tmp"
    with open(tmp, "w") as f:
        f.write("/* urcu/config.h for aarch64, written by "
                "clients/liburcu/toolchain.py from\n"
                " * %s: its settings are the same on\n"
                " * every architecture (liburcu 0.13). */\n" %
                os.path.join(URCU, "config.h"))
        f.write(text)
    os.replace(tmp, config)
    return root


def link(src, dst):
    if not os.path.lexists(dst):
        os.symlink(src, dst)


def include_flags(target):
    if target == "aarch64-linux-gnu":
        return ["-I", aarch64_include()]
    return []


def source(name):
    return os.path.join(HERE, name)


def compile_cmd(name, target, config, plugin=True, out=None, opt="-O2",
                extra=(), plugin_args=()):
    """The command that compiles program name to assembly (or to out)."""
    cmd = [TARGETS[target], opt, "-g", "-pthread", "-Wall",
           *include_flags(target), *CONFIGS[config]["cflags"], *extra]
    if plugin:
        cmd.append("-fplugin=" + plugin_path(target))
        cmd += [PLUGIN_ARG + a for a in CONFIGS[config]["plugin"]]
        cmd += [PLUGIN_ARG + a for a in plugin_args]
    cmd += ["-S", "-o", out or os.devnull, source(name)]
    return cmd


def compile_program(name, target, config, plugin_args=(), opt="-O2"):
    """Compile with the plugin (JSON diagnostics, stats).

    Returns (returncode, diagnostics, stats, assembly)."""
    with tempfile.TemporaryDirectory() as tmp:
        asm = os.path.join(tmp, "out.s")
        stats = os.path.join(tmp, "stats.json")
        cmd = compile_cmd(name, target, config, out=asm, opt=opt,
                          extra=["-fdiagnostics-format=json"],
                          plugin_args=[*plugin_args, "stats=" + stats])
        proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
        diags = []
        for line in proc.stderr.splitlines():
            if line.startswith("["):
                diags += json.loads(line)
        counts = {}
        if os.path.exists(stats):
            with open(stats) as f:
                counts = json.loads(f.readline())
        text = open(asm).read() if proc.returncode == 0 else ""
        return proc.returncode, diags, counts, text, proc.stderr


LIBS = ["-lurcu", "-lurcu-cds"]
# Debian's arm64 liburcu (liburcu-dev:arm64, a multiarch package:
# mk/packages.sh adds the arm64 architecture to dpkg for it).  Its static
# archives are linked: the programs then run under qemu-aarch64 with no
# arm64 dynamic loader or library path to set up.
ARM64_LIBDIR = "/usr/lib/aarch64-linux-gnu"
ARM64_LIBS = [os.path.join(ARM64_LIBDIR, "liburcu.a"),
              os.path.join(ARM64_LIBDIR, "liburcu-cds.a")]


def build_host(name, out, config="consume", mode="warn", extra=()):
    """Link program name for the host (x86_64) against liburcu, compiled
    with the plugin in mode (None: without the plugin)."""
    target = "x86_64-linux-gnu"
    cmd = [TARGETS[target], "-O2", "-g", "-pthread", "-Wall",
           *CONFIGS[config]["cflags"], *extra]
    if mode:
        cmd += ["-fplugin=" + plugin_path(target),
                *[PLUGIN_ARG + a for a in CONFIGS[config]["plugin"]],
                PLUGIN_ARG + "mode=" + mode]
    cmd += ["-o", out, source(name), *LIBS]
    return subprocess.run(cmd, capture_output=True, text=True, env=ENV)


def build_aarch64(name, out, config="consume", plugin_args=()):
    """Link program name for aarch64, statically, against Debian's arm64
    liburcu, compiled with the plugin, its config's options and
    plugin_args."""
    target = "aarch64-linux-gnu"
    missing = [a for a in ARM64_LIBS if not os.path.exists(a)]
    if missing:
        raise FileNotFoundError("%s: install liburcu-dev:arm64 (mk/packages.sh)"
                                % ", ".join(missing))
    cmd = [TARGETS[target], "-O2", "-g", "-pthread", "-Wall", "-static",
           *include_flags(target), *CONFIGS[config]["cflags"],
           "-fplugin=" + plugin_path(target),
           *[PLUGIN_ARG + a for a in CONFIGS[config]["plugin"]],
           *[PLUGIN_ARG + a for a in plugin_args],
           "-o", out, source(name), *ARM64_LIBS]
    return subprocess.run(cmd, capture_output=True, text=True, env=ENV)
