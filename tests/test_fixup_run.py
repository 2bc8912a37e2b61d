"""Differential runs: each corpus case's reader, driven by a small main(),
computes the same results with and without fix-up mode, on the host
(x86_64) and for arm64, powerpc64le and riscv64 under QEMU's user mode
(qemu-aarch64, qemu-ppc64le, qemu-riscv64)."""
import re
import shutil
import subprocess

import pytest

from rcuderef.compiler import ENV, QEMU_USER, TARGETS, plugin_path
from tests import corpus

REFUSED = {"merge_before_head_hazard.c"}
CASES = [c for c in corpus.cases() if c not in REFUSED]
# Readers that dereference a global pointer the case leaves NULL: the
# driver sets nothing up, so they fault, with and without the plugin alike.
NULL_READERS = {"chain_hazard.c", "chain_safe.c", "cmp_other_hazard.c",
                "cmp_other_safe.c", "ptr_add_sub_safe.c",
                # and the two that load through a pointer read from a global
                # the driver leaves NULL (or the literal address it tests).
                "const_addr_phi_hazard.c", "const_addr_phi_safe.c",
                "rtl_breaks_field_cmp_hazard.c", "rtl_breaks_field_cmp_safe.c",
                "rtl_breaks_global_cmp_hazard.c", "rtl_breaks_global_cmp_safe.c",
                "rtl_restores_sentinel_loop_hazard.c"}
DRIVER = """#include <stdio.h>
%s reader(%s);
int main(void)
{
	long k;

	for (k = -1; k < 4; k++)
		printf("%%ld\\n", (long)reader(%s));
	return 0;
}
"""


# What the cases leave to another file, defined for the driver (read from
# their declarations): the default object and a getter of it.
EXTERNS = {
    "rtl_restores_extern_eq": "struct foo { int a; int b; };\n"
                              "struct foo default_struct;\n"
                              "struct foo *gp = &default_struct;\n",
    "rtl_breaks_call_cmp": "struct foo { int a; int b; int c; };\n"
                           "static struct foo default_foo;\n"
                           "struct foo *get_default(void) { return &default_foo; }\n"
                           "extern struct foo *gp;\n"
                           "__attribute__((constructor)) static void set_gp(void)\n"
                           "{ gp = &default_foo; }\n",
}


# For a case whose entry is a writer, "void name(void)": call it, print 0.
VOID_DRIVER = """#include <stdio.h>
void %s(void);
int main(void)
{
	long k;
	for (k = -1; k < 4; k++) {
		%s();
		printf("0\\n");
	}
	return 0;
}
"""


def driver_for(case):
    with open(corpus.case_path(case)) as f:
        text = f.read()
    m = re.search(r"^(int|long) reader\((.*)\)", text, re.M)
    if not m:
        name = re.search(r"^void (\w+)\(void\)", text, re.M).group(1)
        return VOID_DRIVER % (name, name)
    rettype, params = m.group(1), m.group(2).strip()
    externs = EXTERNS.get(case.rsplit("_", 1)[0], "")
    if params == "void":
        return externs + DRIVER % (rettype, "void", "")
    return externs + DRIVER % (rettype, params, "k")


@pytest.mark.parametrize("case", CASES)
def test_every_case_has_a_driver(case):
    """Each case's entry is one the drivers know how to call (no compiler
    needed: a new case with another signature fails here, not in a run)."""
    driver = driver_for(case)
    assert "int main(void)" in driver


def build_and_run(case, target, opt, tmp_path, fixup):
    driver = tmp_path / "main.c"
    driver.write_text(driver_for(case))
    exe = tmp_path / ("fixup" if fixup else "plain")
    case_obj = tmp_path / (exe.name + ".o")
    cc = TARGETS[target]
    cmd = [cc, opt, "-c", "-I", corpus.INCLUDE, "-o", str(case_obj),
           corpus.case_path(case)]
    if fixup:
        cmd += ["-fplugin=" + plugin_path(target),
                "-fplugin-arg-rcu_deref_plugin-mode=fixup"]
    subprocess.run(cmd, check=True, capture_output=True, env=ENV)
    subprocess.run([cc, "-O1", "-static", "-o", str(exe), str(driver), str(case_obj)],
                   check=True, capture_output=True, env=ENV)
    run = [str(exe)] if target == "x86_64-linux-gnu" else [shutil.which(QEMU_USER[target]), str(exe)]
    r = subprocess.run(run, capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout


@pytest.mark.parametrize("opt", corpus.LEVELS)
@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("case", CASES)
def test_fixup_computes_the_same(case, target, opt, tmp_path):
    if target != "x86_64-linux-gnu":
        assert shutil.which(QEMU_USER[target]), "%s (Debian's qemu-user) is missing" % QEMU_USER[target]
    plain = build_and_run(case, target, opt, tmp_path, fixup=False)
    fixed = build_and_run(case, target, opt, tmp_path, fixup=True)
    assert fixed == plain
    if case in NULL_READERS:
        assert plain[0] != 0, "NULL_READERS entry is stale"
    else:
        assert plain[0] == 0 and plain[1].count("\n") == 5
