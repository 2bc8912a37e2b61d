"""The liburcu clients' C11 consume build, run on aarch64: each program
linked statically against Debian's arm64 liburcu (toolchain.build_aarch64)
without and with consume=dependency, run under qemu-aarch64 with its
reader and updater threads (harness.h), and judged by its own result
check: exit status 0 and "0 errors" in the line it prints, after some
lookups.

Usage: /usr/bin/python3 -m clients.liburcu.consume_run
prints consume_table's counts with the two runs, one row per program.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

from clients.liburcu import consume_table, toolchain
from rcuderef.compiler import QEMU_USER

A64 = consume_table.A64
OPTION = consume_table.OPTION
# What every program prints last: "NAME: N lookups, [...,] M errors".
RESULT = re.compile(r"^(\w+): (\d+) lookups, (?:.*, )?(\d+) errors$", re.M)
TIMEOUT = 300


def run(name, option, workdir):
    """Build program name for aarch64 (option: with consume=dependency)
    and run it under qemu-aarch64.  Returns a dict: "stats" (the plugin's
    stats line of the build that ran), "returncode", "output",
    "lookups" and "errors" (as the program printed them, None if it did
    not), "passed" (its own check)."""
    exe = os.path.join(workdir, "%s-%s" % (name[:-2], "dependency" if option else "acquire"))
    stats = exe + ".stats"
    if os.path.exists(stats):
        os.unlink(stats)
    proc = toolchain.build_aarch64(name, exe, "consume",
                                   ["stats=" + stats] + ([OPTION] if option else []))
    if proc.returncode != 0:
        raise RuntimeError("%s: the aarch64 build failed:\n%s" % (name, proc.stderr[-2000:]))
    with open(stats) as f:
        st = json.loads(f.readline())
    r = subprocess.run([QEMU_USER[A64], exe], capture_output=True, text=True, timeout=TIMEOUT)
    m = RESULT.search(r.stdout)
    lookups, errors = (int(m.group(2)), int(m.group(3))) if m else (None, None)
    return {"stats": st, "returncode": r.returncode, "output": r.stdout + r.stderr,
            "lookups": lookups, "errors": errors,
            "passed": r.returncode == 0 and bool(lookups) and errors == 0}


def verdict(res):
    if res["passed"]:
        return "passed (%d lookups, 0 errors)" % res["lookups"]
    return "FAILED (exit %d: %s)" % (res["returncode"], res["output"].strip()[-80:])


def main():
    print("| program | consume loads | LDAR before | LDAR after | LDAPR after | demoted "
          "| qemu-aarch64, without the option | qemu-aarch64, with it |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    ok = True
    with tempfile.TemporaryDirectory(prefix="consume-run-") as tmp:
        for name in toolchain.PROGRAMS:
            loads, ldar0, ldar1, ldapr1, demoted, _ = consume_table.row(name)
            runs = [run(name, option, tmp) for option in (False, True)]
            ok = ok and all(r["passed"] for r in runs)
            print("| `%s` | %d | %d | %d | %d | %d | %s | %s |" % (
                name, loads, ldar0, ldar1, ldapr1, demoted, *map(verdict, runs)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
