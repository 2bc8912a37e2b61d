"""The build layout (rcuderef/layout.py): the paths README.md documents, the
Makefile's view of them, each supported kernel's inputs, and the refusal
of an unknown kernel version before anything is made."""
import os
import subprocess

import pytest

from qemu.harness import kbuild
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


def test_documented_kernel_targets():
    """The test kernels' architectures, their compilers and images, as
    README.md names them (written here by hand)."""
    assert list(layout.KERNEL_TARGETS) == ["arm64", "powerpc", "riscv"]
    assert layout.DEFAULT_KARCH == "arm64"
    b = os.path.join(REPO, "b")
    ppc = layout.Layout("b", "6.12", karch="powerpc")
    assert ppc.kernel_cross == "powerpc64le-linux-gnu-"
    assert ppc.kernel_goal == "vmlinux"
    assert ppc.kernel_image("warn") == b + "/qemu/6.12/powerpc/kernel-warn/vmlinux"
    assert ppc.initramfs == b + "/qemu/6.12/powerpc/initramfs.cpio"
    rv = layout.Layout("b", "6.12", karch="riscv")
    assert rv.kernel_cross == "riscv64-linux-gnu-"
    assert rv.kernel_goal == "Image"
    assert rv.kernel_image("fixup") == b + "/qemu/6.12/riscv/kernel-fixup/arch/riscv/boot/Image"
    assert rv.kernel_off == b + "/kernel-off/6.12/riscv"
    assert layout.Layout("b").karch == "arm64"
    assert layout.Layout("b", "6.12").reviewed_warnings == \
        REPO + "/kernel-integration/6.12/kernel-warnings.txt"
    assert ppc.reviewed_warnings == REPO + "/kernel-integration/6.12/kernel-warnings-powerpc.txt"


def test_unknown_karch_refused(tmp_path):
    with pytest.raises(layout.UnknownParameter, match="supported: arm64 powerpc riscv"):
        layout.Layout(karch="mips")
    build = tmp_path / "b"
    r = make("kernel", "KARCH=mips", "BUILD=" + str(build))
    assert r.returncode != 0
    assert "unknown KARCH=mips: supported: arm64 powerpc riscv" in r.stderr
    assert not build.exists()


@pytest.mark.parametrize("version", layout.KERNELS)
def test_every_supported_kernel_has_its_inputs(version):
    inputs = layout.Layout(kernel=version).series_inputs
    patches = sorted(os.listdir(os.path.join(inputs, "patches")))
    assert patches and all(p.endswith(".patch") for p in patches)
    assert os.path.isfile(os.path.join(inputs, "cover-letter.txt"))
    for karch in layout.KARCHS_OF[version]:
        assert os.path.isfile(layout.Layout(kernel=version, karch=karch).reviewed_warnings), karch


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
    for karch in layout.KERNEL_TARGETS:
        r = make("-n", "run", "BUILD=" + build, "KARCH=" + karch)
        assert r.returncode == 0, r.stderr
        lay = layout.Layout(build)
        assert "mk/kernel-tree.sh %s %s\n" % (lay.kernel_src, lay.kernel) in r.stdout
        lay = layout.Layout(build, karch=karch)
        assert "ARCH=%s CROSS_COMPILE=%s KERNEL_GOAL=%s nice -n 19 qemu/build-kernel.sh %s %s\n" % (
            karch, lay.kernel_cross, lay.kernel_goal, lay.kernel_src,
            lay.kernel_out("warn")) in r.stdout
        assert "%sgcc -static -O2 -Wall -o %s qemu/init.c\n" % (
            lay.kernel_cross, lay.init) in r.stdout
        assert "qemu.harness run --build %s --kernel %s --karch %s\n" % (
            build, lay.kernel, karch) in r.stdout
    assert not os.path.exists(build)


def test_make_run_one_karch(tmp_path):
    """'make run KARCH=riscv' builds and boots the riscv kernels only."""
    build = str(tmp_path / "b")
    r = make("-n", "run", "BUILD=" + build, "KARCH=riscv")
    assert r.returncode == 0, r.stderr
    assert "--karch riscv\n" in r.stdout
    assert "--karch arm64" not in r.stdout and "--karch powerpc" not in r.stdout
    assert "ARCH=arm64 " not in r.stdout


def test_harness_builds_where_it_reads(monkeypatch):
    """kbuild.build() makes the kernel in the build directory it then reads
    from: it passes BUILD and KERNEL through to make."""
    calls = []
    monkeypatch.setattr(kbuild.subprocess, "run", lambda cmd, **kw: calls.append(cmd))
    monkeypatch.setattr(kbuild, "_built", set())
    lay = layout.Layout("/elsewhere/b")
    kb, initrd = kbuild.build(lay, mode="fixup")
    assert calls == [["make", "-s", "-C", REPO, "kernel-fixup", "initramfs",
                      "BUILD=/elsewhere/b", "KERNEL=" + layout.DEFAULT_KERNEL, "KARCH=arm64"]]
    assert kb.out == "/elsewhere/b/qemu/%s/arm64/kernel-fixup" % layout.DEFAULT_KERNEL
    assert initrd.startswith("/elsewhere/b/")


def test_default_kernel_is_the_newest():
    """What a kernel developer expects 'make run' to boot: the newest
    supported version (written here by hand)."""
    assert layout.DEFAULT_KERNEL == "6.12"
    assert layout.Layout().kernel == "6.12"


@pytest.mark.parametrize("asked, tested", [((), ("6.1", "6.12")), (("KERNEL=6.1",), ("6.1",))])
def test_make_check_runs_the_kernel_tests_per_version(tmp_path, asked, tested):
    """'make check' runs the per_kernel tests for every version, or for the
    one KERNEL= names, and the per_target ones for each version's
    architectures (written here by hand: arm64 for both, powerpc and
    riscv not yet)."""
    r = make("-n", "check", "BUILD=" + str(tmp_path / "b"), *asked)
    assert r.returncode == 0, r.stderr
    assert "pytest -m 'not per_kernel' tests\n" in r.stdout
    karchs = {"6.1": ["arm64"], "6.12": ["arm64"]}
    runs = [line for line in r.stdout.splitlines() if line.startswith("RCU_DEREF_KERNEL=")]
    expected = []
    for v in tested:
        expected.append("RCU_DEREF_KERNEL=%s /usr/bin/python3 -m pytest "
                        "-m 'per_kernel and not per_target' tests" % v)
        expected += ["RCU_DEREF_KERNEL=%s RCU_DEREF_KARCH=%s /usr/bin/python3 -m pytest "
                     "-m per_target tests" % (v, a) for a in karchs[v]]
    assert runs == expected


def test_make_check_one_karch(tmp_path):
    """KARCH= runs the per_target tests of that architecture, in every
    version."""
    r = make("-n", "check", "BUILD=" + str(tmp_path / "b"), "KARCH=powerpc")
    assert r.returncode == 0, r.stderr
    runs = [line for line in r.stdout.splitlines() if "RCU_DEREF_KARCH=" in line]
    assert runs == ["RCU_DEREF_KERNEL=%s RCU_DEREF_KARCH=powerpc /usr/bin/python3 -m pytest "
                    "-m per_target tests" % v for v in layout.KERNELS]


def test_version_dependent_test_modules_are_per_kernel():
    """A test module that reads the kernel version from the layout, or uses
    the fixtures of a module that does, is marked per_kernel, so that 'make
    check' runs it for every version and not for the default alone."""
    tests = os.path.join(REPO, "tests")
    texts = {}
    for name in sorted(os.listdir(tests)):
        if name.startswith("test_") and name.endswith(".py") \
                and name != os.path.basename(__file__):
            with open(os.path.join(tests, name)) as f:
                texts[name[:-3]] = f.read()
    dependent = {m for m, text in texts.items() if "layout.current()" in text}
    grown = True
    while grown:
        users = {m for m, text in texts.items()
                 if any("from tests import %s" % d in text or "from tests.%s import" % d in text
                        for d in dependent)}
        grown = not users <= dependent
        dependent |= users
    for m in sorted(dependent):
        assert "\npytestmark = pytest.mark.per_kernel\n" in texts[m] or \
            "\npytestmark = [pytest.mark.per_kernel, pytest.mark.per_target]\n" in texts[m], m
    assert dependent >= {"test_kernel", "test_kernel_fixup", "test_kernel_objects",
                         "test_series", "test_docs"}


def test_kernel_test_modules_are_per_target():
    """A test module that builds or boots a test kernel (through the
    harness's kbuild or boot) runs once per architecture."""
    tests = os.path.join(REPO, "tests")
    found = []
    for name in sorted(os.listdir(tests)):
        if not (name.startswith("test_") and name.endswith(".py")) \
                or name == os.path.basename(__file__):
            continue
        with open(os.path.join(tests, name)) as f:
            text = f.read()
        if "kbuild.build(" in text or "boot.boot(" in text or "from tests import test_kernel\n" in text \
                or "from tests.test_kernel import" in text:
            assert "\npytestmark = [pytest.mark.per_kernel, pytest.mark.per_target]\n" in text, name
            found.append(name)
    assert set(found) >= {"test_kernel.py", "test_kernel_fixup.py", "test_kernel_objects.py"}
