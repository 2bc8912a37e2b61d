"""The build layout: the build directory turned into every path, and the
parameters that choose among them.

Four parameters, each named here and nowhere else:

- the kernel version of the series and the test kernels (KERNELS): its
  inputs are kernel-integration/<V>/ (patches/*.patch, cover-letter.txt),
  its tree is extracted from Debian's linux-source-<V>.  Supporting another
  version is a line in KERNELS plus its inputs directory; the newest is
  the default;
- the target (TARGETS, by GNU triplet): the plugin is built for each;
- the architecture of the test kernels (KARCHS, by the kernel's ARCH=
  name: arm64, powerpc, riscv; each a target of TARGETS with a
  kernel_arch): its config fragment is qemu/<arch>.config, its kernels,
  init and boots are in qemu/<V>/<arch>/; the default is arm64, the
  architecture of KERNEL_TARGET (KARCH= on make's command line);
- the GCC release (COMPILERS): Debian 12's gcc is GCC 12, named without a
  suffix; GCC 11 is gcc-11 (aarch64-linux-gnu-gcc-11), its plugins in
  plugin/<triplet>-gcc11/ and its test kernels in qemu/<V>/arm64-gcc11/
  (GCC=11 on make's command line).

A relative build directory is relative to the repository root, as make's
BUILD is (make runs in the root).  From the shell:

    python3 -m rcuderef.layout make-vars [BUILD=DIR] [KERNEL=V] [GCC=N] [KARCH=A]

prints the paths as make assignments (for the Makefile's $(eval)); an
unknown KERNEL, GCC or KARCH is an error that lists the supported ones.
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

COMPILERS = ("12", "11")
DEFAULT_COMPILER = "12"

# Environment variables that 'make check' sets for the tests (and anyone
# may set): the build directory and the kernel version.
BUILD_ENV = "RCU_DEREF_BUILD"
KERNEL_ENV = "RCU_DEREF_KERNEL"
# The GCC release of the test kernels ('make kernel GCC=11'); the plugins
# are built for every release of COMPILERS whatever it says.
GCC_ENV = "RCU_DEREF_GCC"
# The architecture of the test kernels ('make run KARCH=riscv').
KARCH_ENV = "RCU_DEREF_KARCH"


@dataclasses.dataclass(frozen=True)
class Target:
    triplet: str
    kernel_arch: str = ""       # ARCH= of a kernel built for it, if any
    kernel_image: str = ""      # the bootable image, in the kernel's O= folder
    compilers: tuple = COMPILERS  # the GCC releases the plugin is built with

    @property
    def cross_compile(self):
        """The kernel's CROSS_COMPILE= for this target."""
        return self.triplet + "-"

    def cc(self, compiler=DEFAULT_COMPILER):
        """The compiler command of this target for a GCC release."""
        native = self.triplet == HOST_TRIPLET
        base = "gcc" if native else self.triplet + "-gcc"
        return base if compiler == DEFAULT_COMPILER else "%s-%s" % (base, compiler)


HOST_TRIPLET = "x86_64-linux-gnu"
TARGETS = {t.triplet: t for t in (
    Target(HOST_TRIPLET),
    Target("aarch64-linux-gnu", "arm64", "arch/arm64/boot/Image"),
    # Debian 12 has GCC 11 plugin headers for these targets' cross
    # compilers neither: GCC 12 only.
    Target("powerpc64le-linux-gnu", "powerpc", "vmlinux", compilers=(DEFAULT_COMPILER,)),
    Target("riscv64-linux-gnu", "riscv", "arch/riscv/boot/Image", compilers=(DEFAULT_COMPILER,)),
)}
# The target of the survey's kernel, and of the test kernels by default.
KERNEL_TARGET = "aarch64-linux-gnu"
# The architectures of the test kernels, by their ARCH= name, in TARGETS'
# order; 'make run' and 'make check' test every one unless KARCH= names one.
KARCHS = tuple(t.kernel_arch for t in TARGETS.values() if t.kernel_arch)
DEFAULT_KARCH = TARGETS[KERNEL_TARGET].kernel_arch

# The test kernels: warning mode, and fix-up mode (qemu/fixup.config).
KERNEL_MODES = ("warn", "fixup")


class UnknownParameter(ValueError):
    pass


def check(name, value, supported):
    if value not in supported:
        raise UnknownParameter("unknown %s=%s: supported: %s" % (
            name, value, " ".join(supported)))
    return value


def target_of(karch):
    """The Target whose kernels are of architecture karch (ARCH=)."""
    return [t for t in TARGETS.values() if t.kernel_arch == karch][0]


def compiler_suffix(compiler):
    """What a compiler adds to the names of its outputs (none for GCC 12)."""
    return "" if compiler == DEFAULT_COMPILER else "-gcc" + compiler


class Layout:
    """Every path of one build directory, for one kernel version, kernel
    target and compiler."""

    def __init__(self, build=DEFAULT_BUILD, kernel=None, karch=None,
                 compiler=None, repo=REPO):
        self.repo = repo
        self.build = os.path.join(repo, build)
        self.kernel = check("KERNEL", kernel or DEFAULT_KERNEL, KERNELS)
        self.karch = check("KARCH", karch or DEFAULT_KARCH, KARCHS)
        self.target = target_of(self.karch)
        self.compiler = check("GCC", compiler or DEFAULT_COMPILER,
                              self.target.compilers)

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
        """The plugin's warnings on the test kernel of this architecture,
        reviewed by hand: kernel-warnings.txt for arm64's, and
        kernel-warnings-<arch>.txt for the others'."""
        suffix = "" if self.karch == DEFAULT_KARCH else "-" + self.karch
        return os.path.join(self.series_inputs, "kernel-warnings%s.txt" % suffix)

    @property
    def kernel_config(self):
        """The config fragment of this architecture's test kernels."""
        return os.path.join(self.repo, "qemu", self.karch + ".config")

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
    def survey_defconfig(self):
        """The whole-defconfig survey of this version, in slices (make
        survey-slice): the kernel tree the slices share, and each slice's
        folder under slices/."""
        return self._b("survey", self.kernel + "-defconfig")

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
        plugin_dirs = [t + compiler_suffix(c) for c in COMPILERS for t in TARGETS
                       if c in TARGETS[t].compilers]
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
            ("QEMU_OUT", self.qemu_dir),
            ("INIT", self.init),
            ("INITRAMFS", self.initramfs),
            ("SURVEY_DIR", self.survey),
            ("SURVEY_TRIAGE", self.survey_triage),
            ("SURVEY_DEFCONFIG_DIR", self.survey_defconfig),
            # Every version's survey, for the report that sets them side by side.
            ("SURVEY_ALL", " ".join(
                "%s=%s:%s" % (lay.kernel, lay.survey, lay.survey_triage)
                for lay in (Layout(self.build, v, repo=self.repo) for v in KERNELS))),
            ("BENCH_OUT", self.bench),
            ("BENCH_QUICK_OUT", self.bench_quick),
            ("FUZZ_DIR", self.fuzz),
            # The architecture, GCC release and compiler command of the test
            # kernels, and what make builds of them.
            ("KARCH", self.karch),
            ("KARCHS", " ".join(KARCHS)),
            ("DEFAULT_KARCH", DEFAULT_KARCH),
            ("KERNEL_CONFIG", self.kernel_config),
            ("KERNEL_CROSS", self.target.cross_compile),
            ("GCC", self.compiler),
            ("KERNEL_CC", self.target.cc(self.compiler)),
            ("KERNEL_MAKE_IMAGE", os.path.basename(self.target.kernel_image)),
        ]
        for mode in KERNEL_MODES:
            out += [("KOUT_" + mode.upper(), self.kernel_out(mode)),
                    ("KIMAGE_" + mode.upper(), self.kernel_image(mode))]
        for c in COMPILERS:
            for name, t in TARGETS.items():
                if c in t.compilers:
                    out.append(("plugin_cc." + name + compiler_suffix(c), t.cc(c)))
        return out


def current(build=None, kernel=None, compiler=None, karch=None):
    """The layout of build, kernel, compiler and architecture when given,
    else of what the environment asks for ('make' sets it for the tests
    and the harness), else the default one."""
    return Layout(build or os.environ.get(BUILD_ENV) or DEFAULT_BUILD,
                  kernel or os.environ.get(KERNEL_ENV) or None,
                  karch=karch or os.environ.get(KARCH_ENV) or None,
                  compiler=compiler or os.environ.get(GCC_ENV) or None)


def parse_assignments(args):
    """NAME=VALUE words (make's way of passing them) into a dict."""
    out = {}
    for a in args:
        name, sep, value = a.partition("=")
        if not sep or name not in ("BUILD", "KERNEL", "GCC", "KARCH"):
            raise UnknownParameter("expected BUILD=DIR, KERNEL=V, GCC=N or KARCH=A, "
                                   "not %r" % a)
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
                     karch=params.get("KARCH") or None,
                     compiler=params.get("GCC") or None, repo="")
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
