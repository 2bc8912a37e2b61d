"""Turn pointer loads of a csmith program into dependency heads.

csmith names every variable uniquely (g_N globals, l_N locals, p_N
parameters) and writes each dereference of a pointer variable as
"(*g_N)", "(**l_N)", "(*l_N[i][2])".  Such a parenthesised dereference is
an lvalue whose innermost operand is a load of the pointer variable, so
replacing the variable by a head leaves the program's meaning unchanged:

    (*g_214)  ->  (*rcu_dereference(g_214))
    (**l_7)   ->  (**__atomic_load_n(&l_7, __ATOMIC_CONSUME))

Both forms load the same value once (a volatile load or an atomic load),
so the program's checksum cannot change, and "*head" stays an lvalue
(stores through it work).  Only variables declared with a pointer type,
indexed down to a pointer element, are rewritten; the choice of sites is
a pseudo-random function of the seed.

csmith's pointers rarely meet the patterns that break dependencies, so
some plain reads ("(*g_2)" used as a value) of a pointer initialised with
the address of a global ("int32_t *g_2 = &g_1;") get the equality
substitution hazard of rcu_dereference.rst instead, with the same value:

    ({ __auto_type __p = HEAD;
       __p == &g_1 ? ({ __auto_type __a = *__p; __a; })
                   : ({ __auto_type __b = *__p; __b; }); })

(two arms the front end cannot fold into one).  GCC substitutes &g_1 for
__p in the first arm, which breaks the dependency: these are what fix-up
mode has to repair.
"""
import random
import re

HEADER = '#include "rcu_deref.h"\n'

# Type words csmith uses in declarations.
TYPE_WORDS = {
    "static", "const", "volatile", "struct", "union", "signed", "unsigned",
    "char", "short", "int", "long", "void",
    "int8_t", "int16_t", "int32_t", "int64_t",
    "uint8_t", "uint16_t", "uint32_t", "uint64_t",
}
NAME = r"[glp]_\d+"
DECL = re.compile(r"^\s*(?P<type>[A-Za-z_][\w\s*]*?)\s*\b(?P<name>" + NAME +
                  r")(?P<dims>(?:\[\d+\])*)\s*(?P<end>[=;])(?P<init>.*)$")
# The first object address of an initializer: "= &g_1;", "= {&g_4[1], ..."
INIT_TARGET = re.compile(r"^\s*\{*\s*&(?P<target>g_\d+(?:\[\d+\])*)\s*[,;}]")
PARAM = re.compile(r"(?P<type>[A-Za-z_][\w\s*]*?)\s*\b(?P<name>p_\d+)\s*(?=[,)])")
FUNC_DEF = re.compile(r"^static .*\bfunc_\d+\((?P<params>[^)]*)\)\s*$")
SITE = re.compile(r"\((?P<stars>\*+)(?P<name>" + NAME +
                  r")(?P<index>(?:\[[\w +-]+\])*)\)")
FUNCTIONS_MARK = "/* --- FUNCTIONS --- */"


def _is_type(text):
    words = re.findall(r"[A-Za-z_]\w*", text)
    return bool(words) and all(w in TYPE_WORDS or re.fullmatch(r"[SU]\d+", w)
                               for w in words)


def _volatile_object(ptype):
    """Whether the pointer object itself (not what it points to) is volatile."""
    return "volatile" in ptype[ptype.rindex("*"):]


def pointer_variables(source, targets=None):
    """{name: (number of array dimensions, whether volatile)} of every
    variable, global, local or parameter, whose (element) type is a pointer.
    targets, a dict, receives {name: "&g_N..."} for pointers initialised
    with the address of a global."""
    found = {}
    for line in source.splitlines():
        m = FUNC_DEF.match(line)
        if m:
            for p in PARAM.finditer(m.group("params")):
                if "*" in p.group("type") and _is_type(p.group("type").replace("*", " ")):
                    found[p.group("name")] = (0, _volatile_object(p.group("type")))
            continue
        m = DECL.match(line)
        if m and "*" in m.group("type") and _is_type(m.group("type").replace("*", " ")):
            found[m.group("name")] = (m.group("dims").count("["),
                                      _volatile_object(m.group("type")))
            t = INIT_TARGET.match(m.group("init")) if m.group("end") == "=" else None
            if t is not None and targets is not None:
                targets[m.group("name")] = "&" + t.group("target")
    return found


ASSIGN_AFTER = re.compile(r"\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)|\s*(?:\+\+|--|\.|\[|->)")
LVALUE_BEFORE = re.compile(r"(?:&|\+\+|--)\s*$")


def plain_read(text, start, end):
    """Whether the parenthesised dereference text[start:end] is only read
    as a value (not assigned, incremented, addressed or a struct base)."""
    if ASSIGN_AFTER.match(text, end):
        return False
    before = text[max(0, start - 3):start]
    return not LVALUE_BEFORE.search(before) or before.endswith("&&")


def compare_expr(head, target):
    return ("({ __auto_type __p = %s; __p == %s ? ({ __auto_type __a = *__p; __a; }) "
            ": ({ __auto_type __b = *__p; __b; }); })" % (head, target))


def head_expr(kind, lvalue):
    if kind == "rcu":
        return "rcu_dereference(%s)" % lvalue
    return "__atomic_load_n(&%s, __ATOMIC_CONSUME)" % lvalue


def add_heads(source, seed, fraction=0.5, volatile_rcu=True, compare=0.3):
    """Return (new source, {"rcu": n, "consume": n, "compare": n, "sites":
    candidates, "heads": [[line, column, kind, compare], ...]}); "compare"
    counts the heads (among rcu and consume) given the equality hazard, for
    a fraction `compare` of the eligible ones.  "heads" locates each head
    in the new source as GCC does (1-based line, 1-based byte column of the
    `rcu_dereference` or `__atomic_load_n` token: the location of its load
    and of the plugin's "dependency head" note), in source order.

    volatile_rcu=False makes volatile-qualified pointer objects consume
    loads only: rcu_deref.h's rcu_dereference() copies its argument's type,
    qualifiers included, so with the plugin the marker reads a volatile
    local once more (fuzz/repro/volatile_pointer_object.c)."""
    rng = random.Random("heads-%d" % seed)
    targets = {}
    pointers = pointer_variables(source, targets)
    counts = {"rcu": 0, "consume": 0, "compare": 0, "sites": 0}
    split = source.find(FUNCTIONS_MARK)
    if split < 0:
        split = 0

    def rewrite(m):
        """(replacement, None or (offset of the head in it, kind, compare))."""
        name, index = m.group("name"), m.group("index")
        dims, volatile = pointers.get(name, (None, False))
        if dims != index.count("["):
            return m.group(0), None
        counts["sites"] += 1
        if rng.random() >= fraction:
            return m.group(0), None
        kind = rng.choice(("rcu", "consume"))
        if volatile and not volatile_rcu:
            kind = "consume"
        counts[kind] += 1
        head = head_expr(kind, name + index)
        if (m.group("stars") == "*" and name in targets and
                plain_read(m.string, m.start(), m.end()) and rng.random() < compare):
            counts["compare"] += 1
            text = "(%s)" % compare_expr(head, targets[name])
            return text, (text.index(head), kind, True)
        text = "(%s%s)" % (m.group("stars"), head)
        return text, (text.index(head), kind, False)

    head = source[:split]
    include = head.find('#include "csmith.h"')
    if include >= 0:
        end = head.index("\n", include) + 1
        head = head[:end] + HEADER + head[end:]
    else:
        head = HEADER + head
    pieces, placed, pos, size = [head], [], 0, len(head)
    body = source[split:]
    for m in SITE.finditer(body):
        text, where = rewrite(m)
        pieces += [body[pos:m.start()], text]
        size += m.start() - pos
        if where is not None:
            placed.append((size + where[0],) + where[1:])
        size += len(text)
        pos = m.end()
    pieces.append(body[pos:])
    out = "".join(pieces)
    counts["heads"] = [[out.count("\n", 0, offset) + 1,
                        offset - out.rfind("\n", 0, offset), kind, compare]
                       for offset, kind, compare in placed]
    return out, counts
