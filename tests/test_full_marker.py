"""The 'full_matrix' marker (tests/conftest.py): which tests 'make check' leaves
to 'make check-full'."""
import subprocess
import sys

from tests import conftest

PPC, RV, A64 = "powerpc64le-linux-gnu", "riscv64-linux-gnu", "aarch64-linux-gnu"


def test_levels_of_the_new_targets_other_than_o2():
    assert conftest.is_full_only({"target": PPC, "opt": "-O3"})
    assert conftest.is_full_only({"target": RV, "level": "-O1"})
    assert conftest.is_full_only({"target": RV, "flags": ("-Os", "-g")})
    assert conftest.is_full_only({"target": PPC, "opt": "-O0"})
    assert not conftest.is_full_only({"target": PPC, "opt": "-O2"})
    assert not conftest.is_full_only({"target": RV, "flags": ("-O2", "-g")})
    assert not conftest.is_full_only({"target": PPC})
    assert not conftest.is_full_only({"target": A64, "opt": "-O3"})
    assert not conftest.is_full_only({"opt": "-O3"})


def test_collection_marks_them():
    """Collected for real: test_corpus's verdicts at -O3 are full for
    powerpc64le and not for aarch64; test_fixup_run is full for riscv64 at
    -O2 too."""
    def collected(marker, expr):
        r = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only",
                            "-p", "no:cacheprovider", "-m", marker, "-k", expr,
                            "tests/test_corpus.py", "tests/test_fixup_run.py"],
                           capture_output=True, text=True)
        return [line for line in r.stdout.splitlines() if "::" in line]
    full = collected("full_matrix", "eq_subst_hazard")
    assert "tests/test_corpus.py::test_verdict_matches_assembly[eq_subst_hazard.c-%s--O3]" % PPC in full
    # aarch64 and x86-64: only GCC 11's other levels.
    assert not [t for t in full if (A64 in t or "x86_64" in t) and "gcc11" not in t]
    assert not [t for t in full if "test_corpus" in t and "-O2]" in t]
    assert "tests/test_fixup_run.py::test_fixup_computes_the_same[eq_subst_hazard.c-%s--O2]" % RV in full
