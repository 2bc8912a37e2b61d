"""The test kernel of the layout's architecture in fix-up mode
(CONFIG_GCC_PLUGIN_RCU_DEREF_MODE_FIXUP): it builds with the same warnings
as in warning mode, boots in QEMU, its self-test and rcutorture pass, and
its boot report of protected sites lists exactly the sites that its
build's "fix-up:" notes name."""
import collections
import os
import re
import subprocess

import pytest

from qemu.harness import fixups, kbuild, ktap
from rcuderef import compile_commands, elf, layout
from rcuderef.asmcheck import aarch64, ordering, ppc64le, riscv64
from rcuderef.diagnostics import is_rule_warning
from tests.test_kernel import (SELFTEST, SELFTEST_CASES, boot_with_torture,
                               check_boot, check_selftest, check_torture)

pytestmark = [pytest.mark.per_kernel, pytest.mark.per_karch]

LAYOUT = layout.current()
SRC = LAYOUT.kernel_src
MODE_FLAG = "-fplugin-arg-rcu_deref_plugin-mode=fixup"
# How fix-up mode protects a head on each architecture (README.md, "Fix-up
# mode"): arm64's back end has a load-acquire (LDAR); GCC 12's powerpc64le
# and riscv64 back ends have none, and the plugin puts an acquire fence
# after the load.
FIXUP_HOW = {"arm64": "acquire", "powerpc": "fence", "riscv": "fence"}
# The independent truth of each architecture's machine code (rcuderef/asmcheck).
CHECKERS = {"arm64": aarch64, "powerpc": ppc64le, "riscv": riscv64}


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


def selftest_heads(breaks=None):
    """(line, function) of the rcu_dereference() of each self-test reader
    that has a "rcu_deref: expect-warning" access (read from the source),
    and, given breaks ((file, line) of the build's break warnings), whose
    warning is a break: the heads to fix.  A rule warning is no break: on
    powerpc64le and riscv64 the relational hazard keeps its dependency (the
    comparison is computed in a general register), and fix-up mode leaves
    it alone."""
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
        elif function and "/* rcu_deref: expect-warning */" in line \
                and (breaks is None or (SELFTEST, n) in breaks):
            out.add((head, function))
    return out


def break_warnings(err):
    """(file, line) of the plugin's warnings in err that are breaks, not
    rule warnings."""
    return {(f, line) for f, line, msg in kbuild.plugin_warnings(err, SRC)
            if not is_rule_warning(msg)}


def test_fixup_notes_name_the_selftest_heads(built_sites, fixup_err):
    """The self-test's hazard readers whose dependency broke are fixed at
    their heads, as the architecture fixes them (a load-acquire, or an
    acquire fence), and no other site of the self-test is."""
    assert len(selftest_heads()) >= 2
    expected = selftest_heads(break_warnings(fixup_err))
    assert expected
    mine = [s for s in built_sites if s.file == SELFTEST]
    assert sorted((s.line, s.function) for s in mine) == sorted(expected)
    assert {s.how for s in mine} == {FIXUP_HOW[LAYOUT.karch]}


def selftest_readers():
    """{function: (head line, lines of its accesses)} of the self-test's
    readers, read from the source: the head is the rcu_dereference() line,
    the accesses are on the lines after it up to the closing brace, which
    GCC at times gives the last load (powerpc64le, riscv64)."""
    with open(os.path.join(SRC, SELFTEST)) as f:
        lines = f.read().splitlines()
    out, function = {}, None
    for n, line in enumerate(lines, 1):
        m = re.match(r"^static noinline int (read_\w+)\(void\)$", line)
        if m:
            function = m.group(1)
        elif function and "rcu_dereference(" in line:
            out[function] = (n, set())
        elif function and function in out:
            out[function][1].add(n)
        if line == "}":
            function = None
    return out


def selftest_asm(mode, tmp_path):
    """The self-test's assembly as the kernel of mode compiled it: its own
    command from the build log, with -S -g (the line table)."""
    kb = kbuild.kernel_build(mode)
    with open(kb.log) as f:
        cmd = [w for w in kbuild.c_compiles(f.read())
               if w[-1].endswith("/" + SELFTEST) or w[-1] == SELFTEST]
    assert len(cmd) == 1, cmd
    out = tmp_path / (mode + ".s")
    plugin = [w.split("=", 1)[1] for w in cmd[0]
              if w.startswith("-fplugin=") and w.endswith(kbuild.PLUGIN_NAME + ".so")]
    assert len(plugin) == 1
    argv = compile_commands.rewrite(cmd[0], plugin=plugin[0]) + ["-S", "-g", "-o", str(out)]
    subprocess.run(argv, cwd=kb.out, check=True, capture_output=True)
    return out.read_text()


def test_selftest_fixed_heads_are_the_heads_broken_in_machine_code(built_sites, tmp_path):
    """What rcu_deref_fixup_report (patch 5) expects on this architecture,
    from the truth of the machine code, not from the plugin: the heads
    whose accesses lost their dependency in the warning-mode kernel's code
    of the self-test (rcuderef/asmcheck) are exactly the fixed sites of
    the self-test, the equality hazard's among them and no safe reader's;
    and in the fix-up kernel's code every such access is ordered after its
    head (ordering.py, the architecture's acquire or fence)."""
    checker = CHECKERS[LAYOUT.karch]
    readers = selftest_readers()
    assert sorted(readers) == ["read_eq_subst_hazard", "read_eq_subst_safe",
                               "read_relational_hazard", "read_relational_safe"]
    base = os.path.basename(SELFTEST)
    warn = selftest_asm("warn", tmp_path)
    broken = {}
    for function, (head, deps) in readers.items():
        res = checker.analyze(warn, base, {head}, deps)
        assert any(res.deps.values()), (function, "no access on lines", sorted(deps))
        if res.broken_lines:
            broken[function] = (head, set(res.broken_lines))
    assert "read_eq_subst_hazard" in broken
    assert not [f for f in broken if f.endswith("_safe")]
    mine = {(s.line, s.function) for s in built_sites if s.file == SELFTEST}
    assert mine == {(head, f) for f, (head, _) in broken.items()}
    fixed = selftest_asm("fixup", tmp_path)
    for function, (head, lines) in broken.items():
        assert ordering.unordered_dep_lines(fixed, base, {head}, lines, checker) == set(), \
            function


def test_every_warned_function_has_a_fixed_site(built_sites, fixup_err):
    """Each function with a plugin warning that is a break (not a rule
    warning) got at least one fixed site (the head may be in another
    function only for a fence)."""
    warned = set()
    function = None
    for line in fixup_err.splitlines():
        m = re.match(r"^(\S+): In function [\u2018'](\w+)[\u2019']:$", line)
        if m:
            function = m.group(2)
            continue
        d = kbuild.diagnostics(line)
        if d and d[0]["kind"] == "warning" and d[0]["msg"].startswith(kbuild.PLUGIN_WARNINGS) \
                and not is_rule_warning(d[0]["msg"]):
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


# The test kernels whose link does not ask ld for orphan warnings: Linux
# 6.1's riscv does not select ARCH_WANT_LD_ORPHAN_WARN (6.12's does).
NO_ORPHAN_WARN = {("riscv", "6.1")}


def test_no_orphan_section_warning(fixup_kernel, fixup_err):
    """The linker script places __rcu_deref_fixups: the kernel's own
    vmlinux.lds keeps it between its __start_/__stop_ symbols, and where
    the link asks for orphan warnings (CONFIG_LD_ORPHAN_WARN: every test
    kernel but NO_ORPHAN_WARN's), ld (--orphan-handling=warn) would say
    "warning: orphan section `__rcu_deref_fixups' from ..."."""
    kb, _ = fixup_kernel
    with open(os.path.join(kb.out, "arch", LAYOUT.karch, "kernel", "vmlinux.lds")) as f:
        lds = f.read()
    assert ("__start___rcu_deref_fixups = .; KEEP(*(__rcu_deref_fixups)) "
            "__stop___rcu_deref_fixups = .;") in lds
    with open(os.path.join(kb.out, ".config")) as f:
        orphan_warn = "CONFIG_LD_ORPHAN_WARN=y\n" in f.read()
    assert orphan_warn == ((LAYOUT.karch, LAYOUT.kernel) not in NO_ORPHAN_WARN)
    # The link was traced with the option exactly when it asks for it.
    assert ("--orphan-handling=warn" in fixup_err) == orphan_warn
    assert "orphan section" not in fixup_err


def test_fixup_kernel_boots_and_powers_off(fixup_booted):
    check_boot(fixup_booted)


def test_fixup_selftest_passes(fixup_booted):
    """Every case passes, including the check of the boot report
    (rcu_deref_fixup_report: each hazard reader's head listed once, as the
    architecture protects it, where its dependency broke; what broke on
    each architecture is read from the machine code in
    test_selftest_fixed_heads_are_the_heads_broken_in_machine_code)."""
    check_selftest(fixup_booted, SELFTEST_CASES + ["rcu_deref_fixup_report"])


def test_fixup_selftest_hazard_cases_pass(fixup_booted):
    """The hazard and safe readers' cases pass in fix-up mode too (every
    architecture), and the report's case ran."""
    res, _ = fixup_booted
    suite = ktap.parse(res.console).find("rcu_deref")
    assert suite is not None, "no rcu_deref suite in the KTAP output"
    assert [t.name for t in suite.subtests] == SELFTEST_CASES + ["rcu_deref_fixup_report"]
    assert [t.name for t in suite.subtests[:len(SELFTEST_CASES)]
            if not t.ok or t.skipped] == []


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
