#!/usr/bin/env python3
"""Write a newc cpio initramfs holding one static init, without root.

    mkinitramfs.py INIT OUTPUT

The archive holds /init, /dev/console (so init has a console before any
filesystem is mounted), and the empty mount points /proc, /sys and
/sys/kernel/debug.
"""
import os
import stat
import sys


def _entry(name, mode, data=b"", rdev=(0, 0), ino=[0]):
    ino[0] += 1
    fields = [ino[0], mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1],
              len(name) + 1, 0]
    header = b"070701" + b"".join(b"%08X" % f for f in fields)
    out = header + name.encode() + b"\0"
    out += b"\0" * (-len(out) % 4)
    out += data + b"\0" * (-len(data) % 4)
    return out


def build(init_path):
    with open(init_path, "rb") as f:
        init = f.read()
    parts = [
        _entry("dev", stat.S_IFDIR | 0o755),
        _entry("dev/console", stat.S_IFCHR | 0o600, rdev=(5, 1)),
        _entry("proc", stat.S_IFDIR | 0o755),
        _entry("sys", stat.S_IFDIR | 0o755),
        _entry("sys/kernel", stat.S_IFDIR | 0o755),
        _entry("sys/kernel/debug", stat.S_IFDIR | 0o755),
        _entry("init", stat.S_IFREG | 0o755, init),
        _entry("TRAILER!!!", 0),
    ]
    return b"".join(parts)


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: mkinitramfs.py INIT OUTPUT")
    data = build(argv[1])
    tmp = argv[2] + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, argv[2])


if __name__ == "__main__":
    main(sys.argv)
