"""The build layout (rcuderef/layout.py): the paths README.md documents, the
Makefile's view of them, each supported kernel's inputs, and the refusal
of an unknown kernel version before anything is made."""
import os
import re
import subprocess

import pytest

from qemu.harness import boot, kbuild
from rcuderef import layout

REPO = layout.REPO


def test_documented_paths():
    """The paths as README.md's "Build output" names them, written here by
    hand, for a build directory given relative to the repository."""
    lay = layout.Layout("b", "6.1")
    b = os.path.join(REPO, "b")
    assert lay.kernel_src == b + "/kernel/6.1/src"
    assert lay.series_out == b + "/kernel-integration/6.1/patches"
    assert lay.series_inputs == REPO + "/kernel-integration/6.1"
    assert lay.plugin("aarch64-linux-gnu") == b + "/plugin/aarch64-linux-gnu/rcu_deref_plugin.so"
    assert lay.kernel_image("fixup") == \
        b + "/qemu/6.1/arm64/kernel-fixup/arch/arm64/boot/Image"
    assert lay.initramfs == b + "/qemu/6.1/arm64/initramfs.cpio"
    assert layout.Layout("/abs/b").kernel_src.startswith("/abs/b/kernel/")


@pytest.mark.parametrize("version", layout.KERNELS)
def test_every_supported_kernel_has_its_inputs(version):
    inputs = layout.Layout(kernel=version).series_inputs
    patches = sorted(os.listdir(os.path.join(inputs, "patches")))
    assert patches and all(p.endswith(".patch") for p in patches)
    assert os.path.isfile(os.path.join(inputs, "cover-letter.txt"))
    assert os.path.isfile(os.path.join(inputs, "kernel-warnings.txt"))


def test_unknown_kernel_refused():
    with pytest.raises(layout.UnknownParameter, match="supported: 6.1"):
        layout.Layout(kernel="9.9")


def make(*args):
    return subprocess.run(["make", "-s", "-C", REPO] + list(args),
                          capture_output=True, text=True)


def test_make_refuses_unknown_kernel_before_making_anything(tmp_path):
    build = tmp_path / "b"
    r = make("series", "KERNEL=9.9", "BUILD=" + str(build))
    assert r.returncode != 0
    assert "unknown KERNEL=9.9: supported: " + " ".join(layout.KERNELS) in r.stderr
    assert not build.exists()


def test_make_takes_its_paths_from_the_layout(tmp_path):
    """What make would run for 'run' (make -n) names the layout's paths,
    for a build directory elsewhere."""
    build = str(tmp_path / "b")
    r = make("-n", "run", "BUILD=" + build)
    assert r.returncode == 0, r.stderr
    lay = layout.Layout(build)
    assert "mk/kernel-tree.sh %s %s\n" % (lay.kernel_src, lay.kernel) in r.stdout
    # The kernels and init of every architecture, then their boots.
    for karch in layout.KARCHS:
        lay = layout.Layout(build, karch=karch)
        assert "qemu/build-kernel.sh %s %s\n" % (lay.kernel_src, lay.kernel_out("warn")) \
            in r.stdout
        assert "%sgcc -static -O2 -Wall -o %s qemu/init.c\n" % (
            lay.target.cross_compile, lay.init) in r.stdout
    assert "qemu.harness run --build %s --kernel %s %s\n" % (
        build, lay.kernel, " ".join("--karch " + a for a in layout.KARCHS)) in r.stdout
    assert not os.path.exists(build)


def test_make_run_karch_builds_and_boots_one_architecture(tmp_path):
    build = str(tmp_path / "b")
    r = make("-n", "run", "KARCH=riscv", "BUILD=" + build)
    assert r.returncode == 0, r.stderr
    lay = layout.Layout(build, karch="riscv")
    assert ("KERNEL_ARCH=riscv KERNEL_CROSS=riscv64-linux-gnu- KERNEL_CC=riscv64-linux-gnu-gcc "
            "KERNEL_MAKE_IMAGE=Image nice -n 19 qemu/build-kernel.sh %s %s\n" % (
                lay.kernel_src, lay.kernel_out("warn"))) in r.stdout
    assert "KERNEL_ARCH=arm64" not in r.stdout and "KERNEL_ARCH=powerpc" not in r.stdout
    assert "qemu.harness run --build %s --kernel %s --karch riscv\n" % (
        build, lay.kernel) in r.stdout


def test_harness_builds_where_it_reads(monkeypatch):
    """kbuild.build() makes the kernel in the build directory it then reads
    from: it passes BUILD and KERNEL through to make."""
    calls = []
    monkeypatch.setattr(kbuild.subprocess, "run", lambda cmd, **kw: calls.append(cmd))
    monkeypatch.setattr(kbuild, "_built", set())
    lay = layout.Layout("/elsewhere/b")
    kb, initrd = kbuild.build(lay, mode="fixup")
    assert calls == [["make", "-s", "-C", REPO, "kernel-fixup", "initramfs",
                      "BUILD=/elsewhere/b", "KERNEL=" + layout.DEFAULT_KERNEL,
                      "KARCH=arm64", "GCC=12"]]
    assert kb.out == "/elsewhere/b/qemu/%s/arm64/kernel-fixup" % layout.DEFAULT_KERNEL
    assert initrd.startswith("/elsewhere/b/")


def test_default_kernel_is_the_newest():
    """What a kernel developer expects 'make run' to boot: the newest
    supported version (written here by hand)."""
    assert layout.DEFAULT_KERNEL == "6.12"
    assert layout.Layout().kernel == "6.12"


@pytest.mark.parametrize("asked, tested", [((), "6.1 6.12"), (("KERNEL=6.1",), "6.1")])
def test_make_check_runs_the_kernel_tests_per_version(tmp_path, asked, tested):
    """'make check' runs the per_kernel tests for every version, or for the
    one KERNEL= names."""
    r = make("-n", "check", "BUILD=" + str(tmp_path / "b"), *asked)
    assert r.returncode == 0, r.stderr
    assert "pytest -m 'not per_kernel and not full_matrix' tests\n" in r.stdout
    assert "for v in %s; do" % tested in r.stdout
    assert ("RCU_DEREF_KERNEL=$v /usr/bin/python3 -m pytest "
            "-m 'per_kernel and not full_matrix' tests;") in r.stdout
    # The other architectures, on KERNEL (default: the newest).
    assert "for a in powerpc riscv; do" in r.stdout
    assert ("RCU_DEREF_KARCH=$a /usr/bin/python3 -m pytest "
            "-m 'per_karch and not full_matrix' tests;") in r.stdout


def test_make_check_karch_tests_one_architecture(tmp_path):
    """'make check KARCH=riscv' runs the per_kernel tests on riscv's test
    kernels, for every version, and no other architecture."""
    r = make("-n", "check", "KARCH=riscv", "BUILD=" + str(tmp_path / "b"))
    assert r.returncode == 0, r.stderr
    assert "for v in 6.1 6.12; do" in r.stdout
    assert "for a in ; do" in r.stdout


def test_make_check_full_runs_the_full_matrix_and_the_gcc11_kernel(tmp_path):
    r = make("-n", "check-full", "BUILD=" + str(tmp_path / "b"))
    assert r.returncode == 0, r.stderr
    assert "pytest -m 'full_matrix and not per_kernel' tests\n" in r.stdout
    # The other architectures on the other versions.
    assert "for a in powerpc riscv; do" in r.stdout and "for v in 6.1 6.12; do" in r.stdout
    assert ("if [ $v = 6.12 ]; then m='per_karch and full_matrix'; else m=per_karch; fi;"
            in r.stdout)
    assert "RCU_DEREF_KARCH=$a RCU_DEREF_KERNEL=$v /usr/bin/python3 -m pytest -m \"$m\" tests;" \
        in r.stdout
    assert "RCU_DEREF_GCC=11 RCU_DEREF_KARCH=arm64 /usr/bin/python3 -m pytest -m per_kernel " \
        "tests/test_kernel.py" \
        in r.stdout


def test_gcc11_layout():
    """GCC 11's plugins and test kernels, as README.md names them (written
    here by hand)."""
    lay = layout.Layout("b", "6.12", compiler="11")
    b = os.path.join(REPO, "b")
    assert lay.plugin("aarch64-linux-gnu") == \
        b + "/plugin/aarch64-linux-gnu-gcc11/rcu_deref_plugin.so"
    assert lay.plugin("x86_64-linux-gnu", compiler="12") == \
        b + "/plugin/x86_64-linux-gnu/rcu_deref_plugin.so"
    assert lay.kernel_out("warn") == b + "/qemu/6.12/arm64-gcc11/kernel-warn"
    assert lay.target.cc("11") == "aarch64-linux-gnu-gcc-11"
    assert layout.TARGETS["x86_64-linux-gnu"].cc("11") == "gcc-11"


def test_make_builds_every_plugin_and_the_gcc11_kernel(tmp_path):
    """'make' builds the plugins of both GCC releases; GCC=11 builds the
    test kernel with aarch64-linux-gnu-gcc-11 in its own folder."""
    build = str(tmp_path / "b")
    r = make("-n", "plugins", "BUILD=" + build)
    assert r.returncode == 0, r.stderr
    for d in ("x86_64-linux-gnu", "aarch64-linux-gnu", "x86_64-linux-gnu-gcc11",
              "aarch64-linux-gnu-gcc11", "powerpc64le-linux-gnu", "riscv64-linux-gnu"):
        assert "-o %s/plugin/%s/rcu_deref_plugin.so.tmp" % (build, d) in r.stdout
    assert "$(aarch64-linux-gnu-gcc-11 -print-file-name=plugin)/include" in r.stdout
    r = make("-n", "kernel-warn", "GCC=11", "BUILD=" + build)
    assert r.returncode == 0, r.stderr
    lay = layout.Layout(build, compiler="11")
    assert ("KERNEL_CC=aarch64-linux-gnu-gcc-11 KERNEL_MAKE_IMAGE=Image "
            "nice -n 19 qemu/build-kernel.sh %s %s\n" % (
                lay.kernel_src, lay.kernel_out("warn"))) in r.stdout
    assert not os.path.exists(build)


def test_make_refuses_unknown_gcc(tmp_path):
    r = make("-n", "plugins", "GCC=9", "BUILD=" + str(tmp_path / "b"))
    assert r.returncode != 0
    assert "unknown GCC=9: supported: 12 11" in r.stderr


def module_texts():
    """{module name: source} of the test modules but this one."""
    tests = os.path.join(REPO, "tests")
    texts = {}
    for name in sorted(os.listdir(tests)):
        if name.startswith("test_") and name.endswith(".py") \
                and name != os.path.basename(__file__):
            with open(os.path.join(tests, name)) as f:
                texts[name[:-3]] = f.read()
    return texts


def importers(texts, modules):
    """The test modules that import one of modules (their fixtures)."""
    return {m for m, text in texts.items()
            if any("from tests import %s" % d in text or "from tests.%s import" % d in text
                   for d in modules)}


def test_version_dependent_test_modules_are_per_kernel():
    """A test module that reads the kernel version from the layout, or uses
    the fixtures of a module that does, is marked per_kernel, so that 'make
    check' runs it for every version and not for the default alone."""
    texts = module_texts()
    dependent = {m for m, text in texts.items() if "layout.current()" in text}
    grown = True
    while grown:
        users = importers(texts, dependent)
        grown = not users <= dependent
        dependent |= users
    for m in sorted(dependent):
        assert re.search(r"\npytestmark = .*pytest\.mark\.per_kernel\b", texts[m]), m
    assert dependent >= {"test_kernel", "test_kernel_fixup", "test_kernel_objects",
                         "test_series", "test_docs"}


def test_every_module_of_the_test_kernels_is_per_karch():
    """A test module that builds or boots the test kernels (or uses the
    fixtures of one that does) is marked per_karch, so that 'make check'
    runs it for every architecture."""
    texts = module_texts()
    direct = {m for m, text in texts.items() if "kbuild.build(" in text or "boot.boot(" in text}
    users = importers(texts, direct)
    assert direct | users >= {"test_kernel", "test_kernel_fixup", "test_kernel_objects"}
    for m in sorted(direct | users):
        assert re.search(r"\npytestmark = .*pytest\.mark\.per_karch\b", texts[m]), m


def test_karch_layout():
    """Each architecture's test kernels, as README.md names them (written
    here by hand)."""
    b = os.path.join(REPO, "b")
    ppc = layout.Layout("b", "6.12", karch="powerpc")
    assert ppc.kernel_image("warn") == b + "/qemu/6.12/powerpc/kernel-warn/vmlinux"
    assert ppc.init == b + "/qemu/6.12/powerpc/init"
    assert ppc.target.cc() == "powerpc64le-linux-gnu-gcc"
    assert ppc.kernel_config == REPO + "/qemu/powerpc.config"
    assert ppc.reviewed_warnings == REPO + "/kernel-integration/6.12/kernel-warnings-powerpc.txt"
    rv = layout.Layout("b", "6.1", karch="riscv")
    assert rv.kernel_image("fixup") == b + "/qemu/6.1/riscv/kernel-fixup/arch/riscv/boot/Image"
    assert rv.target.cross_compile == "riscv64-linux-gnu-"
    assert layout.Layout("b").karch == "arm64"
    assert layout.Layout("b").reviewed_warnings == \
        REPO + "/kernel-integration/6.12/kernel-warnings.txt"
    assert layout.KARCHS == ("arm64", "powerpc", "riscv")


@pytest.mark.parametrize("karch", layout.KARCHS)
def test_every_karch_has_its_inputs(karch):
    """A config fragment, a QEMU machine, and for every version a file of
    reviewed warnings."""
    assert os.path.isfile(layout.Layout(karch=karch).kernel_config)
    assert karch in boot.MACHINES
    for v in layout.KERNELS:
        assert os.path.isfile(layout.Layout(kernel=v, karch=karch).reviewed_warnings)


def test_unknown_karch_refused():
    with pytest.raises(layout.UnknownParameter,
                       match="unknown KARCH=x86: supported: arm64 powerpc riscv"):
        layout.Layout(karch="x86")
    # GCC 11 has no plugin headers for powerpc64le nor riscv64 in Debian 12.
    with pytest.raises(layout.UnknownParameter, match="unknown GCC=11: supported: 12"):
        layout.Layout(karch="riscv", compiler="11")


def test_make_refuses_unknown_karch_before_making_anything(tmp_path):
    build = tmp_path / "b"
    r = make("run", "KARCH=x86", "BUILD=" + str(build))
    assert r.returncode != 0
    assert "unknown KARCH=x86: supported: arm64 powerpc riscv" in r.stderr
    assert not build.exists()


# The fragments of qemu/ that are neither an architecture's nor a
# version's of one (qemu/kconfig.sh, qemu/qemu.mk).
OTHER_FRAGMENTS = {"common.config", "fixup.config", "option-off.config"}


def version_fragments():
    """{(karch, version): path} of qemu/<karch>-<V>.config, and the names
    of the other fragments that are no architecture's."""
    qemu = os.path.join(REPO, "qemu")
    found, strays = {}, []
    for name in sorted(os.listdir(qemu)):
        if not name.endswith(".config") or name in OTHER_FRAGMENTS \
                or name[:-len(".config")] in layout.KARCHS:
            continue
        karch, _, version = name[:-len(".config")].partition("-")
        if karch in layout.KARCHS and version in layout.KERNELS:
            found[karch, version] = os.path.join(qemu, name)
        else:
            strays.append(name)
    return found, strays


def test_version_fragments_name_an_architecture_and_a_version():
    """Every qemu/<A>-<V>.config names a test kernel architecture and a
    supported version (a misnamed one would silently never be read); the
    riscv kernel's ISA fallback is 6.12's (6.1's Kconfig has no such
    option), 6.1's interrupt controller 6.1's (6.12 selects it)."""
    found, strays = version_fragments()
    assert strays == []
    with open(found["riscv", "6.12"]) as f:
        assert "CONFIG_RISCV_ISA_FALLBACK=y\n" in f.read()
    with open(found["riscv", "6.1"]) as f:
        assert "CONFIG_SIFIVE_PLIC=y\n" in f.read()
    for name in ("common.config", "riscv.config"):
        with open(os.path.join(REPO, "qemu", name)) as f:
            text = f.read()
        assert "RISCV_ISA_FALLBACK" not in text and "SIFIVE_PLIC" not in text


def kconfig_fragments(tmp_path, karch, makefile):
    """The fragments qemu/kconfig.sh gives a kernel tree whose Makefile
    is makefile: $arch_fragments, as build-kernel.sh and build-objects.sh
    configure it."""
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "Makefile").write_text(makefile)
    script = ('src=%s; out=%s; . %s/qemu/kconfig.sh; echo "$arch_fragments"'
              % (src, tmp_path / "out", REPO))
    r = subprocess.run(["sh", "-c", script, os.path.join(REPO, "qemu", "build-kernel.sh")],
                       env=dict(os.environ, KERNEL_ARCH=karch, KERNEL_CROSS="x-"),
                       capture_output=True, text=True)
    return r.returncode, r.stdout.split(), r.stderr


@pytest.mark.parametrize("karch", layout.KARCHS)
@pytest.mark.parametrize("version", layout.KERNELS)
def test_kconfig_adds_the_version_fragment(tmp_path, karch, version):
    """qemu/kconfig.sh reads the version from the tree's Makefile (a
    Debian tree's SUBLEVEL is ignored) and adds qemu/<A>-<V>.config when
    there is one, after the architecture's fragment."""
    major, minor = version.split(".")
    rc, fragments, err = kconfig_fragments(
        tmp_path, karch, "# SPDX\nVERSION = %s\nPATCHLEVEL = %s\nSUBLEVEL = 192\n"
        "EXTRAVERSION =\nNAME = x\n" % (major, minor))
    assert rc == 0, err
    qemu = os.path.join(REPO, "qemu")
    expected = [os.path.join(qemu, "common.config"), os.path.join(qemu, karch + ".config")]
    found, _ = version_fragments()
    if (karch, version) in found:
        expected.append(found[karch, version])
    assert fragments == expected
    if karch == "riscv":
        assert fragments[-1] == os.path.join(qemu, "riscv-%s.config" % version)


def test_kconfig_refuses_a_tree_without_version(tmp_path):
    rc, _, err = kconfig_fragments(tmp_path, "riscv", "all:\n")
    assert rc != 0
    assert "kconfig.sh: no VERSION and PATCHLEVEL in" in err


def test_make_rebuilds_the_kernel_when_its_version_fragment_changes(tmp_path):
    """qemu/qemu.mk makes the test kernel depend on its version's fragment
    (and only on its own version's)."""
    build = str(tmp_path / "b")
    found, _ = version_fragments()
    for (karch, version), path in found.items():
        r = make("-p", "-n", "kernel-warn", "KARCH=" + karch, "KERNEL=" + version,
                 "BUILD=" + build)
        assert r.returncode == 0, r.stderr
        lay = layout.Layout(build, version, karch=karch)
        rule = [line for line in r.stdout.splitlines()
                if line.startswith(lay.kernel_image("warn") + ":")]
        assert rule, "no rule for the kernel image"
        deps = rule[0].split(":", 1)[1].split()
        assert os.path.relpath(path, REPO) in deps
        others = [os.path.relpath(p, REPO) for (a, v), p in found.items() if v != version]
        assert not set(others) & set(deps)
    assert not os.path.exists(build)


def test_survey_defconfig_folder():
    lay = layout.Layout("/b", "6.12", repo="/r")
    assert lay.survey_defconfig == "/b/survey/6.12-defconfig"
    assert ("SURVEY_DEFCONFIG_DIR", "/b/survey/6.12-defconfig") in lay.make_vars()
