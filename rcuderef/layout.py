"""The build layout: the build directory turned into every path, and the
parameters that choose among them.

Four parameters, each named here and nowhere else:

- the kernel version of the series and the test kernels (KERNELS): its
  inputs are kernel-integration/<V>/ (patches/*.patch, cover-letter.txt),
  its tree is extracted from Debian's linux-source-<V>.  Supporting another
  version is a line in KERNELS plus its inputs directory; the newest is
  the default;
- the target (TARGETS, by GNU triplet): the plugin is built for each;
- the architecture of the test kernels (KERNEL_TARGETS, by the kernel's
  ARCH name: arm64, powerpc, riscv; make's KARCH=; KARCHS_OF: those of
  each kernel version): 'make run' builds and boots every one unless
  KARCH= names one, 'make check' tests every one;
  the default one (DEFAULT_KARCH, arm64) is what a layout without KARCH
  names;
- the GCC release (COMPILERS): Debian 12's gcc is GCC 12, named without a
  suffix; another release would be gcc-<N>, its plugins in
  plugin/<triplet>-gcc<N>/.

A relative build directory is relative to the repository root, as make's
BUILD is (make runs in the root).  From the shell:

    python3 -m rcuderef.layout make-vars [BUILD=DIR] [KERNEL=V] [KARCH=A]

prints the paths as make assignments (for the Makefile's $(eval)); an
unknown KERNEL or KARCH is an error that lists the supported ones.
"""
import dataclasses
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DEFAULT_BUILD = "build"

KERNELS = ("6.1", "6.12")


def _version_key(v):
    return tuple(int(x) for x in v.split("."))


# The newest: what a kernel developer builds every day ('make run' boots
# it unless KERNEL= says otherwise).  'make check' tests every version.
DEFAULT_KERNEL = max(KERNELS, key=_version_key)

COMPILERS = ("12",)
DEFAULT_COMPILER = "12"

# Environment variables that 'make check' sets for the tests (and anyone
# may set): the build directory and the kernel version.
BUILD_ENV = "RCU_DEREF_BUILD"
KERNEL_ENV = "RCU_DEREF_KERNEL"
KARCH_ENV = "RCU_DEREF_KARCH"


@dataclasses.dataclass(frozen=True)
class Target:
    triplet: str
    kernel_arch: str = ""       # ARCH= of a kernel built for it, if any
    kernel_image: str = ""      # the bootable image, in the kernel's O= folder

    def cc(self, compiler=DEFAULT_COMPILER):
        """The compiler command of this target for a GCC release."""
        native = self.triplet == HOST_TRIPLET
        base = "gcc" if native else self.triplet + "-gcc"
        return base if compiler == DEFAULT_COMPILER else "%s-%s" % (base, compiler)


HOST_TRIPLET = "x86_64-linux-gnu"
TARGETS = {t.triplet: t for t in (
    Target(HOST_TRIPLET),
    Target("aarch64-linux-gnu", "arm64", "arch/arm64/boot/Image"),
)}
KERNEL_TARGET = "aarch64-linux-gnu"

# The test kernels' targets, by the kernel's ARCH (make's KARCH=): each is
# built with its cross compiler (kbuild builds the plugin from the series
# for it) and booted in QEMU (qemu/harness/boot.py names the machines).
KERNEL_TARGETS = {t.kernel_arch: t for t in (
    Target("aarch64-linux-gnu", "arm64", "arch/arm64/boot/Image"),
    Target("powerpc64le-linux-gnu", "powerpc", "vmlinux"),
    Target("riscv64-linux-gnu", "riscv", "arch/riscv/boot/Image"),
)}
DEFAULT_KARCH = TARGETS[KERNEL_TARGET].kernel_arch

# The architectures whose test kernels 'make run' and 'make check' build,
# boot and test for each kernel version by default (their reviewed
# warnings are in kernel-integration/V/).  powerpc and riscv are not in
# yet: their kernels build (KARCH=powerpc, KARCH=riscv), but their boots
# and reviewed warnings are not done (see README.md).
KARCHS_OF = {
    "6.1": ("arm64",),
    "6.12": ("arm64",),
}

# The test kernels: warning mode, and fix-up mode (qemu/fixup.config).
KERNEL_MODES = ("warn", "fixup")


class UnknownParameter(ValueError):
    pass


def check(name, value, supported):
    if value not in supported:
        raise UnknownParameter("unknown %s=%s: supported: %s" % (
            name, value, " ".join(supported)))
    return value


def compiler_suffix(compiler):
    """What a compiler adds to the names of its outputs (none for GCC 12)."""
    return "" if compiler == DEFAULT_COMPILER else "-gcc" + compiler


class Layout:
    """Every path of one build directory, for one kernel version, kernel
    target and compiler."""

    def __init__(self, build=DEFAULT_BUILD, kernel=None, target=KERNEL_TARGET,
                 compiler=None, repo=REPO, karch=None):
        self.repo = repo
        self.build = os.path.join(repo, build)
        self.kernel = check("KERNEL", kernel or DEFAULT_KERNEL, KERNELS)
        if karch:
            self.target = KERNEL_TARGETS[check("KARCH", karch, tuple(KERNEL_TARGETS))]
        else:
            self.target = TARGETS[check("TARGET", target, tuple(TARGETS))]
        self.compiler = check("GCC", compiler or DEFAULT_COMPILER, COMPILERS)

    def _b(self, *parts):
        return os.path.join(self.build, *parts)

    # The plugin, built once per target and compiler.
    def plugin_dir(self, triplet, compiler=None):
        return self._b("plugin", triplet + compiler_suffix(compiler or self.compiler))

    def plugin(self, triplet, name="rcu_deref_plugin.so", compiler=None):
        return os.path.join(self.plugin_dir(triplet, compiler), name)

    # The kernel version's inputs, tree and series.
    @property
    def series_inputs(self):
        return os.path.join(self.repo, "kernel-integration", self.kernel)

    @property
    def reviewed_warnings(self):
        """The plugin's warnings on the test kernel, reviewed by hand: the
        arm64 kernel's in kernel-warnings.txt, another architecture's in
        kernel-warnings-<ARCH>.txt."""
        name = "kernel-warnings.txt" if self.karch == DEFAULT_KARCH else \
            "kernel-warnings-%s.txt" % self.karch
        return os.path.join(self.series_inputs, name)

    @property
    def kernel_package(self):
        return "linux-source-" + self.kernel

    @property
    def kernel_src(self):
        return self._b("kernel", self.kernel, "src")

    @property
    def kernel_stamp(self):
        return os.path.join(self.kernel_src, ".git", "rcu-deref-pristine")

    @property
    def series_out(self):
        return self._b("kernel-integration", self.kernel, "patches")

    @property
    def series_stamp(self):
        return self._b("kernel-integration", self.kernel, "applied")

    # The test kernels of this version and target, and their QEMU boots.
    @property
    def qemu_dir(self):
        return self._b("qemu", self.kernel,
                       self.target.kernel_arch + compiler_suffix(self.compiler))

    @property
    def karch(self):
        """The kernel's ARCH of the test kernels (make's KARCH)."""
        return self.target.kernel_arch

    @property
    def kernel_cross(self):
        """CROSS_COMPILE of the test kernels."""
        return self.target.triplet + "-"

    @property
    def kernel_goal(self):
        """The make goal of the bootable image (Image, vmlinux)."""
        return os.path.basename(self.target.kernel_image)

    def kernel_out(self, mode):
        return os.path.join(self.qemu_dir, "kernel-" + check("mode", mode, KERNEL_MODES))

    def kernel_image(self, mode):
        return os.path.join(self.kernel_out(mode), self.target.kernel_image)

    @property
    def init(self):
        return os.path.join(self.qemu_dir, "init")

    @property
    def initramfs(self):
        return os.path.join(self.qemu_dir, "initramfs.cpio")

    def console_log(self, mode):
        return os.path.join(self.qemu_dir, "console-%s.log" % mode)

    @property
    def kernel_off(self):
        """The option-off objects (tests/test_kernel_objects.py)."""
        return self._b("kernel-off", self.kernel,
                       self.target.kernel_arch + compiler_suffix(self.compiler))

    # The rooms' own folders.
    @property
    def setup_stamp(self):
        return self._b(".packages-ok")

    @property
    def survey(self):
        """The real-kernel survey of this kernel version (make survey)."""
        return self._b("survey", self.kernel)

    @property
    def survey_triage(self):
        """The hand triage of this version's survey warnings."""
        return os.path.join(self.repo, "survey", "triage", self.kernel + ".txt")

    @property
    def bench(self):
        return self._b("bench")

    @property
    def bench_quick(self):
        return self._b("bench-quick")

    @property
    def fuzz(self):
        return self._b("fuzz")

    @property
    def liburcu(self):
        return self._b("clients", "liburcu")

    def make_vars(self):
        """(name, value) of each make variable the .mk files use."""
        plugin_dirs = [t + compiler_suffix(c) for c in COMPILERS for t in TARGETS]
        out = [
            ("KERNEL", self.kernel),
            ("KERNELS", " ".join(KERNELS)),
            ("KERNEL_PACKAGE", self.kernel_package),
            ("KERNEL_SRC", self.kernel_src),
            ("KERNEL_STAMP", self.kernel_stamp),
            ("SERIES_INPUTS_DIR", self.series_inputs),
            ("SERIES_OUT", self.series_out),
            ("SERIES_STAMP", self.series_stamp),
            ("SETUP_STAMP", self.setup_stamp),
            ("PLUGIN_OUT", self._b("plugin")),
            ("PLUGIN_TARGETS", " ".join(plugin_dirs)),
            ("KARCH", self.karch),
            ("KARCHS", " ".join(KARCHS_OF[self.kernel])),
            ("KERNEL_CROSS", self.kernel_cross),
            ("KERNEL_GOAL", self.kernel_goal),
            ("QEMU_OUT", self.qemu_dir),
            ("INIT", self.init),
            ("INITRAMFS", self.initramfs),
            ("SURVEY_DIR", self.survey),
            ("SURVEY_TRIAGE", self.survey_triage),
            # Every version's survey, for the report that sets them side by side.
            ("SURVEY_ALL", " ".join(
                "%s=%s:%s" % (lay.kernel, lay.survey, lay.survey_triage)
                for lay in (Layout(self.build, v, repo=self.repo) for v in KERNELS))),
            ("BENCH_OUT", self.bench),
            ("BENCH_QUICK_OUT", self.bench_quick),
            ("FUZZ_DIR", self.fuzz),
        ]
        # Each version's architectures, for 'make check'.
        out += [("KARCHS_" + v, " ".join(KARCHS_OF[v])) for v in KERNELS]
        for mode in KERNEL_MODES:
            out += [("KOUT_" + mode.upper(), self.kernel_out(mode)),
                    ("KIMAGE_" + mode.upper(), self.kernel_image(mode))]
        for c in COMPILERS:
            for name, t in TARGETS.items():
                out.append(("plugin_cc." + name + compiler_suffix(c), t.cc(c)))
        return out


def current(build=None, kernel=None, karch=None):
    """The layout of build, kernel and karch when given, else of what the
    environment asks for ('make' sets it for the tests and the harness),
    else the default one."""
    return Layout(build or os.environ.get(BUILD_ENV) or DEFAULT_BUILD,
                  kernel or os.environ.get(KERNEL_ENV) or None,
                  karch=karch or os.environ.get(KARCH_ENV) or DEFAULT_KARCH)


def parse_assignments(args):
    """NAME=VALUE words (make's way of passing them) into a dict."""
    out = {}
    for a in args:
        name, sep, value = a.partition("=")
        if not sep or name not in ("BUILD", "KERNEL", "KARCH"):
            raise UnknownParameter("expected BUILD=DIR, KERNEL=V or KARCH=A, not %r" % a)
        out[name] = value
    return out


def main(argv):
    if not argv or argv[0] != "make-vars":
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        params = parse_assignments(argv[1:])
        # Paths stay relative when BUILD is: make runs in the repository.
        lay = Layout(params.get("BUILD") or DEFAULT_BUILD, params.get("KERNEL") or None,
                     repo="", karch=params.get("KARCH") or DEFAULT_KARCH)
    except UnknownParameter as e:
        print("rcu-deref: %s" % e, file=sys.stderr)
        return 2
    # One line a variable, each ending in '|': $(shell) makes the newlines
    # spaces, and the Makefile makes the bars newlines again for $(eval).
    for name, value in lay.make_vars():
        print("%s := %s|" % (name, value))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
