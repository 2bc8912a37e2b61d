"""The 'full' marker: the targets added for issue 13 (powerpc64le and
riscv64) run at -O2 in 'make check' and at the other optimization levels
in 'make check-full' only, to keep 'make check' within CI's time.  A test
item parametrized with such a target and an optimization level other than
-O2 gets the marker."""
import pytest

# The targets whose other levels only 'make check-full' runs.
FULL_ONLY_TARGETS = frozenset({"powerpc64le-linux-gnu", "riscv64-linux-gnu"})
CHECK_LEVEL = "-O2"


def is_full_only(params):
    """Whether a test's parameters ask for a level of a full-only target
    other than the one 'make check' runs."""
    target = params.get("target")
    opt = params.get("opt")
    return target in FULL_ONLY_TARGETS and opt is not None and opt != CHECK_LEVEL


def pytest_collection_modifyitems(items):
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and is_full_only(callspec.params):
            item.add_marker(pytest.mark.full)
