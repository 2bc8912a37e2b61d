#!/usr/bin/python3
"""List the sites rcu_deref's fix-up mode protected in object files.

Usage: tools/rcu_deref_sites.py FILE...   (objects, archives' members
extracted, vmlinux, executables; any ELF class and byte order)

Fix-up mode records each site it made a load-acquire (or fenced) as a
NUL-terminated string "file:line: function: how" in the section
__rcu_deref_fixups; the linker concatenates them.  This prints one site a
line, prefixed with the file name when several files are given.  Exit
status: 0, or 1 if a file is not ELF.
"""
import os
import struct
import sys

# The repository's rcuderef package, wherever this is run from.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
from rcuderef import elf  # noqa: E402


def main(argv):
    status = 0
    for path in argv:
        try:
            with open(path, "rb") as f:
                found = elf.fixup_sites(f.read())
        except (OSError, ValueError, struct.error) as e:
            print("%s: %s" % (path, e), file=sys.stderr)
            status = 1
            continue
        for site in found:
            print(site if len(argv) == 1 else "%s: %s" % (path, site))
    return status


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip())
    sys.exit(main(sys.argv[1:]))
