"""consume=dependency on the liburcu clients (C11 consume build, aarch64):
per program, the consume loads the plugin decided, the load-acquires
(LDAR, LDAPR) of the code without and with the option, and the loads
demoted (the "demoted" sites the object records).

Usage: /usr/bin/python3 -m clients.liburcu.consume_table
"""
import re

from clients.liburcu import toolchain

A64 = "aarch64-linux-gnu"
OPTION = "consume=dependency"


def count(asm, mnemonics):
    return len(re.findall(r"^\s+(?:%s)\s" % "|".join(mnemonics), asm, re.M))


def row(name, opt="-O2"):
    """(consume loads, LDAR before, LDAR after, LDAPR after, demoted sites,
    stats line) for program name."""
    rc, _, before_stats, before, err = toolchain.compile_program(name, A64, "consume", opt=opt)
    assert rc == 0, err
    rc, _, stats, after, err = toolchain.compile_program(name, A64, "consume",
                                                         plugin_args=[OPTION], opt=opt)
    assert rc == 0, err
    demoted = len(re.findall(r'\.string\s+"[^"]*: demoted"', after))
    return (stats["consume_checked"], count(before, ["ldar", "ldarb", "ldarh"]),
            count(after, ["ldar", "ldarb", "ldarh"]), count(after, ["ldapr", "ldaprb", "ldaprh"]),
            demoted, stats)


def main():
    print("| program | consume loads | LDAR before | LDAR after | LDAPR after | demoted | kept acquire, why |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in toolchain.PROGRAMS:
        if name == "cache.c":
            continue    # its heads are marked reloads, not consume loads
        loads, ldar0, ldar1, ldapr1, demoted, st = row(name)
        why = ", ".join("%s %d" % (k[len("consume_kept_"):], v) for k, v in sorted(st.items())
                        if k.startswith("consume_kept_") and v)
        print("| `%s` | %d | %d | %d | %d | %d | %s |" % (name, loads, ldar0, ldar1, ldapr1,
                                                           demoted, why or "-"))


if __name__ == "__main__":
    main()
