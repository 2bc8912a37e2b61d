"""Read the sections and symbols of an ELF file (no pyelftools needed): the
named section of any object, executable or vmlinux (either class, either
byte order), and, of ELF64 relocatable objects, what compares generated
code between two builds."""
import struct

SHF_ALLOC = 0x2
SHT_SYMTAB, SHT_STRTAB, SHT_RELA, SHT_NOBITS, SHT_REL = 2, 3, 4, 8, 9
# Fix-up mode records each site it protected in this section, as a
# NUL-terminated string "file:line: function: how".
FIXUP_SECTION = "__rcu_deref_fixups"


class NotElf(ValueError):
    pass


def parse(data):
    """(byte order, is64, section headers as dicts, string(table, index)) of
    an ELF image."""
    if data[:4] != b"\x7fELF":
        raise NotElf("not an ELF file")
    is64 = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if is64:
        (shoff,) = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x3a)
        fmt = end + "IIQQQQIIQQ"
    else:
        (shoff,) = struct.unpack_from(end + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x2e)
        fmt = end + "IIIIIIIIII"
    headers = []
    for i in range(shnum):
        name, stype, flags, _, off, size, link, info, _, entsize = struct.unpack_from(
            fmt, data, shoff + i * shentsize)
        headers.append(dict(name=name, type=stype, flags=flags, offset=off,
                            size=size, link=link, info=info, entsize=entsize))

    def string(table, index):
        start = table["offset"] + index
        return data[start:data.index(b"\0", start)].decode("utf-8", "replace")

    if headers:
        strtab = headers[shstrndx]
        for h in headers:
            h["name"] = string(strtab, h["name"])
            h["data"] = b"" if h["type"] == SHT_NOBITS else \
                data[h["offset"]:h["offset"] + h["size"]]
    return end, is64, headers, string


def section(data, name):
    """The contents of the named section of an ELF image, or b""."""
    for h in parse(data)[2]:
        if h["name"] == name:
            return h["data"]
    return b""


def fixup_sites(data):
    """The site strings fix-up mode recorded in an ELF image."""
    return [s.decode("utf-8", "replace")
            for s in section(data, FIXUP_SECTION).split(b"\0") if s]


def _read(path):
    with open(path, "rb") as f:
        data = f.read()
    end, is64, headers, string = parse(data)
    if not is64:
        raise ValueError("%s: not an ELF64 file" % path)
    return data, end, headers, string


def symbols(path):
    """The symbols as a sorted list of (name, section, value, size, info)."""
    data, end, headers, string = _read(path)
    out = []
    for h in headers:
        if h["type"] != SHT_SYMTAB:
            continue
        names = headers[h["link"]]
        for i in range(1, h["size"] // 24):
            name, info, _, shndx, value, size = struct.unpack_from(
                end + "IBBHQQ", h["data"], i * 24)
            sec = headers[shndx]["name"] if 0 < shndx < len(headers) else shndx
            out.append((string(names, name), sec, value, size, info))
    return sorted(out, key=repr)


def relocations(path):
    """Per relocated section: sorted (offset, type, symbol name, addend)."""
    data, end, headers, string = _read(path)
    out = {}
    for h in headers:
        if h["type"] != SHT_RELA:
            continue
        symtab = headers[h["link"]]
        names = headers[symtab["link"]]
        rels = []
        for i in range(h["size"] // 24):
            off, info, addend = struct.unpack_from(end + "QQq", h["data"], i * 24)
            sym = info >> 32
            name, _, _, shndx = struct.unpack_from(end + "IBBH", symtab["data"], sym * 24)
            label = string(names, name) or (headers[shndx]["name"] if shndx < len(headers) else "")
            rels.append((off, info & 0xffffffff, label, addend))
        out[headers[h["info"]]["name"]] = sorted(rels)
    return out


def alloc_sections(path):
    """The sections loaded at run time (code and data): name -> bytes."""
    _, _, headers, _ = _read(path)
    return {h["name"]: (h["type"], h["flags"], h["data"]) for h in headers
            if h["flags"] & SHF_ALLOC}


def differences(a, b):
    """What differs between objects a and b in generated code: the loaded
    sections (contents, type, flags), their relocations, and the symbols.
    Returns a list of short descriptions, empty when they are the same."""
    out = []
    sa, sb = alloc_sections(a), alloc_sections(b)
    for name in sorted(set(sa) | set(sb)):
        if sa.get(name) != sb.get(name):
            out.append("section " + name)
    ra, rb = relocations(a), relocations(b)
    for name in sorted(set(ra) | set(rb)):
        if ra.get(name) != rb.get(name):
            out.append("relocations of " + name)
    if symbols(a) != symbols(b):
        out.append("symbols")
    return out
