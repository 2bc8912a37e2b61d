"""The annotations of the client programs.

- ``rcu:expect-warning``: the plugin should warn on this line, in every
  configuration where rcu_dereference() is a head (consume, volatile);
  ``rcu:expect-warning(volatile)`` only in the named configuration.
- ``rcu:expect-miss``: broken in the assembly, but the plugin is known not
  to report it (a limit listed in the README, or a reproducer in repro/);
  no warning is expected.  Both take an optional configuration list.
- ``rcu:known-fp``: the plugin warns here although nothing is broken (a
  plugin bug with a reproducer in repro/); the warning is expected, so
  that the test notices when the bug is fixed.
- Configurations without heads (library; cache.c without marking) expect
  no warning at all: the caller checks that.
- ``site:NAME head`` / ``site:NAME dep``: the head and dependent lines of a
  site whose aarch64 assembly the report reads (several per line, separated
  by commas).
"""
import re

_COMMENT = re.compile(r"/\*.*?\*/|//.*")
_EXPECT = re.compile(r"\brcu:(expect-warning|expect-miss|known-fp)(?:\((\w+(?:\|\w+)*)\))?")
_SITE = re.compile(r"\bsite:(\w+)\s+(head|dep)\b")


def marked(text, config, kind):
    """1-based lines marked rcu:<kind> that apply to config."""
    lines = set()
    for number, line in enumerate(text.splitlines(), 1):
        for comment in _COMMENT.findall(line):
            for what, only in _EXPECT.findall(comment):
                if what == kind and (not only or config in only.split("|")):
                    lines.add(number)
    return lines


def expected_warnings(text, config):
    """The lines where the plugin is expected to warn in config (if the
    configuration has heads in this file)."""
    return marked(text, config, "expect-warning") | marked(text, config, "known-fp")


def sites(text):
    """{name: (head lines, dep lines)} in order of first appearance."""
    out = {}
    for number, line in enumerate(text.splitlines(), 1):
        for comment in _COMMENT.findall(line):
            for name, kind in _SITE.findall(comment):
                heads, deps = out.setdefault(name, (set(), set()))
                (heads if kind == "head" else deps).add(number)
    return out
