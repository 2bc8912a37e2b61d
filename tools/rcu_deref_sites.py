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
import struct
import sys

SECTION = b"__rcu_deref_fixups"


class NotElf(Exception):
    pass


def section_bytes(data, name=SECTION):
    """The contents of the named section of an ELF image, or b""."""
    if data[:4] != b"\x7fELF":
        raise NotElf("not an ELF file")
    is64 = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if is64:
        shoff, = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x3a)
        fmt, name_at, off_at, size_at = end + "IIQQQQ", 0, 4, 5
    else:
        shoff, = struct.unpack_from(end + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x2e)
        fmt, name_at, off_at, size_at = end + "IIIIII", 0, 4, 5
    headers = [struct.unpack_from(fmt, data, shoff + i * shentsize)
               for i in range(shnum)]
    if not headers:
        return b""
    strtab = headers[shstrndx]
    names = data[strtab[off_at]:strtab[off_at] + strtab[size_at]]
    for h in headers:
        start = h[name_at]
        if names[start:names.index(b"\0", start)] == name:
            return data[h[off_at]:h[off_at] + h[size_at]]
    return b""


def sites(data):
    """The site strings recorded in an ELF image."""
    return [s.decode("utf-8", "replace")
            for s in section_bytes(data).split(b"\0") if s]


def main(argv):
    status = 0
    for path in argv:
        try:
            with open(path, "rb") as f:
                found = sites(f.read())
        except (OSError, NotElf, struct.error) as e:
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
