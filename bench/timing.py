"""Run commands and measure their CPU time, interleaved, median of rounds.

The machine is shared and noisy: each figure is a ratio of runs made side by
side.  A round runs every variant once, in an order rotated from round to
round, and the statistic is the median over rounds.  Time is the CPU time
(user + system) of the command and all its children (the gcc driver, cc1,
as), from the kernel's rusage: other processes on the machine slow the
wall clock far more than they change it.
"""
import os
import statistics
import subprocess
import time


class CommandFailed(Exception):
    def __init__(self, argv, status, stderr):
        super().__init__("%s: exit status %d\n%s" % (argv[0], status, stderr[-2000:]))
        self.status = status
        self.stderr = stderr


def run_timed(argv, cwd=None, env=None):
    """Run argv; return (cpu seconds, wall seconds).  Raise CommandFailed."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE)
    # Read stderr before reaping, so the child never blocks on a full pipe.
    err = proc.stderr.read()
    proc.stderr.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - start
    if proc.returncode != 0:
        raise CommandFailed(argv, proc.returncode, err.decode(errors="replace"))
    return usage.ru_utime + usage.ru_stime, wall


def interleaved(variants, rounds, run):
    """Run every variant once per round, rotating the order each round.

    variants: list of names; run(name, round) returns a number (seconds).
    Returns {name: [one value per round]}.
    """
    out = {v: [] for v in variants}
    for r in range(rounds):
        k = r % len(variants)
        for v in variants[k:] + variants[:k]:
            out[v].append(run(v, r))
    return out


def median(values):
    return statistics.median(values) if values else float("nan")


def paired_median_diff(a, b):
    """Median over rounds of a[r] - b[r] (the same round's runs)."""
    return median([x - y for x, y in zip(a, b)])


def load_average():
    try:
        return os.getloadavg()
    except OSError:
        return (float("nan"),) * 3
