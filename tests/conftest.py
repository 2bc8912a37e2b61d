"""The 'full_matrix' marker: the targets added for issue 13 (powerpc64le and
riscv64) run at -O2 in 'make check' and at the other optimization levels
in 'make check-full' only, to keep 'make check' within CI's time.  A test
item parametrized with such a target and an optimization level other than
-O2 (its parameter "opt" or "level", or the -O of "flags") gets the
marker, and so do the tests named in FULL_ONLY_TESTS (and NOT_YET_PORTED)
for such a target at every level.  Parameter combinations that name a
plugin never built (GCC 11 for a target without GCC 11 plugin headers) are
not tests: they are deselected.
"""
import pytest

from rcuderef import layout
from rcuderef.compiler import TARGET_COMPILERS

# The targets whose other levels only 'make check-full' runs.
FULL_ONLY_TARGETS = frozenset({"powerpc64le-linux-gnu", "riscv64-linux-gnu"})
CHECK_LEVEL = "-O2"
# Kept out of 'make check' on the new targets, run by 'make check-full':
# test_fixup_computes_the_same (tests/test_fixup_run.py: static links and
# runs under QEMU's user mode, about 3 s a case), and
# test_fixup_runs_the_same (tests/test_rtl_fallback.py: the fallback cases'
# program under qemu-ppc64le/qemu-riscv64; about 0.5 s a case on this
# machine, kept here with the other QEMU user-mode runs).
FULL_ONLY_TESTS = frozenset({"test_fixup_computes_the_same", "test_fixup_runs_the_same"})
# Tests not ported yet to powerpc64le/riscv64: none.  (The seven of issue
# 13, whose expectations were written from aarch64/x86-64 code, now read
# each target's own assembly: tests/test_rtl_fallback.py through its
# checker and per-target regexes, tests/test_plugin_regressions.py's
# asm_memory_clobber.c with an asm per target.)  A test named here gets
# the full_matrix marker on those targets: kept out of 'make check',
# failing 'make check-full' until it is ported.
NOT_YET_PORTED = frozenset()


def is_full_only(params):
    """Whether a test's parameters ask for a level of a full-only target
    other than the one 'make check' runs."""
    if params.get("target") not in FULL_ONLY_TARGETS:
        return False
    opt = params.get("opt", params.get("level"))
    flags = params.get("flags")
    if opt is None and isinstance(flags, (tuple, list)):
        opt = next((f for f in flags if str(f).startswith("-O")), None)
    return opt is not None and opt != CHECK_LEVEL


def exists(params):
    """Whether the plugins a test's parameters name are built: GCC 11 only
    for the targets whose GCC 11 plugin headers Debian has."""
    releases = [params[k] for k in ("gcc", "plugin_gcc") if k in params]
    return all(gcc in TARGET_COMPILERS[params[k]]
               for gcc in releases
               for k in ("target", "other", "plugin_target")
               if params.get(k) in TARGET_COMPILERS)


# On the test kernels' other architectures (powerpc, riscv), 'make check'
# builds and boots the warning-mode kernel only (tests/test_kernel.py:
# KUnit, rcutorture, the reviewed warnings); the fix-up-mode kernel and the
# objects compared with the build without the plugin (about 15 min more on
# CI's two cores, over its 90 min with them) are 'make check-full's.
FULL_ONLY_KARCH_FILES = frozenset({"test_kernel_fixup.py", "test_kernel_objects.py"})




def pytest_collection_modifyitems(config, items):
    missing = [i for i in items
               if getattr(i, "callspec", None) and not exists(i.callspec.params)]
    if missing:
        config.hook.pytest_deselected(items=missing)
        items[:] = [i for i in items if i not in missing]
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is None:
            continue
        slow = (item.originalname in FULL_ONLY_TESTS | NOT_YET_PORTED
                and callspec.params.get("target") in FULL_ONLY_TARGETS)
        if slow or is_full_only(callspec.params):
            item.add_marker(pytest.mark.full_matrix)
    if layout.current().karch != layout.DEFAULT_KARCH:
        for item in items:
            if item.fspath.basename in FULL_ONLY_KARCH_FILES:
                item.add_marker(pytest.mark.full_matrix)
