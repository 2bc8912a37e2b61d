"""Read a kernel console log: banner, init messages, faults, power-off."""
import dataclasses
import re

# printk's time stamp, "[    0.123456] ", when CONFIG_PRINTK_TIME is set.
_STAMP = re.compile(r"^\[\s*\d+\.\d+\]\s?")
_BANNER = re.compile(r"^Linux version (?P<version>\S+) ")
_INIT = "rcu-deref-init: "
_FAULTS = re.compile(r"^(WARNING:|BUG:|Oops|Unable to handle kernel|Kernel panic|"
                     r"Internal error:|kernel BUG at|rcu: INFO:)")
_POWER_OFF = "reboot: Power down"


def strip_stamp(line):
    return _STAMP.sub("", line.rstrip("\r"))


@dataclasses.dataclass
class Console:
    version: str = None         # from the "Linux version" banner
    init_lines: list = dataclasses.field(default_factory=list)
    faults: list = dataclasses.field(default_factory=list)
    powered_off: bool = False
    lines: list = dataclasses.field(default_factory=list)

    @property
    def clean(self):
        return self.version is not None and not self.faults and self.powered_off


def parse(text):
    con = Console()
    for raw in text.splitlines():
        line = strip_stamp(raw)
        con.lines.append(line)
        m = _BANNER.match(line)
        if m and con.version is None:
            con.version = m.group("version")
        if line.startswith(_INIT):
            con.init_lines.append(line[len(_INIT):])
        if _FAULTS.match(line):
            con.faults.append(line)
        if line.startswith(_POWER_OFF):
            con.powered_off = True
    return con


def is_version(banner, asked):
    """Whether the banner's version ("6.12.118+") is of the kernel version
    asked for ("6.12"): the same major and minor, whatever follows."""
    if banner is None:
        return False
    return re.match(re.escape(asked) + r"(?![0-9])", banner) is not None


def summary(con):
    """One line that says how the boot ended."""
    if con.version is None:
        return "no kernel banner: the kernel did not start"
    if con.faults:
        return "Linux %s booted with %d fault(s): %s" % (
            con.version, len(con.faults), con.faults[0])
    if not con.powered_off:
        return "Linux %s booted but did not power off" % con.version
    return "Linux %s booted, init ran, clean power-off" % con.version
