"""Build the test kernels through make and read their build logs."""
import dataclasses
import os
import re
import subprocess

from rcuderef import compile_commands, layout
from rcuderef.diagnostics import PLUGIN_WARNINGS

PLUGIN_NAME = "rcu_deref_plugin"


@dataclasses.dataclass
class KernelBuild:
    out: str            # make O= folder
    image: str          # the bootable image in it

    @property
    def log(self):
        return os.path.join(self.out, "build.log")

    @property
    def err(self):
        return os.path.join(self.out, "build.err")


# The test kernels: warning mode, and fix-up mode (qemu/fixup.config).
MODES = layout.KERNEL_MODES


def kernel_build(mode, lay=None):
    """The KernelBuild of a mode's test kernel in the layout lay (default:
    layout.current())."""
    lay = lay or layout.current()
    return KernelBuild(out=lay.kernel_out(mode), image=lay.kernel_image(mode))


_built = set()


def build(lay=None, mode="warn"):
    """Run 'make kernel-<mode> initramfs' for the layout's build directory
    and kernel version; make rebuilds only what changed.  Returns the
    KernelBuild and the initramfs.

    Once per process and mode: the test modules that share a kernel see one
    build.  Making the fix-up kernel also brings the warning-mode one up to
    date (qemu/qemu.mk)."""
    lay = lay or layout.current()
    key = (lay.build, lay.kernel, lay.karch, lay.compiler, mode)
    if key not in _built:
        subprocess.run(["make", "-s", "-C", lay.repo, "kernel-" + mode, "initramfs",
                        "BUILD=" + lay.build, "KERNEL=" + lay.kernel,
                        "KARCH=" + lay.karch, "GCC=" + lay.compiler], check=True)
        _built.add(key)
    return kernel_build(mode, lay), lay.initramfs


def c_compiles(log_text, lay=None):
    """The compiler command lines of C files of the target in a V=1 kernel
    build log of the layout lay (default: layout.current()), each as a
    list of words: those of the layout's compiler (its architecture's,
    its GCC release)."""
    lay = lay or layout.current()
    return compile_commands.from_build_log(log_text, cc=lay.target.cc(lay.compiler))


def plugin_loaded(words):
    return any(w.startswith("-fplugin=") and w.endswith(PLUGIN_NAME + ".so")
               for w in words)


_DIAG = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): (?P<kind>warning|error|note): (?P<msg>.*)$")


def diagnostics(err_text):
    """GCC diagnostics in build.err as dicts (file, line, col, kind, msg)."""
    out = []
    for line in err_text.splitlines():
        m = _DIAG.match(line)
        if m:
            d = m.groupdict()
            d["line"] = int(d["line"])
            d["col"] = int(d["col"])
            out.append(d)
    return out


def plugin_warnings(err_text, src):
    """The plugin's warnings in build.err, as sorted (file, line, message)
    with file relative to the kernel tree src."""
    out = set()
    for d in diagnostics(err_text):
        if d["kind"] == "warning" and d["msg"].startswith(PLUGIN_WARNINGS):
            out.add((os.path.relpath(d["file"], src), d["line"], d["msg"]))
    return sorted(out)
