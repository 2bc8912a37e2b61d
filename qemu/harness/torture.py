"""rcutorture in the test kernels: its kernel command line, and its results
read from the console log.

The test kernels have CONFIG_RCU_TORTURE_TEST=y, so rcutorture starts at
boot.  With rcutorture.shutdown_secs=N it stops after N seconds, prints
its final statistics and "--- End of test: SUCCESS" (or FAILURE), and
powers the machine off; qemu/init.c waits for that.  Its lines look like

    rcu-torture:--- Start of test: nreaders=3 nfakewriters=4 ...
    rcu-torture: rtc: 00000000a1b2c3d4 ver: 1234 tfle: 0 rta: 1235 rtaf: 0 rtf: 1225 rtmbe: 0 ...
    rcu-torture: Reader Pipe:  123456 789 0 0 0 0 0 0 0 0 0
    rcu-torture: Reader Batch:  123000 1245 0 0 0 0 0 0 0 0 0
    rcu-torture: Free-Block Circulation:  1234 1233 ... 0
    rcu-torture:--- End of test: SUCCESS: nreaders=3 ...

and an error is flagged with "!!!" (TOROUT_ERRSTRING, or the statistics
line that follows an error).
"""
import dataclasses
import re

from .console import strip_stamp

SHUTDOWN_SECS = 12
STAT_INTERVAL = 4


def cmdline(shutdown_secs=SHUTDOWN_SECS, stat_interval=STAT_INTERVAL):
    """The kernel parameters of a bounded rcutorture run."""
    return "rcutorture.shutdown_secs=%d rcutorture.stat_interval=%d" % (
        shutdown_secs, stat_interval)


_LINE = re.compile(r"^(?P<type>[\w-]+?)-torture:(?P<rest>.*)$")
_MARK = re.compile(r"^--- (?P<what>Start of test|End of test: (?P<end>[A-Z_]+))"
                   r":? (?P<params>.*)$")
_PAIR = re.compile(r"(\w[\w-]*)=(-?\d+)")
_STAT = re.compile(r"([A-Za-z][\w-]*): (\S+)")
_LIST = re.compile(r"^(?P<name>Reader Pipe|Reader Batch|Free-Block Circulation):"
                   r"(?P<values>(?:\s+-?\d+)+)\s*$")


@dataclasses.dataclass
class Torture:
    type: str = None                # torture_type, "rcu"
    params: dict = None             # from the start line
    end: str = None                 # "SUCCESS", "FAILURE", "RCU_HOTPLUG"
    stats: list = dataclasses.field(default_factory=list)   # dicts, in order
    pipes: list = dataclasses.field(default_factory=list)   # Reader Pipe lists
    errors: list = dataclasses.field(default_factory=list)  # "!!!" lines

    @property
    def started(self):
        return self.params is not None

    def last(self, key):
        """The last value of a statistic ("rtmbe", "rtbe"...), as printed."""
        for s in reversed(self.stats):
            if key in s:
                return s[key]
        return None

    @property
    def versions(self):
        """The writer's last version number: how many grace periods it saw
        ("ver", or "VER" once the current object is gone at the end)."""
        values = [int(v) for s in self.stats for k, v in s.items()
                  if k in ("ver", "VER") and v.isdigit()]
        return max(values, default=0)

    @property
    def too_short_grace_periods(self):
        """Reads that saw an object two or more grace periods old."""
        return sum(sum(p[2:]) for p in self.pipes)

    @property
    def ok(self):
        return (self.started and self.end == "SUCCESS" and not self.errors
                and self.too_short_grace_periods == 0
                and self.last("rtmbe") == "0" and self.last("rtbe") == "0")


def parse(console_text):
    t = Torture()
    for raw in console_text.splitlines():
        m = _LINE.match(strip_stamp(raw))
        if not m:
            continue
        rest = m.group("rest").strip()
        if "!!!" in rest:
            t.errors.append(rest)
            rest = rest.replace("!!!", "").strip()
        mark = _MARK.match(rest)
        if mark:
            t.type = m.group("type")
            if mark.group("end"):
                t.end = mark.group("end")
            else:
                t.params = {k: int(v) for k, v in _PAIR.findall(mark.group("params"))}
            continue
        lst = _LIST.match(rest)
        if lst:
            values = [int(v) for v in lst.group("values").split()]
            if lst.group("name") == "Reader Pipe":
                t.pipes.append(values)
            continue
        if rest.startswith("rtc: "):
            t.stats.append(dict(_STAT.findall(rest)))
    return t


def summary(t):
    """One line about the rcutorture run."""
    if not t.started:
        return "rcutorture did not start"
    if t.end is None:
        return "rcutorture started but did not end"
    reads = sum(t.pipes[-1]) if t.pipes else 0
    text = "rcutorture (%s): %s, %d writer versions, %d reads" % (
        t.type, t.end, t.versions, reads)
    if t.errors:
        text += ", %d error line(s): %s" % (len(t.errors), t.errors[0])
    return text
