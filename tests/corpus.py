"""The hazard corpus: each case's truth from the assembly, and the plugin's
verdict from its warnings."""
import dataclasses
import os
import subprocess
import tempfile

from tests import diagnostics
from tests.asmcheck import aarch64 as asmcheck
from tests.plugin import ENV, REPO, TARGETS, plugin_path

CORPUS = os.path.join(REPO, "tests", "corpus")
INCLUDE = os.path.join(REPO, "plugin", "include")
LEVELS = ("-O2", "-O1")


def cases():
    return sorted(f for f in os.listdir(CORPUS) if f.endswith(".c"))


def case_path(name):
    return os.path.join(CORPUS, name)


def compile_asm(path, target, opt, plugin_args=None, extra=()):
    """Compile to assembly; plugin_args None means without the plugin.

    Returns (asm text, stderr)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.s")
        cmd = [TARGETS[target], opt, "-S", "-I", INCLUDE, "-o", out, *extra]
        if plugin_args is not None:
            cmd.append("-fplugin=" + plugin_path(target))
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
    truth: set          # dep lines broken in the aarch64 assembly
    warned: set         # dep lines the plugin warned about
    other_warnings: list  # plugin warnings on lines not annotated rcu:dep

    @property
    def detected(self):
        return self.truth & self.warned

    @property
    def missed(self):
        return self.truth - self.warned

    @property
    def false_positives(self):
        return self.warned - self.truth


def truth(name, opt):
    """Broken dep lines, from the aarch64 assembly (never from the plugin)."""
    res = asmcheck.compile_and_analyze(case_path(name), opt=opt,
                                       extra=("-I", INCLUDE))
    return set(res.broken_lines)


def plugin_verdict(name, target, opt, truth_lines):
    path = case_path(name)
    _, err = compile_asm(path, target, opt, plugin_args=[],
                         extra=("-fdiagnostics-format=json",))
    with open(path) as f:
        heads, deps = asmcheck.annotations(f.read())
    warns = diagnostics.plugin_warnings(err, name)

    def unused_head(warning):
        # "never used" at a head: no access depends on it, so the plugin
        # reports every dependent access of the case.
        return warning[0] in heads and "is never used" in warning[1]

    warned = {line for line, _, _ in warns if line in deps}
    if any(unused_head(w) for w in warns):
        warned |= deps
    other = [w for w in warns if w[0] not in deps and not unused_head(w)]
    return Verdict(name, target, opt, truth_lines, warned, other)
