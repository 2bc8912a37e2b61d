"""Build the arm64 test kernel through make and read its build logs."""
import dataclasses
import os
import re
import shlex
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLUGIN_NAME = "rcu_deref_plugin"


@dataclasses.dataclass
class KernelBuild:
    out: str            # make O= folder

    @property
    def image(self):
        return os.path.join(self.out, "arch/arm64/boot/Image")

    @property
    def log(self):
        return os.path.join(self.out, "build.log")

    @property
    def err(self):
        return os.path.join(self.out, "build.err")


# The test kernels: warning mode, and fix-up mode (qemu/fixup.config).
MODES = ("warn", "fixup")


def kernel_build(mode, repo=REPO, build_dir="build"):
    """The KernelBuild of a mode's test kernel (build/qemu/kernel-<mode>)."""
    return KernelBuild(out=os.path.join(repo, build_dir, "qemu", "kernel-" + mode))


_built = set()


def build(repo=REPO, build_dir="build", mode="warn"):
    """Run 'make kernel-<mode> initramfs'; make rebuilds only what changed.

    Once per process and mode: the test modules that share a kernel see one
    build.  Making the fix-up kernel also brings the warning-mode one up to
    date (qemu/qemu.mk)."""
    assert mode in MODES, mode
    key = (repo, build_dir, mode)
    if key not in _built:
        subprocess.run(["make", "-s", "-C", repo, "kernel-" + mode, "initramfs"], check=True)
        _built.add(key)
    return kernel_build(mode, repo, build_dir), \
        os.path.join(repo, build_dir, "qemu", "initramfs.cpio")


def c_compiles(log_text):
    """The compiler command lines of C files in a V=1 kernel build log.

    Yields each command as a list of words.  Host programs (HOSTCC) are
    compiled by 'gcc', target code by 'aarch64-linux-gnu-gcc'.
    """
    for line in log_text.splitlines():
        line = line.strip()
        if not line.startswith("aarch64-linux-gnu-gcc "):
            continue
        # kbuild may follow the command with "; other commands".
        words = shlex.split(line.split(";")[0])
        if words and words[-1].endswith(".c") and "-c" in words:
            yield words


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


# The plugin's warnings start with one of these.
PLUGIN_WARNINGS = ("this access no longer depends on the value loaded by",
                   "this access depends on",
                   "the value loaded by")


def plugin_warnings(err_text, src):
    """The plugin's warnings in build.err, as sorted (file, line, message)
    with file relative to the kernel tree src."""
    out = set()
    for d in diagnostics(err_text):
        if d["kind"] == "warning" and d["msg"].startswith(PLUGIN_WARNINGS):
            out.add((os.path.relpath(d["file"], src), d["line"], d["msg"]))
    return sorted(out)
