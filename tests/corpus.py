"""The hazard corpus: each case's truth from the assembly, and the plugin's
verdict from its warnings."""
import dataclasses
import os
import subprocess
import tempfile

from rcuderef import diagnostics
from rcuderef.asmcheck import aarch64 as asmcheck
from rcuderef.asmcheck import ppc64le, riscv64, x86_64
from rcuderef.compiler import DEFAULT_COMPILER, ENV, REPO, cc, plugin_path

CORPUS = os.path.join(REPO, "tests", "corpus")
INCLUDE = os.path.join(REPO, "plugin", "include")
LEVELS = ("-O1", "-O2", "-O3", "-Os")
AARCH64 = "aarch64-linux-gnu"
# Each compiler's verdicts against the truth of its own machine code.
CHECKERS = {AARCH64: asmcheck, "x86_64-linux-gnu": x86_64,
            "powerpc64le-linux-gnu": ppc64le, "riscv64-linux-gnu": riscv64}


def cases():
    return sorted(f for f in os.listdir(CORPUS) if f.endswith(".c"))


def case_path(name):
    return os.path.join(CORPUS, name)


def compile_asm(path, target, opt, plugin_args=None, extra=(), gcc=DEFAULT_COMPILER):
    """Compile to assembly with target's GCC release gcc; plugin_args None
    means without the plugin.

    Returns (asm text, stderr)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.s")
        cmd = [cc(target, gcc), opt, "-S", "-I", INCLUDE, "-o", out, *extra]
        if plugin_args is not None:
            cmd.append("-fplugin=" + plugin_path(target, gcc=gcc))
            cmd += ["-fplugin-arg-rcu_deref_plugin-" + a for a in plugin_args]
        cmd.append(path)
        r = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
        if r.returncode != 0:
            raise RuntimeError("%s failed:\n%s" % (" ".join(cmd), r.stderr))
        with open(out) as f:
            return f.read(), r.stderr


@dataclasses.dataclass
class Verdict:
    case: str
    target: str
    opt: str
    truth: set          # dep lines broken in the target's assembly
    warned: set         # dep lines warned as broken dependencies
    other_warnings: list  # plugin warnings on lines not annotated rcu:dep
    rule_warned: set = dataclasses.field(default_factory=set)
    # dep lines warned only for breaking a rule in the source (a comparison
    # or boolean result as an address) while the final code kept them
    gcc: str = DEFAULT_COMPILER  # the GCC release

    @property
    def detected(self):
        return self.truth & self.warned

    @property
    def missed(self):
        return self.truth - self.warned

    @property
    def false_positives(self):
        return self.warned - self.truth


# Dep lines that vanish from the assembly because value numbering merged
# them with an equal load of the object written elsewhere in the reader:
# dep line -> the line of that other load.  Read by hand from the assembly
# (tests/corpus/INDEX.md): at -O1, -O2 and -O3 that load comes before the
# head, at -Os just after it, from the object's own address in both.
# truth() only counts the dep line broken while the assembly still shows
# this: the dep line has no instruction left, and a load attributed to the
# other line does not depend on the head.
MERGED_WITH_EARLIER_LOAD = {
    "merge_before_head_hazard.c": {21: 18},
}


def merged_load_independent(checker, asm, name, line, head_lines):
    """Whether a load attributed to line has no dependency on the heads."""
    res = checker.analyze(asm, name, head_lines, {line})
    return line in res.broken_lines


def truth(name, opt, target=AARCH64, gcc=DEFAULT_COMPILER):
    """Broken dep lines, from the assembly of target's GCC release gcc
    (never from the plugin)."""
    checker = CHECKERS[target]
    path = case_path(name)
    with open(path) as f:
        heads, deps = checker.annotations(f.read())
    asm = checker.compile_to_asm(path, cc=cc(target, gcc), opt=opt,
                                 extra=("-I", INCLUDE))
    res = checker.analyze(asm, name, heads, deps)
    broken = set(res.broken_lines)
    for dep, early in MERGED_WITH_EARLIER_LOAD.get(name, {}).items():
        if (dep in res.vanished_lines
                and merged_load_independent(checker, asm, name, early,
                                            heads)):
            broken.add(dep)
    return broken


def plugin_verdict(name, target, opt, truth_lines, gcc=DEFAULT_COMPILER):
    path = case_path(name)
    _, err = compile_asm(path, target, opt, plugin_args=[],
                         extra=("-fdiagnostics-format=json",), gcc=gcc)
    with open(path) as f:
        heads, deps = asmcheck.annotations(f.read())
    warns = diagnostics.plugin_warnings(err, name)

    def unused_head(warning):
        # "never used" at a head: no access depends on it, so the plugin
        # reports every dependent access of the case.
        return warning[0] in heads and "is never used" in warning[1]

    broken = [w for w in warns if not diagnostics.is_rule_warning(w[1])]
    warned = {line for line, _, _ in broken if line in deps}
    rule_warned = {line for line, message, _ in warns
                   if line in deps and diagnostics.is_rule_warning(message)}
    if any(unused_head(w) for w in warns):
        warned |= deps
    other = [w for w in warns if w[0] not in deps and not unused_head(w)]
    return Verdict(name, target, opt, truth_lines, warned, other,
                   rule_warned, gcc)
