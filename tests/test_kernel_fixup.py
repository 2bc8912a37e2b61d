"""The test kernel in fix-up mode (CONFIG_GCC_PLUGIN_RCU_DEREF_MODE_FIXUP):
it builds with the same warnings as in warning mode, boots in QEMU, its
self-test and rcutorture pass, and its boot report of protected sites
lists exactly the sites that its build's "fix-up:" notes name."""
import collections
import os
import re
import subprocess

import pytest

from qemu.harness import fixups, kbuild
from rcuderef import diagnostics, elf, layout
from tests.test_kernel import (SELFTEST, SELFTEST_CASES, boot_with_torture,
                               check_boot, check_selftest, check_torture)

pytestmark = [pytest.mark.per_kernel, pytest.mark.per_target]

SRC = layout.current().kernel_src
MODE_FLAG = "-fplugin-arg-rcu_deref_plugin-mode=fixup"


@pytest.fixture(scope="session")
def fixup_kernel():
    """The fix-up kernel; making it also brings the warning-mode kernel up
    to date, so that both were built from the same series."""
    return kbuild.build(mode="fixup")


@pytest.fixture(scope="session")
def fixup_log(fixup_kernel):
    with open(fixup_kernel[0].log) as f:
        return f.read()


@pytest.fixture(scope="session")
def fixup_err(fixup_kernel):
    with open(fixup_kernel[0].err) as f:
        return f.read()


@pytest.fixture(scope="session")
def fixup_booted(fixup_kernel, tmp_path_factory):
    return boot_with_torture(fixup_kernel, tmp_path_factory, "boot-fixup")


@pytest.fixture(scope="session")
def built_sites(fixup_err):
    return fixups.build_sites(fixup_err, SRC)


def test_plugin_in_fixup_mode_on_every_c_compile(fixup_log):
    compiles = list(kbuild.c_compiles(fixup_log))
    assert len(compiles) > 100
    loaded = [w for w in compiles if kbuild.plugin_loaded(w)]
    assert all("vdso" in w[-1] for w in compiles if not kbuild.plugin_loaded(w))
    assert [w[-1] for w in loaded if MODE_FLAG not in w] == []


def test_same_warnings_as_warning_mode(fixup_err):
    """Fix-up mode keeps every warning, and adds none."""
    with open(kbuild.kernel_build("warn").err) as f:
        warn_err = f.read()
    assert kbuild.plugin_warnings(warn_err, SRC)
    assert kbuild.plugin_warnings(fixup_err, SRC) == kbuild.plugin_warnings(warn_err, SRC)
    assert "internal compiler error" not in fixup_err
    assert [d for d in kbuild.diagnostics(fixup_err) if d["kind"] == "error"] == []


def selftest_heads():
    """(line, function) of the rcu_dereference() of each self-test reader
    that has a "rcu_deref: expect-warning" access: the heads to fix, read
    from the source."""
    with open(os.path.join(SRC, SELFTEST)) as f:
        lines = f.read().splitlines()
    out, function, head = set(), None, None
    for n, line in enumerate(lines, 1):
        m = re.match(r"^static noinline int (read_\w+)\(void\)$", line)
        if m:
            function, head = m.group(1), None
        elif line == "}":
            function = None
        elif function and "rcu_dereference(" in line:
            head = n
        elif function and "/* rcu_deref: expect-warning */" in line:
            out.add((head, function))
    return out


# How each architecture's GCC 12 fixes a head, read by hand from its
# machine description: arm64's atomic_load<mode> is an insn (LDAR); on
# powerpc and riscv there is no such insn (powerpc's is an expander, riscv
# has none), so an acquire fence follows the load.
HEAD_FIX = {"arm64": "acquire", "powerpc": "fence", "riscv": "fence"}

# The self-test's hazard readers whose final code loses the dependency,
# read by hand in each architecture's assembly of the two patterns (-Os):
# the equality substitution loads the default's address, a constant, on
# all three; the relational index comes from the condition flags on arm64
# (cmp; cset: no dependency), from arithmetic on the loaded register on
# powerpc (addic; subfe) and riscv (snez), which keeps one: those are
# warned about (the rule) but have no broken chain to fix.
FIXED_READERS = {
    "arm64": {"read_eq_subst_hazard", "read_relational_hazard"},
    "powerpc": {"read_eq_subst_hazard"},
    "riscv": {"read_eq_subst_hazard"},
}

# What orders a later access after a load in each architecture's assembly
# (the independent truth for the self-test readers, from the ISA manuals):
# arm64's load-acquires and DMB; powerpc's lwsync, sync and isync; RISC-V's
# fence.
ORDERING = {
    "arm64": re.compile(r"\s(ldar|ldapr|ldaxr)\w*\s|\sdmb\s"),
    "powerpc": re.compile(r"\s(lwsync|sync|hwsync|isync)\b"),
    "riscv": re.compile(r"\sfence(\.tso)?\s"),
}


def test_fixup_notes_name_the_selftest_heads(built_sites):
    """The self-test's hazard readers that lost their dependency
    (FIXED_READERS) are fixed at their heads, the way the architecture
    fixes a head (HEAD_FIX), and no other site of the self-test is."""
    karch = layout.current().karch
    assert len(selftest_heads()) >= 2
    expected = {h for h in selftest_heads() if h[1] in FIXED_READERS[karch]}
    assert len(expected) == len(FIXED_READERS[karch])
    mine = [s for s in built_sites if s.file == SELFTEST]
    assert sorted((s.line, s.function) for s in mine) == sorted(expected)
    assert {s.how for s in mine} == {HEAD_FIX[karch]}


def disassembly(vmlinux, function):
    """The objdump -d text of one function of vmlinux."""
    objdump = layout.current().kernel_cross + "objdump"
    r = subprocess.run([objdump, "-d", "--no-show-raw-insn", "--disassemble=" + function,
                        vmlinux], capture_output=True, text=True, check=True)
    body = r.stdout.split("<%s>:" % function, 1)
    assert len(body) == 2, "no %s in %s" % (function, vmlinux)
    return body[1]


def test_selftest_readers_ordered_in_fixup_vmlinux_only(fixup_kernel):
    """In the machine code: each reader that lost its dependency
    (FIXED_READERS) has an ordering instruction (ORDERING) in the fix-up
    kernel and none in the warning-mode kernel; the other readers have
    none in either."""
    karch = layout.current().karch
    hazard = FIXED_READERS[karch]
    assert hazard <= {f for _, f in selftest_heads()}
    with open(os.path.join(SRC, SELFTEST)) as f:
        readers = set(re.findall(r"^static noinline int (read_\w+)\(void\)$", f.read(), re.M))
    assert hazard and len(readers - hazard) >= 2
    ordered = {}
    for mode, kb in (("fixup", fixup_kernel[0]), ("warn", kbuild.kernel_build("warn"))):
        vmlinux = os.path.join(kb.out, "vmlinux")
        ordered[mode] = {f for f in readers if ORDERING[karch].search(disassembly(vmlinux, f))}
    assert ordered == {"fixup": hazard, "warn": set()}


def test_every_warned_function_has_a_fixed_site(built_sites, fixup_err):
    """Each function with a plugin warning of a broken dependency got at
    least one fixed site (the head may be in another function only for a
    fence); a rule warning whose final code kept a register dependency
    (diagnostics.is_rule_warning) has nothing to fix."""
    warned = set()
    function = None
    for line in fixup_err.splitlines():
        m = re.match(r"^(\S+): In function [\u2018'](\w+)[\u2019']:$", line)
        if m:
            function = m.group(2)
            continue
        d = kbuild.diagnostics(line)
        if d and d[0]["kind"] == "warning" and d[0]["msg"].startswith(kbuild.PLUGIN_WARNINGS) \
                and not diagnostics.is_rule_warning(d[0]["msg"]):
            warned.add(function)
    fixed = {s.function for s in built_sites}
    assert warned and warned <= fixed | {None}


def test_vmlinux_section_holds_the_fixed_sites(fixup_kernel, built_sites):
    kb, _ = fixup_kernel
    with open(os.path.join(kb.out, "vmlinux"), "rb") as f:
        strings = elf.fixup_sites(f.read())
    sites = [fixups.parse_site(s, SRC) for s in strings]
    assert None not in sites, strings
    assert collections.Counter(sites) == collections.Counter(built_sites)


def test_no_orphan_section_warning(fixup_err):
    """The linker script places __rcu_deref_fixups: ld (--orphan-handling=warn)
    would say "warning: orphan section `__rcu_deref_fixups' from ..."."""
    assert "--orphan-handling=warn" in fixup_err     # the link was traced
    assert "orphan section" not in fixup_err


def test_fixup_kernel_boots_and_powers_off(fixup_booted):
    check_boot(fixup_booted)


def test_fixup_selftest_passes(fixup_booted):
    """Every case passes, including the check of the boot report."""
    check_selftest(fixup_booted, SELFTEST_CASES + ["rcu_deref_fixup_report"])


def test_fixup_rcutorture_succeeds(fixup_booted):
    check_torture(fixup_booted)


def test_boot_report_lists_exactly_the_fixed_sites(fixup_booted, built_sites):
    """The one-line boot summary counts, and the debugfs file lists, exactly
    the sites that the build's "fix-up:" notes name."""
    res, _ = fixup_booted
    rep = fixups.parse(res.console, SRC)
    assert rep.complete and rep.malformed == []
    assert collections.Counter(rep.sites) == collections.Counter(built_sites)
    how = collections.Counter(s.how for s in built_sites)
    assert rep.summary == (len(built_sites), how["acquire"], how["fence"])
