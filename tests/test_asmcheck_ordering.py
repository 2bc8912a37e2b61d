"""Unit tests for rcuderef/asmcheck/ordering.py, the ordering checker that
tests/test_fixup.py, tests/test_speculation.py and tests/test_liburcu.py
take as the truth for fix-up mode.

Each snippet is hand-written aarch64 assembly of t.c (tests/asm_snippets.py):
the head on line 6, the dependent access on line 7, other statements on
line 9.  The expected results follow from the arm64 rules the checker's
docstring states (an acquire on a head line, or a barrier that orders
earlier loads, on every path from the function's entry), read off each
snippet by hand.
"""

import pytest

from rcuderef.asmcheck import aarch64, ordering
from tests import asm_snippets

HEAD, DEP = 6, 7


def unit(*functions):
    return asm_snippets.unit(functions, "\t.arch armv8-a\n")


def func(name, body):
    return asm_snippets.func(name, body, "%function")


def unordered(body, heads=(HEAD,), deps=(DEP,)):
    return ordering.unordered_dep_lines(unit(func("f", body)), "t.c", set(heads), set(deps))


PLAIN_HEAD = """
@6 ldr x1, [x0]
@7 ldr w0, [x1, 4]
ret
"""


def test_plain_load_head_orders_nothing():
    assert unordered(PLAIN_HEAD) == {DEP}


@pytest.mark.parametrize("load", ["ldar x1, [x0]", "ldapr x1, [x0]", "ldarb w1, [x0]",
                                  "ldarh w1, [x0]", "ldaprb w1, [x0]", "ldaprh w1, [x0]",
                                  "ldar w1, [x0]"])
def test_acquire_head_orders_the_access(load):
    assert unordered("@6 %s\n@7 ldr w0, [x2, 4]\nret" % load) == set()


def test_acquire_on_another_line_is_no_head():
    """An acquire that is not on a head line orders nothing for the head."""
    body = """
    @6 ldr x1, [x0]
    @9 ldar x3, [x2]
    @7 ldr w0, [x1, 4]
    ret
    """
    assert unordered(body) == {DEP}
    assert unordered(body, heads=(HEAD, 9)) == set()


@pytest.mark.parametrize("barrier, orders", [
    ("dmb ishld", True), ("dmb ish", True), ("dmb sy", True), ("dmb ld", True),
    ("dmb oshld", True), ("dmb nsh", True),
    ("dmb ishst", False), ("dmb st", False), ("dmb oshst", False),
])
def test_barrier_after_the_head(barrier, orders):
    body = "@6 ldr x1, [x0]\n@9 %s\n@7 ldr w0, [x1, 4]\nret" % barrier
    assert unordered(body) == (set() if orders else {DEP})


def test_barrier_before_the_head_is_too_early_only_if_on_a_path():
    """A barrier anywhere on the path from the entry counts (the checker
    asks for an ordering point on every path, not its place relative to
    the head): the corpus never puts one before the head, and this pins
    down what the checker answers if a case does."""
    body = "@9 dmb ishld\n@6 ldr x1, [x0]\n@7 ldr w0, [x1, 4]\nret"
    assert unordered(body) == set()


def test_barrier_on_one_path_only():
    body = """
    @6 ldr x1, [x0]
    @9 cbz x2, .L2
    @9 dmb ishld
    .L2:
    @7 ldr w0, [x1, 4]
    ret
    """
    assert unordered(body) == {DEP}


def test_barrier_on_both_paths():
    body = """
    @6 ldr x1, [x0]
    @9 cbz x2, .L2
    @9 dmb ishld
    @9 b .L3
    .L2:
    @9 dmb ish
    .L3:
    @7 ldr w0, [x1, 4]
    ret
    """
    assert unordered(body) == set()


def test_access_only_on_the_ordered_path():
    body = """
    @6 ldr x1, [x0]
    @9 cbz x2, .L2
    @9 dmb ishld
    @7 ldr w0, [x1, 4]
    .L2:
    ret
    """
    assert unordered(body) == set()


def test_loop_back_edge_does_not_order_the_first_iteration():
    body = """
    @6 ldr x1, [x0]
    .L1:
    @7 ldr w0, [x1, 4]
    @9 dmb ishld
    @9 cbnz w0, .L1
    ret
    """
    assert unordered(body) == {DEP}


def test_call_does_not_undo_an_acquire():
    body = """
    @6 ldar x1, [x0]
    @9 bl g
    @7 ldr w0, [x1, 4]
    ret
    """
    assert unordered(body) == set()


def test_dependent_store_is_an_access():
    body = "@6 ldr x1, [x0]\n@7 str w2, [x1, 4]\nret"
    assert unordered(body) == {DEP}
    body = "@6 ldapr x1, [x0]\n@7 str w2, [x1, 4]\nret"
    assert unordered(body) == set()


@pytest.mark.parametrize("access", ["ldr w3, [sp, 12]", "str w3, [sp, 12]",
                                    "ldr w3, [x29, 24]", "ldp x29, x30, [sp], 16"])
def test_stack_accesses_are_not_dependent_accesses(access):
    assert unordered("@6 ldr x1, [x0]\n@7 %s\nret" % access) == set()


def test_non_access_on_a_dep_line_is_ignored():
    assert unordered("@6 ldr x1, [x0]\n@7 add x0, x1, 4\n@7 prfm pldl1keep, [x1]\nret") == set()


def test_unreachable_access_is_not_reported():
    body = """
    @6 ldr x1, [x0]
    @9 ret
    @7 ldr w0, [x1, 4]
    ret
    """
    assert unordered(body) == set()


def test_each_function_starts_unordered():
    """An acquire in one function orders nothing in the next one."""
    f = func("f", "@6 ldar x1, [x0]\n@7 ldr w0, [x1, 4]\nret")
    g = func("g", "@6 ldr x1, [x0]\n@7 ldr w0, [x1, 8]\nret")
    assert ordering.unordered_dep_lines(unit(f, g), "t.c", {HEAD}, {DEP}) == {DEP}
    assert ordering.unordered_dep_lines(unit(f), "t.c", {HEAD}, {DEP}) == set()


def test_only_the_dep_lines_asked_for():
    body = "@6 ldr x1, [x0]\n@7 ldr w0, [x1, 4]\n@9 ldr w2, [x1, 8]\nret"
    assert unordered(body, deps=(DEP, 9)) == {DEP, 9}
    assert unordered(body, deps=(9,)) == {9}


def test_orders_loads():
    insns = aarch64.parse(unit(func("f", """
    @6 ldar x1, [x0]
    @9 ldar x2, [x0]
    @9 dmb
    @9 dmb ishld
    @9 dmb ishst
    @6 ldr x3, [x0]
    ret
    """)), "t.c").insns
    got = [ordering.orders_loads(i, {HEAD}) for i in insns]
    assert got == [True, False, False, True, False, False, False]


def test_ordered_before_states():
    program = aarch64.parse(unit(func("f", """
    @6 ldar x1, [x0]
    @7 ldr w0, [x1, 4]
    ret
    @7 ldr w0, [x1, 8]
    """)), "t.c")
    assert ordering.ordered_before(program, {HEAD}) == [False, True, True, None]
