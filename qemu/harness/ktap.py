"""Parse KTAP (and TAP 14) results from a kernel console log.

KUnit prints a version line, a plan, and one result line per test, with
subtests indented by four spaces and introduced by "# Subtest: name":

    KTAP version 1
    1..1
        KTAP version 1
        # Subtest: rcu_deref
        1..2
        ok 1 rcu_deref_eq_subst_hazard
        not ok 2 rcu_deref_eq_subst_safe
    not ok 1 rcu_deref

Lines are taken after the printk time stamp; anything that is not KTAP
(other kernel messages) is ignored.
"""
import dataclasses
import re

from .console import strip_stamp

_VERSION = re.compile(r"^(\s*)(?:K?TAP version \d+)\s*$")
_PLAN = re.compile(r"^(\s*)1\.\.(\d+)\s*$")
_RESULT = re.compile(r"^(\s*)(ok|not ok) (\d+)(?: -)? ?([^#]*?)\s*(?:#\s*(\S.*))?$")
_SUBTEST = re.compile(r"^(\s*)# Subtest: (.+?)\s*$")


@dataclasses.dataclass
class Test:
    name: str
    ok: bool = None                 # None: no result line seen
    directive: str = None           # "SKIP ...", "TODO ..."
    plan: int = None
    subtests: list = dataclasses.field(default_factory=list)

    @property
    def skipped(self):
        return bool(self.directive) and self.directive.upper().startswith("SKIP")

    def find(self, name):
        for t in self.subtests:
            if t.name == name:
                return t
        return None


def parse(console_text):
    """The tree of results: a root Test whose subtests are the suites."""
    root = Test(name="(root)")
    stack = [(0, root)]     # (indentation of a block's lines, its test)
    for raw in console_text.splitlines():
        line = strip_stamp(raw)
        m = None
        for pattern in (_SUBTEST, _VERSION, _PLAN, _RESULT):
            m = pattern.match(line)
            if m:
                break
        if not m:
            continue
        indent = len(m.group(1))
        while indent < stack[-1][0]:
            stack.pop()
        if indent > stack[-1][0]:
            nested = Test(name=None)
            stack[-1][1].subtests.append(nested)
            stack.append((indent, nested))
        current = stack[-1][1]
        if m.re is _SUBTEST:
            current.name = current.name or m.group(2)
        elif m.re is _PLAN:
            current.plan = int(m.group(2))
        elif m.re is _RESULT:
            _record(current, m)
    return root


def _record(current, m):
    """A result line: it closes the nested block of the same test, if any."""
    ok, name, directive = m.group(2) == "ok", m.group(4), m.group(5)
    for t in current.subtests:
        if t.ok is None and t.name in (None, name):
            t.name, t.ok, t.directive = name, ok, directive
            return
    current.subtests.append(Test(name=name, ok=ok, directive=directive))
