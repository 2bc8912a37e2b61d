"""The aarch64 checker on places in several files (check_places), as the
survey uses it on kernel objects: heads in one header, accesses in another,
limited to the functions named.  Facts read by hand from each snippet."""
import textwrap

from rcuderef.asmcheck.aarch64 import check_places
from asm_snippets import func, unit

HEADER = '\t.file 2 "page-flags.h"\n\t.file 3 "atomic.h"\n'


def obj(*functions):
    """A unit whose ``@F:L`` lines attribute to file F (2: page-flags.h, 3:
    atomic.h, 1: t.c) and line L."""
    out = []
    for name, body in functions:
        lines = []
        for raw in textwrap.dedent(body).strip().splitlines():
            text = raw.strip()
            if text.startswith("@"):
                place, _, text = text[1:].partition(" ")
                number, _, line = place.partition(":")
                lines.append(f".loc {number} {line} 3")
            lines.append(text)
        out.append(func(name, "\n".join(lines)))
    return unit(out).replace("\t.text\n", "\t.text\n" + HEADER, 1)


HEAD = [("page-flags.h", 253)]
DEP = [("atomic.h", 27)]


def test_access_through_the_head_in_a_header_is_intact():
    res = check_places(obj(("f", """
        @2:253 ldr x1, [x0, 8]
        @3:27 stadd w2, [x1]
        ret
    """)), HEAD, DEP)
    assert [h.text for h in res.heads] == ["ldr x1, [x0, 8]"]
    assert res.verdict == "intact"


def test_branch_to_the_argument_breaks_it():
    # _compound_head(): head & 1 ? head - 1 : page; a branch, not a csel.
    res = check_places(obj(("f", """
        @2:253 ldr x1, [x0, 8]
        tbz x1, 0, .L2
        sub x0, x1, #1
        .L2:
        @3:27 stadd w2, [x0]
        ret
    """)), HEAD, DEP)
    assert res.verdict == "broken"
    assert [a.dependent for _, a in res.accesses] == [False]


def test_same_line_of_another_file_is_not_a_place():
    res = check_places(obj(("f", """
        @1:253 ldr x1, [x0, 8]
        @3:27 stadd w2, [x1]
        ret
    """)), HEAD, DEP)
    assert res.verdict == "no head" and not res.heads


def test_functions_limit_heads_and_accesses():
    body_intact = """
        @2:253 ldr x1, [x0, 8]
        @3:27 stadd w2, [x1]
        ret
    """
    body_broken = """
        @2:253 ldr x1, [x0, 8]
        @3:27 stadd w2, [x3]
        ret
    """
    text = obj(("good", body_intact), ("bad", body_broken))
    assert check_places(text, HEAD, DEP).verdict == "broken"
    assert check_places(text, HEAD, DEP, ["good"]).verdict == "intact"
    assert check_places(text, HEAD, DEP, ["bad"]).verdict == "broken"


def test_access_in_a_function_without_head_is_unreached():
    text = obj(("f", """
        @2:253 ldr x1, [x0, 8]
        ret
    """), ("g", """
        @3:27 stadd w2, [x3]
        ret
    """))
    res = check_places(text, HEAD, DEP)
    assert res.verdict == "unreached" and not res.accesses


def test_only_frame_accesses_vanished():
    res = check_places(obj(("f", """
        @2:253 ldr x1, [x0, 8]
        @3:27 str x1, [sp, 16]
        ret
    """)), HEAD, DEP)
    assert res.verdict == "vanished"


def test_first_heads_are_those_no_head_value_precedes():
    """A list walk's line: the first pointer's load (nothing loaded by a
    head before it) is a first head; the next pointer's load, through a
    constant address while the walk's pointer is in x1, is not."""
    from rcuderef.asmcheck.aarch64 import Places
    places = Places(obj(("f", """
        @2:253 ldr x1, [x0, 8]
        adrp x2, nodes
        @2:253 ldr x3, [x2, #:lo12:nodes]
        @3:27 stadd w2, [x1]
        ret
    """)))
    first = places.first_heads(HEAD)
    heads = places.check(HEAD, DEP).heads
    assert [h.text for h in heads if h.index in first] == ["ldr x1, [x0, 8]"]
    assert len(heads) == 2


def test_head_joined_with_another_lookup_is_dependent_from_the_heads():
    """macvlan_handle_frame()'s shape (drivers-net survey slice): the
    pointer is the head on one path and another lookup's result on the
    other; the access after the join is not dependent on every path
    (broken), but on every path that passes the head load it is
    (Places.from_heads).  An access before the head is never."""
    from rcuderef.asmcheck.aarch64 import Places
    text = obj(("f", """
        @1:5 cbz w3, .L2
        @2:253 ldr x1, [x0, 8]
        @1:6 b .L3
    .L2:
        @1:7 ldr x1, [x4, 16]
    .L3:
        @3:27 ldr w2, [x1]
        @1:9 ldr w5, [x6]
        ret
    """))
    places = Places(text)
    res = places.check(HEAD, DEP)
    assert res.verdict == "broken"
    lost = [insn for insn, a in res.accesses if not a.dependent]
    assert [i.text for i in lost] == ["ldr w2, [x1]"]
    assert places.from_heads(HEAD, lost)
    other = [i for i in places.program.insns if i.text == "ldr w5, [x6]"]
    before = [i for i in places.program.insns if i.text == "ldr x1, [x4, 16]"]
    assert not places.from_heads(HEAD, other) and not places.from_heads(HEAD, before)
