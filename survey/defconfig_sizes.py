"""An estimate of how many C files a configured kernel builds per
directory, read from the kbuild Makefiles and the .config (no build):
the sizes the defconfig slices (survey/defconfig-slices.txt) were cut by.

    /usr/bin/python3 survey/defconfig_sizes.py KERNEL_SRC DOTCONFIG [DIR...]

prints "count<TAB>directory" for each directory under DIR... (default:
the top-level ones) that builds at least one C file.  The method: in each
directory's Kbuild or Makefile (continuation lines joined), the
assignments obj-y, obj-m, obj-$(CONFIG_X), lib-y (X =y or =m in the .config) and
a composite object's parts (name-y, name-objs, name-$(CONFIG_X)); an
object counts as one C file when its .c exists, a composite one as its
parts, a "sub/" entry recurses, a $(name-y) word is name's parts.  Conditionals (ifeq, ifdef) are not read,
so both arms count: an upper bound, close to the real count in practice.
"""
import os
import re
import sys

_REF = re.compile(r"^\$\(([\w.-]+)-(?:y|objs)\)$")
_ASSIGN = re.compile(r"^\s*([\w.-]+?)-(y|m|objs|\$\(CONFIG_(\w+)\))\s*(?::=|\+=|=)\s*(.*)$")


def read_config(path):
    """{CONFIG_X: "y" | "m" | value} of a .config."""
    out = {}
    with open(path) as f:
        for ln in f:
            name, sep, value = ln.strip().partition("=")
            if sep and name.startswith("CONFIG_"):
                out[name] = value
    return out


def _lines(path):
    with open(path, errors="replace") as f:
        text = f.read().replace("\\\n", " ")
    return [ln.split("#", 1)[0] for ln in text.splitlines()]


def parse_makefile(path, config):
    """(objects, composites): the enabled obj- words of a kbuild Makefile,
    and {name: [part words]} of its composite objects."""
    objs, parts = [], {}
    for ln in _lines(path):
        m = _ASSIGN.match(ln)
        if not m:
            continue
        lhs, how, cfg, rhs = m.groups()
        if cfg and config.get("CONFIG_" + cfg) not in ("y", "m"):
            continue
        if how not in ("y", "m", "objs") and not cfg:
            continue
        words = []
        for w in rhs.split():
            ref = _REF.match(w)
            words += parts.get(ref.group(1), []) if ref else [w]
        if lhs in ("obj", "lib", "subdir"):
            objs += [w if lhs != "subdir" else w.rstrip("/") + "/" for w in words]
        elif lhs not in ("ccflags", "asflags", "ldflags", "always", "targets",
                         "extra", "hostprogs", "userprogs", "clean-files"):
            parts.setdefault(lhs, []).extend(words)
    return objs, parts


def count_dir(src, rel, config, seen=None):
    """{directory: C files} of rel and the directories it descends into."""
    seen = set() if seen is None else seen
    rel = os.path.normpath(rel)
    if rel in seen:
        return {}
    seen.add(rel)
    here = os.path.join(src, rel)
    mk = next((os.path.join(here, n) for n in ("Kbuild", "Makefile")
               if os.path.exists(os.path.join(here, n))), None)
    out = {}
    if mk is None:
        return out
    objs, parts = parse_makefile(mk, config)
    n = 0

    def c_files(word, depth=0):
        if not word.endswith(".o"):
            return 0
        name = word[:-2]
        if name in parts and depth < 4:
            return sum(c_files(p, depth + 1) for p in parts[name] if p != word)
        return 1 if os.path.exists(os.path.join(here, name + ".c")) else 0

    for w in dict.fromkeys(objs):
        if w.endswith("/"):
            for d, c in count_dir(src, os.path.join(rel, w), config, seen).items():
                out[d] = out.get(d, 0) + c
        else:
            n += c_files(w)
    if n:
        out[rel] = out.get(rel, 0) + n
    return out


def top_level(src, config):
    """The directories the top Makefile and arch/arm64 descend into."""
    out = count_dir(src, ".", config)
    out.update(count_dir(src, "arch/arm64", config))
    for d in ("init", "kernel", "mm", "fs", "ipc", "security", "crypto", "block",
              "io_uring", "drivers", "sound", "net", "virt", "lib", "certs"):
        out.update(count_dir(src, d, config))
    return out


def subtotal(counts, prefix):
    """The C files under the directory prefix."""
    prefix = os.path.normpath(prefix)
    return sum(c for d, c in counts.items()
               if d == prefix or d.startswith(prefix + "/"))


def main(argv):
    if len(argv) < 2:
        raise SystemExit(__doc__)
    src, config = argv[0], read_config(argv[1])
    counts = top_level(src, config)
    dirs = argv[2:]
    if dirs:
        for d in dirs:
            print("%d\t%s" % (subtotal(counts, d), d))
    else:
        for d, c in sorted(counts.items()):
            print("%d\t%s" % (c, d))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
