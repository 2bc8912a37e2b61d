"""The fix-up report of a kernel built in fix-up mode, and the sites its
build says it fixed.

A kernel built with CONFIG_GCC_PLUGIN_RCU_DEREF_MODE_FIXUP reports the sites
that the plugin protected (kernel-integration patch 3):

- one line at boot,
      rcu_deref: fix-up mode protected N site(s): A load-acquire, F acquire fence...
- the file /sys/kernel/debug/rcu_deref/fixups, one site per line,
      file:line: function: acquire|fence
  which qemu/init.c prints as "rcu-deref-fixup: <site>" lines between
      rcu-deref-init: begin /sys/kernel/debug/rcu_deref/fixups
      rcu-deref-init: end /sys/kernel/debug/rcu_deref/fixups (N lines)

The build tells the same from the other side: each fixed site is a GCC note
"fix-up: ..." at the site, in build.err (build_sites()).
"""
import collections
import dataclasses
import os
import re

from . import kbuild
from .console import strip_stamp

FIXUPS_FILE = "/sys/kernel/debug/rcu_deref/fixups"

_SUMMARY = re.compile(r"^rcu_deref: fix-up mode protected (?P<total>\d+) site\(s\): "
                      r"(?P<acquire>\d+) load-acquire, (?P<fence>\d+) acquire fence\b")
_BEGIN = "rcu-deref-init: begin " + FIXUPS_FILE
_END = re.compile(r"^rcu-deref-init: end " + re.escape(FIXUPS_FILE) + r" \((?P<n>\d+) lines\)$")
_ABSENT = "rcu-deref-init: no " + FIXUPS_FILE
_SITE_LINE = "rcu-deref-fixup: "
_SITE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): (?P<function>[^:\s]+): "
                   r"(?P<how>acquire|fence)$")


@dataclasses.dataclass(frozen=True, order=True)
class Site:
    file: str
    line: int
    function: str
    how: str        # "acquire" or "fence"


def parse_site(text, src=None):
    """A site string "file:line: function: how" as a Site, or None.

    An absolute file under src is made relative to it, as
    kbuild.plugin_warnings() does."""
    m = _SITE.match(text)
    if not m:
        return None
    return Site(_relative(m.group("file"), src), int(m.group("line")),
                m.group("function"), m.group("how"))


def _relative(path, src):
    if src and os.path.isabs(path):
        return os.path.relpath(path, src)
    return path


@dataclasses.dataclass
class Report:
    summary: tuple = None       # (total, acquire, fence) from the boot line
    listing: list = None        # the debugfs lines, None if not printed
    complete: bool = False      # the end marker came, with the right count
    absent: bool = False        # init found no fixups file
    sites: list = dataclasses.field(default_factory=list)
    malformed: list = dataclasses.field(default_factory=list)

    @property
    def counts(self):
        """(total, acquire, fence) counted from the debugfs list."""
        how = collections.Counter(s.how for s in self.sites)
        return (len(self.sites), how["acquire"], how["fence"])


def parse(console_text, src=None):
    rep = Report()
    inside = False
    for raw in console_text.splitlines():
        line = strip_stamp(raw)
        m = _SUMMARY.match(line)
        if m and rep.summary is None:
            rep.summary = (int(m.group("total")), int(m.group("acquire")),
                           int(m.group("fence")))
        elif line == _BEGIN:
            inside, rep.listing = True, []
        elif line == _ABSENT:
            rep.absent = True
        elif inside and line.startswith(_SITE_LINE):
            text = line[len(_SITE_LINE):]
            rep.listing.append(text)
            site = parse_site(text, src)
            if site:
                rep.sites.append(site)
            else:
                rep.malformed.append(text)
        else:
            m = _END.match(line)
            if m and inside:
                inside = False
                rep.complete = int(m.group("n")) == len(rep.listing)
    return rep


_QUOTED = re.compile(r"[\u2018'](?P<name>[^\u2019']+)[\u2019']")


def build_sites(err_text, src=None):
    """The sites that the "fix-up:" notes of a build.err name, as Sites.

    The note is at the fixed site and ends "in 'function'"; an acquire
    fence is the "fence" kind, anything else a load-acquire."""
    out = []
    for d in kbuild.diagnostics(err_text):
        if d["kind"] != "note" or not d["msg"].startswith("fix-up: "):
            continue
        names = _QUOTED.findall(d["msg"])
        how = "fence" if " fence " in d["msg"] else "acquire"
        out.append(Site(_relative(d["file"], src), d["line"],
                        names[-1] if names else None, how))
    return out


def summary(rep):
    """One line about the fix-up report."""
    if rep.summary is None:
        return "no fix-up summary at boot"
    total, acquire, fence = rep.summary
    text = "%d site(s) protected (%d load-acquire, %d fence)" % (total, acquire, fence)
    if rep.listing is None:
        return text + ", no debugfs list"
    text += ", debugfs lists %d" % len(rep.sites)
    if rep.counts != rep.summary or not rep.complete or rep.malformed:
        text += " (does not match)"
    return text
