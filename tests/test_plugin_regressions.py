"""Plugin regressions found on real code (survey/repro/, from the kernel
survey): each checked against the aarch64 assembly or against what the
source says, not against the plugin's earlier output."""
import os
import re
import subprocess

import pytest

from rcuderef import diagnostics
from rcuderef.asmcheck import aarch64 as asmcheck
from rcuderef.compiler import ENV, REPO, TARGETS, plugin_path
from tests.corpus import CHECKERS

REPRO = os.path.join(REPO, "survey", "repro")
INCLUDE = os.path.join(REPO, "plugin", "include")


def warnings(name, target, args=(), opt="-O2"):
    cmd = [TARGETS[target], opt, "-S", "-o", os.devnull, "-I", INCLUDE,
           "-fdiagnostics-format=json", "-fplugin=" + plugin_path(target),
           *["-fplugin-arg-rcu_deref_plugin-" + a for a in args],
           os.path.join(REPRO, name)]
    r = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    return [d for d in diagnostics.parse(r.stderr) if d["kind"] == "warning"]


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("name", ["loop_peel_list.c", "loop_peel_list_clone.c"])
def test_walk_from_a_static_element_is_not_a_break(name, target):
    """for_each_process(): the first iteration reads init_task.tasks.next
    through &init_task itself, no head: loop header copying gives it its own
    copy, whose constant address is the walk's start, not a substitution."""
    assert warnings(name, target) == []


def repro_asm(name, opt):
    """The aarch64 assembly of a reproducer, GCC alone."""
    return asmcheck.compile_to_asm(os.path.join(REPRO, name), opt=opt,
                                   extra=("-I", INCLUDE))


def broken_in_asm(name, opt, heads, accesses, asm=None):
    """The aarch64 checker's broken lines of a reproducer (GCC alone)."""
    asm = asm if asm is not None else repro_asm(name, opt)
    return asmcheck.analyze(asm, name, heads, accesses).broken_lines


def expansion_lines(diag, basename):
    """Lines of basename where the diagnostic is, or its macro expands."""
    out = set()
    for d in [diag] + diag.get("children", []):
        f, line = diagnostics.caret(d)
        if f == basename:
            out.add(line)
    return out


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_ksm_list_add_through_inlined_getters(target):
    """mm/ksm.c cmp_and_merge_page(), reduced: stable_node comes out of
    three inlined helpers that return values loaded through their
    parameters; the stores of list_add() use &migrate_nodes after fre."""
    name = "ksm_cmp_and_merge_page_miss.c"
    path = os.path.join(REPRO, name)
    asm = asmcheck.compile_to_asm(path, opt="-O2", extra=("-I", INCLUDE))
    # Head: READ_ONCE(page->compound_head), line 59; list_add()'s accesses
    # on lines 46 (next->prev), 49 (WRITE_ONCE(prev->next)), 54 (head->next).
    truth = asmcheck.analyze(asm, name, {59}, {46, 49, 54}).broken_lines
    assert truth == {46, 49, 54}
    warned = set()
    for w in warnings(name, target, ["read-once-heads"]):
        warned |= expansion_lines(w, name) & truth
    assert warned == truth


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("name, args", [
    ("nested_call_arg.c", ()),
    ("nested_call_seq.c", ()),
    ("nested_call_swapin.c", ("read-once-heads",)),
])
def test_calls_nested_on_one_line_keep_their_own_arguments(name, args, target):
    """read_counter(&last) nested in use(p, ...): both calls have the
    statement's location, and the inlined helper's parameter is &last, a
    constant in the source: no head reaches it (mm/swap_state.c)."""
    assert warnings(name, target, args) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_read_only_objects_need_no_order(target):
    """".b"[!!READ_ONCE(t)] (kernel/rcu/tree_stall.h): the string literal
    is never written, so no store can race with its load."""
    assert warnings("bool_index_literal.c", target, ("read-once-heads",)) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("name", ["do_each_thread.c", "phi_null_arm.c"])
def test_paths_that_never_had_a_head(name, target):
    """do_each_thread() starts both loops at &init_task (fs/fs_struct.c);
    a pointer that is the head or NULL, split per path by PRE, has a NULL
    path copy at address 0 (kernel/cgroup/cgroup.c): neither copy ever
    depended on a head."""
    assert warnings(name, target) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("name,opt", [
    ("param_load_arm.c", "-O2"), ("call_result_arm.c", "-Os"),
    ("asm_output_arm.c", "-Os"), ("asm_memory_clobber.c", "-O2"),
    ("clamp_constant_arm.c", "-O2")])
def test_final_code_arms(name, opt, target):
    """The final-code check's arms, from the test kernel's false positives
    (lib/rhashtable.c, kernel/signal.c, atomic_ll_sc.h, rcutorture.c): a
    walk that starts at a plain load through a parameter, at a marker
    computed from a call's result, or at an asm's output, and an index
    clamped to a constant, have no dependency to keep on that path
    (each file's header reads the assembly); an asm's "memory" clobber is
    no access (each target's asm checker, on that target's own asm in the
    file, finds its accesses intact).  Each file warned before its fix, at
    the level given here."""
    if name == "asm_memory_clobber.c":
        res = CHECKERS[target].compile_and_analyze(
            os.path.join(REPRO, name), cc=TARGETS[target], opt=opt, extra=("-I", INCLUDE))
        assert res.heads and res.broken_lines == set() and not res.vanished_lines
        assert res.deps and all(res.deps.values())
    assert warnings(name, target, opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_error_pointer_arm(opt, target):
    """A helper returns the head's value or ERR_PTR(-EAGAIN)
    (rhashtable_try_insert()): the error pointer, in a register chosen by a
    select or merged at a loop's join, is an arm, since no access through
    it reads memory.  The truth: the target's assembly checker, whose
    must-analysis lets an error pointer's path give way; this warned at
    -O1, -O2, -Os (twice) and -O3 (once) on aarch64 before the fix."""
    checker = CHECKERS[target]
    res = checker.compile_and_analyze(os.path.join(REPRO, "err_ptr_arm.c"),
                                      opt=opt, extra=("-I", INCLUDE))
    assert {h.function for h in res.heads} == {"pick", "pick2"}
    assert set(res.deps) == {49, 63} and all(res.deps.values())
    assert res.broken_lines == set() and not res.vanished_lines
    assert warnings("err_ptr_arm.c", target, opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_anchored_static_arm(opt, target):
    """tcp_assign_congestion_control() (Linux 6.12), reduced: ca is the
    head or &reno, which the source merges with it; the reads through ca
    on the &reno path never depended on the head (the rule read by hand:
    an arm).  On arm64 the arm's address is a section anchor plus reno's
    offset; at -O1 a csel picks between it and the head's register.  The
    checker, which knows no source arms, sees what the assembly does:
    line 55's read through the select only (-O1), or a join (the other
    levels).  The plugin warned on lines 55 and 57 at every level before
    it resolved anchors (SYMBOL_REF_BLOCK)."""
    name = "anchor_arm.c"
    path = os.path.join(REPRO, name)
    if target == "aarch64-linux-gnu":
        asm = asmcheck.compile_to_asm(path, opt=opt, extra=("-I", INCLUDE))
        # weights[] is placed first in the anchored block, so &reno is
        # .LANCHOR0 plus a non-zero offset.
        block = asm[asm.index(".set\t.LANCHOR0"):]
        assert block.index("weights:") < block.index("reno:")
        if opt == "-O1":
            assert re.search(r"add\t(x\d+), \1, :lo12:\.LANCHOR0\n"
                             r"\tadd\t\1, \1, 24\n\tcmp\tw0, 0\n"
                             r"\tcsel\tx\d+, \1, x\d+, eq\n", asm), asm
            res = asmcheck.analyze(asm, name, {49}, {55, 57})
            assert [a.via_flags for a in res.deps[55]] == [True]
    assert warnings(name, target, opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_stack_object_arm(opt, target):
    """tcp_bpf_sendmsg() (Linux 6.12), reduced: msg is psock->cork, loaded
    through the head, or &tmp, a local object, which the source merges
    with it; on the &tmp path nothing through msg depended on the head (the
    rule read by hand: an arm).  The checker, which knows no source arms,
    finds the accesses after the join (lines 52, 53) without a dependency,
    and the arm is a frame address ("add xN, sp, OFF") in the assembly.
    The plugin warned 3 to 4 times at each level before local objects'
    addresses were arms."""
    name = "stack_object_arm.c"
    path = os.path.join(REPRO, name)
    if target == "aarch64-linux-gnu":
        asm = asmcheck.compile_to_asm(path, opt=opt, extra=("-I", INCLUDE))
        assert re.search(r"\tadd\tx\d+, sp, \d+\n", asm), asm
        res = asmcheck.analyze(asm, name, {44}, {45, 46, 50, 52, 53})
        assert {52, 53} <= res.broken_lines
    assert warnings(name, target, opt=opt) == []


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_epilogue_restore_is_no_access(opt):
    """ext4_get_group_info() (Linux 6.12), reduced: at -O2 and -O3 the
    epilogue restores x21 ("ldr x21, [sp, 32]") with the location of the
    last access, line 62, and no MEM_EXPR.  The truth, from the assembly
    checker: both accesses (lines 58, 62) depend on the head, and the
    restore is a stack access, not one through a pointer.  The plugin took
    the restore for the access and warned at -O2 and -O3 before frame
    slots and frame-related insns were kept out of location matching (the
    same in five more 6.12 objects)."""
    name = "epilogue_restore_location.c"
    path = os.path.join(REPRO, name)
    asm = asmcheck.compile_to_asm(path, opt=opt, extra=("-I", INCLUDE))
    res = asmcheck.analyze(asm, name, {57}, {58, 62})
    assert res.broken_lines == set() and not res.vanished_lines
    assert all(a.dependent for line in (58, 62) for a in res.deps[line]
               if not a.stack)
    if opt in ("-O2", "-O3"):
        assert [a.insn_text for a in res.deps[62] if a.stack] == ["ldr x21, [sp, 32]"]
    assert warnings(name, "aarch64-linux-gnu", opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_fresh_allocation_arm(opt, target):
    """ioctx_add_table() (Linux 6.12), reduced: the loop's table is a
    head's value or what kzalloc() (malloc attribute) just returned.  The
    rule read by hand: a new object needs no ordering, whatever its size
    came from.  At -O2 the assembly shows the join: the loop's register is
    set from the head's load or from kzalloc()'s result ("bl kzalloc;
    mov x19, x0" ... "mov x20, x19").  The plugin warned on lines 50 and 51
    at -O2 and -O3 before allocators' results were arms."""
    name = "fresh_allocation_arm.c"
    if target == "aarch64-linux-gnu" and opt == "-O2":
        asm = asmcheck.compile_to_asm(os.path.join(REPRO, name), opt=opt,
                                      extra=("-I", INCLUDE))
        text = "\n".join(i.text for i in asmcheck.parse(asm, name).insns)
        assert "bl kzalloc\nmov x19, x0\n" in text, text
        assert "\nmov x20, x19\n" in text and "ldr x20, [x21, 8]" in text
    assert warnings(name, target, opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_constant_base_arm(opt, target):
    """page_count() after _compound_head() on pfn_to_page(pfn), reduced
    from mm/compaction.c (76 read-once-heads warnings of the 6.1 survey):
    the address is head - 1 (the READ_ONCE(), line 33) or the page, the
    constant vmemmap plus the frame number's offset, which never depended
    on the head (the rule read by hand: an arm).  On aarch64 a csel picks
    between them (-Os: a branch and a join); the checker, which knows no
    source arms, finds the access (line 42) broken.  The plugin warned
    on line 42 at every level before the walk to the arms went past a
    constant base to the offset."""
    name = "compound_head_pfn_arm.c"
    if target == "aarch64-linux-gnu":
        asm = asmcheck.compile_to_asm(os.path.join(REPRO, name), opt=opt,
                                      extra=("-I", INCLUDE))
        if opt != "-Os":
            assert re.search(r"\tcsel\tx\d+, x\d+, x\d+, (eq|ne)\n", asm), asm
        res = asmcheck.analyze(asm, name, {33}, {42})
        assert res.broken_lines == {42}
    assert warnings(name, target, ["read-once-heads"], opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os"])
def test_frame_pointer_register_is_no_slot(opt, target):
    """tty_signal_session_leader() (Linux 6.12, the riscv64 and powerpc64le
    test kernels), reduced: the walk's cursor lives across a call in the
    frame pointer's register (s0, r31), which is an ordinary one in a
    function without a frame pointer.  The truth: the target's assembly
    checker finds every access through the cursor (lines 39, 40) intact.
    The plugin warned twice at each level on riscv64 and powerpc64le
    ("broken by reload") before the frame pointer's register was a slot
    base only with a frame pointer."""
    name = "frame_pointer_register.c"
    res = CHECKERS[target].compile_and_analyze(os.path.join(REPRO, name),
                                               opt=opt, extra=("-I", INCLUDE))
    assert set(res.deps) == {39, 40} and all(res.deps.values())
    assert res.broken_lines == set() and not res.vanished_lines
    assert warnings(name, target, opt=opt) == []


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_register_variable_arm(opt):
    """next_thread() walk from riscv64's current task, a global register
    variable in tp (Linux 6.1's do_wait()), reduced; riscv64 only (the
    register).  The rule read by hand: the walk starts at current, which
    never depended on a head, an arm, as do_each_thread() starting at
    &init_task.  The riscv64 checker, which knows no source arms, finds
    the accesses (lines 42, 43) broken on that entry path: their base
    register is a copy of tp there ("mv a5,tp").  The plugin warned on
    both lines and on the walk's own load at every level before a
    register variable was an arm."""
    target = "riscv64-linux-gnu"
    name = "register_variable_arm.c"
    res = CHECKERS[target].compile_and_analyze(os.path.join(REPRO, name),
                                               opt=opt, extra=("-I", INCLUDE))
    assert {42, 43} <= res.broken_lines
    assert warnings(name, target, opt=opt) == []


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_register_variable_after_a_call(opt):
    """check_unsafe_exec()'s next_thread() walk (Linux 6.1, riscv64),
    reduced: current, the global register variable in tp, is read after a
    call, which GCC lets change a global register.  The rule read by hand:
    every access through t is through a head, or on the entry path
    through current, an arm (register_variable_arm.c); nothing is lost.
    The riscv64 checker finds the access through each thread (line 52)
    dependent.  The plugin warned at -Os (the walk's own load, from the
    copy of tp on the entry path, "broken by expand") and six times in the
    riscv64 6.1 test kernel, before the arm's register held an arm's value
    after a call too."""
    target = "riscv64-linux-gnu"
    name = "register_variable_call_arm.c"
    res = CHECKERS[target].compile_and_analyze(os.path.join(REPRO, name),
                                               opt=opt, extra=("-I", INCLUDE))
    through_t = [a for a in res.deps[52] if not a.stack]
    assert through_t and all(a.dependent for a in through_t)
    assert warnings(name, target, opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_merged_first_head_is_no_break(opt, target):
    """mn_hlist_invalidate_end() (Linux 6.12, the powerpc64le test kernel's
    one reviewed warning), reduced.  The truth: the target's assembly
    checker finds the access through each node (line 59) intact; and read
    by hand, at -Os one load at the loop's head ("ld 31,0(31)", aarch64
    "ldr x19, [x19]") is the first head on the entry path and the next
    head through the node on the loop's path, with no other load of
    either.  The plugin warned once at -Os on every target (the merged
    load taken for the next pointer's access, not derived on the entry
    path) before a head load that another head of its chain was merged
    into needed no dependency there."""
    name = "hlist_merged_first_head.c"
    res = CHECKERS[target].compile_and_analyze(os.path.join(REPRO, name),
                                               opt=opt, extra=("-I", INCLUDE))
    assert set(res.deps) == {59} and all(res.deps.values())
    assert res.broken_lines == set() and not res.vanished_lines
    assert warnings(name, target, opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_error_pointer_at_a_loop_join(opt, target):
    """rhashtable_try_insert(), reduced: ERR_PTR() is an inline function,
    so its constants are no merged constants of the source; after inlining
    they are pointer registers set to -17, -7, -12 that meet the head's
    value at the loop's join.  The truth: the target's assembly checker
    (an error pointer's path gives way) finds every access intact.  With
    the RTL rule for error pointers in pointer registers taken out, the
    plugin warned 6 times at each level on aarch64."""
    name = "err_ptr_loop_join.c"
    res = CHECKERS[target].compile_and_analyze(os.path.join(REPRO, name),
                                               opt=opt, extra=("-I", INCLUDE))
    assert {h.function for h in res.heads} == {"try_insert"}
    assert {99, 100, 101, 116} <= set(res.deps)
    # The checker's verdict where it is coarser than the code, read by hand.
    assert res.broken_lines == LOOP_JOIN_RANGE_ONLY.get((opt, target), set())
    assert not res.vanished_lines
    assert warnings(name, target, opt=opt) == []


# err_ptr_loop_join.c at -Os on powerpc64le and riscv64, by hand: GCC keeps
# lookup()'s result, when it is not NULL, not -11 or -2 and above -4096
# (an error pointer known only from the range compare before it: "cmpld
# 0,29,30; ble 0,.L5" with r30 = -4096, "bleu a0,s2,.L16" with s2 = -4096),
# as the loop's next new_tbl ("mr 26,29", "mv s5,a0").  That value, like
# NULL, -7, -12 and -17, leaves the loop at its test ("cmpdi 0,28,0; beq";
# then "cmpld 0,28,30; ble 0,.L15", "bleu s4,s2,.L14": the back edge is
# taken by a value below the error range only), so every value that
# reaches the loop's head is a head's load (lines 96, 101, 80) and every
# access is intact.  The checker lets only constant error pointers give
# way: at the join it meets lookup()'s result and calls these lines
# broken.  At the other levels, and on aarch64 and x86-64 at -Os, the
# checker finds every access intact, as the hand reading does.
LOOP_JOIN_RANGE_ONLY = {
    ("-Os", "powerpc64le-linux-gnu"): {80, 99, 100, 101, 116},
    ("-Os", "riscv64-linux-gnu"): {80, 99, 100, 101, 116},
}


def acquire_lines(asm, name):
    """Source lines of the load-acquires in the assembly."""
    return {i.line for i in asmcheck.parse(asm, name).insns if asmcheck.is_acquire(i)}


def test_fixup_leaves_heads_merged_only_in_an_unbroken_value():
    """proc_cgroup_show() (kernel/cgroup/cgroup.c), reduced: the list walk's
    heads (line 83) lose root->id (line 86) on the root == &dfl_root path
    in GIMPLE, and RTL CSE puts the register back, as in
    eq_subst_rtl_restored.c.  The cset head (line 93) reaches the getter's
    PHI, which also holds &root->cgrp, and every access through cset
    (lines 63, 66, 68) keeps its dependency.  The final code breaks
    nothing: no warning, and fix-up mode leaves both heads plain loads
    (it used to make the list walk's head an acquire for a break only
    GIMPLE had, and before that the cset head too)."""
    name = "cgroup_fixup_merged_heads.c"
    path = os.path.join(REPRO, name)
    plain = asmcheck.compile_to_asm(path, opt="-O2", extra=("-I", INCLUDE))
    # The truth, from the assembly without the plugin.
    intact = asmcheck.analyze(plain, name, {83, 93}, {63, 66, 68, 86})
    assert intact.heads and not intact.vanished_lines
    assert intact.broken_lines == set()
    assert acquire_lines(plain, name) == set()
    assert warnings(name, "aarch64-linux-gnu", ["mode=fixup"]) == []
    fixed = asmcheck.compile_to_asm(path, opt="-O2", extra=(
        "-I", INCLUDE, "-fplugin=" + plugin_path("aarch64-linux-gnu"),
        "-fplugin-arg-rcu_deref_plugin-mode=fixup"))
    assert acquire_lines(fixed, name) == set() and "dmb" not in fixed


def test_getters_warned_in_each_function_without_icf():
    """getter_load_miss.c: the store on lines 47, 55 and 68 goes to &lst.next
    in the three functions (read from the assembly); each keeps its own
    body with -fno-ipa-icf and gets its own warning.  With ICF, getter()
    and getter2() take direct()'s body and line 47's warning stands for
    the three."""
    name = "getter_load_miss.c"
    path = os.path.join(REPRO, name)
    for icf in ((), ("-fno-ipa-icf",)):
        asm = asmcheck.compile_to_asm(path, opt="-O2", extra=("-I", INCLUDE, *icf))
        assert asmcheck.analyze(asm, name, {44}, {47}).broken_lines == {47}
    asm = asmcheck.compile_to_asm(path, opt="-O2", extra=("-I", INCLUDE, "-fno-ipa-icf"))
    for head, dep in ((52, 55), (60, 68)):
        assert asmcheck.analyze(asm, name, {head}, {dep}).broken_lines == {dep}, head

    def warned(*flags):
        r = subprocess.run([TARGETS["aarch64-linux-gnu"], "-O2", "-S", "-o", os.devnull,
                            "-I", INCLUDE, "-fdiagnostics-format=json", *flags,
                            "-fplugin=" + plugin_path("aarch64-linux-gnu"), path],
                           capture_output=True, text=True, env=ENV)
        assert r.returncode == 0, r.stderr
        lines = set()
        for d in diagnostics.parse(r.stderr):
            if d["kind"] == "warning":
                lines |= expansion_lines(d, name)
        return lines & {47, 55, 68}
    assert warned() == {47}
    assert warned("-fno-ipa-icf") == {47, 55, 68}


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
@pytest.mark.parametrize("name,head,access", [
    ("struct_param_arm.c", 51, 65),
    ("compound_head_pte_arm.c", 49, 59),
])
def test_register_structure_arm(name, head, access, opt, target):
    """compound_head() on a page taken from a structure that lives in
    registers: a pmd_t parameter passed by value (Linux 6.1
    get_mctgt_type_thp()) and a pte_t a call returned by value (6.12
    pagemap_hugetlb_range()), reduced.  The address is head - 1 (the
    READ_ONCE()) or the page, which never depended on the head: an arm
    (the rule read by hand).  The aarch64 checker, which knows no source
    arms, finds the access broken on the page's path.  The plugin warned
    at every level on every target before the walk to the arms followed
    a field of such a structure to the parameter's registers or to the
    call that wrote it."""
    if target == "aarch64-linux-gnu":
        assert broken_in_asm(name, opt, {head}, {access}) == {access}
    assert warnings(name, target, ["read-once-heads"], opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_shared_stack_slot_arm(opt, target):
    """mm/ksm.c's ksm_scan_thread() (scan_get_next_rmap_item() and
    stable_tree_search() inlined), reduced: compound_head() on a page
    read from a local structure that a call filled and that shares its
    stack slot with another local.  The address is head - 1 (the
    READ_ONCE(), line 44) or the page, which never depended on the head:
    an arm (the rule read by hand).  The aarch64 checker, which knows no
    source arms, finds the access (line 67) broken on the page's path.
    The plugin warned at every level on every target (42 warnings in
    the 6.12 survey's mm/ksm.o) before RTL matched the reference that
    expansion rewrote through the shared slot's pointer to the arm."""
    name = "shared_stack_slot_arm.c"
    if target == "aarch64-linux-gnu":
        assert broken_in_asm(name, opt, {44}, {67}) == {67}
    assert warnings(name, target, ["read-once-heads"], opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_inline_builtin_arm(opt, target):
    """drivers/gpu/drm/panthor/panthor_mmu.c's panthor_vm_active(),
    reduced: the slot index (line 55) is a field read through the head
    (line 44), or ffz() of a mask, or 0.  The last two never depended on
    the head: arms, in the array index (the rule read by hand).  The
    aarch64 checker, which knows no source arms, finds the store broken
    on their path ("rbit; clz", "csel w19, wzr, ..."); the plugin warned
    at every level before it followed arms from array indices and took an
    inline builtin's arguments for its result (1 warning in the 6.12
    whole-defconfig slice drivers-gpu-drm)."""
    name = "inline_builtin_arm.c"
    if target == "aarch64-linux-gnu":
        assert broken_in_asm(name, opt, {44}, {55}) == {55}
    assert warnings(name, target, ["read-once-heads"], opt=opt) == []


@pytest.mark.parametrize("target", sorted(TARGETS))
@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
@pytest.mark.parametrize("name,line", [
    ("loop_carried_plain_load_arm.c", 52),
    ("ringbuf_loop_arm.c", 47),
])
def test_loop_carried_arm(name, line, opt, target):
    """A ring walk advanced by each head's value (kernel/bpf/ringbuf.c
    __bpf_ringbuf_reserve(), 6.1 and 6.12), reduced: each record's address
    is base + (pos & mask), and pos is rb->pending_pos on the loop's entry
    (a plain load, an arm) and the previous position plus the previous
    head's length on the back edge (the rule read by hand: the source has
    a dependency on the back edge only).  The aarch64 checker, which asks
    for one on the entry path too, finds the access broken.  The plugin
    warned at every level on every target before the walk to the arms
    followed the operands a head reaches (the position's PHI) instead of
    the first operand (the ring's base)."""
    if target == "aarch64-linux-gnu":
        assert broken_in_asm(name, opt, {line}, {line}) == {line}
    assert warnings(name, target, ["read-once-heads"], opt=opt) == []


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-Os", "-O3"])
def test_loop_carried_equality(opt):
    """The ring walk of test_loop_carried_arm, going on while each head's
    length is 16 and advancing by it.  The truth, read by hand in the
    aarch64 assembly: the back edge adds the constant 16 ("add x2, x2,
    16"), no register of the next record's address comes from the
    previous head, so the access (line 51) is broken; the checker finds it
    broken too.  The plugin gave no warning (a known miss) while GIMPLE's
    check reported a lost dependency only when the address became a
    constant or an object; now a loop that no longer carries the
    dependency is one: one warning, at line 51, with that reason."""
    name = "loop_carried_equality.c"
    asm = repro_asm(name, opt)
    assert re.search(r"\tadd\tx\d+, x\d+, 16\n", asm), asm
    assert broken_in_asm(name, opt, {51}, {51}, asm) == {51}
    got = warnings(name, "aarch64-linux-gnu", ["read-once-heads"], opt=opt)
    assert [diagnostics.caret(w) for w in got] == [(name, 51)]
    assert "values known before the loop" in got[0]["message"]
    # Fix-up mode orders the next iteration's load after the head: the
    # head (line 51) is a load-acquire, or a load the barrier that orders
    # loads follows (read by hand: "ldr w3, [x4, x3]; dmb ishld").
    fixed = asmcheck.compile_to_asm(os.path.join(REPRO, name), opt=opt, extra=(
        "-I", INCLUDE, "-fplugin=" + plugin_path("aarch64-linux-gnu"),
        "-fplugin-arg-rcu_deref_plugin-read-once-heads",
        "-fplugin-arg-rcu_deref_plugin-mode=fixup"))
    insns = asmcheck.parse(fixed, name).insns
    head = [k for k, i in enumerate(insns) if i.line == 51 and asmcheck.is_load(i)]
    assert head and all(asmcheck.is_acquire(insns[k]) or (
        k + 1 < len(insns) and insns[k + 1].mnemonic == "dmb") for k in head), fixed
    assert not re.search(r"\tdmb\t", asm) and 51 not in acquire_lines(asm, name)


@pytest.mark.parametrize("opt", ["-O2", "-Os"])
def test_arm_bitfield_merge(opt):
    """iwl_mvm_mac_ctxt_get_lowest_rate() (Linux 6.12, drivers/net survey
    slice), reduced: `band` is the bitfield info->band or the band loaded
    through the head's chain, and indexes bands[] (line 38).  Read by hand
    in GCC 12's aarch64 code: on the head's path the address derives from
    the head (`ldrb w1, [x0]; ldr x0, [x2, w1, sxtw 3]` at -O2); on the
    other paths band is info->band, which the source never derived from a
    head: no break, no warning is right.  The bit-field's insn loads the
    word that holds it (MEM_EXPR "*info", not info->band): RTL must take
    that word for the merge's arm (bitfield_word() in rcu_deref_rtl.c)."""
    assert warnings("arm_bitfield_merge.c", "aarch64-linux-gnu", opt=opt) == []


@pytest.mark.parametrize("opt,lines", [
    ("-O1", {34, 37}), ("-O2", set()), ("-O3", set()), ("-Os", set())])
def test_arm_bitfield_merge_eq(opt, lines):
    """arm_bitfield_merge.c with a break GIMPLE makes (c == &defconf: the
    optimizers substitute defconf.chan for c->chan), read by hand in GCC
    12's aarch64 code (the file's comment): at -O1 the final code loads
    defconf.chan from its constant address (lines 34 and 37 broken); at
    -O2, -O3 and -Os RTL loads it through the head's register again, and
    line 37's index is that value or the bit-field info->band, which the
    source never derived from a head: intact.  RTL judges the broken value
    of GIMPLE with its arms (track_address_arms() in rcu_deref_verdict.c
    follows the walk of broken values too)."""
    got = warnings("arm_bitfield_merge_eq.c", "aarch64-linux-gnu", opt=opt)
    assert {diagnostics.caret(d)[1] for d in got} == lines


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-O3", "-Os"])
def test_twin_field_merge(opt):
    """__fdb_flush_matches() in br_fdb_flush() (net/bridge/br_fdb.c:596,
    Linux 6.12 survey), reduced: `dst ? dst->dev->ifindex :
    br->dev->ifindex`, dst read through the head f, br a parameter.  Read
    by hand in GCC 12's aarch64 code (the file's comment): at -Os
    cross-jumping makes the two ifindex loads one insn, reached through
    the head's chain on dst's path and from br->dev on the other, where
    the source never derived the address from a head; at -O1, -O2 and -O3
    each arm keeps its own load.  No break at any level: the load of the
    same field on the same line that depends on no head is an arm of the
    tracked one (verdict_twins())."""
    assert warnings("twin_field_merge.c", "aarch64-linux-gnu", opt=opt) == []


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-O3", "-Os"])
def test_eq_pointer_merge_miss(opt):
    """After `p == q`, q a parameter, GCC loads a through q for p->a and
    merges the load with the else arm's q->a (the file's comment, read by
    hand at -O2: `ldr w0, [x1, 8]` only).  The assembly checker finds line
    33 broken, and the plugin warns there: GIMPLE's check takes an access
    the source made through a head whose base pointer is now one compared
    with the head's value for a break (substituted_pointer()), and the
    final code decides.  It was a miss: an address based on another
    pointer was not judged, in GIMPLE or in RTL."""
    name = "eq_pointer_merge_miss.c"
    asm = asmcheck.compile_to_asm(os.path.join(REPRO, name), opt=opt, extra=("-I", INCLUDE))
    assert asmcheck.analyze(asm, name, {31}, {33}).broken_lines == {33}
    got = warnings(name, "aarch64-linux-gnu", opt=opt)
    assert {diagnostics.caret(d)[1] for d in got} == {33}
    assert "compared equal to" in got[0]["message"]


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-O3", "-Os"])
def test_min_choice_arm(opt):
    """fanout_demux_rollover() (net/packet/af_packet.c:1475, Linux 6.12
    survey), reduced: the index is min(head->rollover->sock, num - 1), or 0
    after the wrap.  Read by hand in GCC 12's aarch64 code (the file's
    comment): the index register holds the loaded sock wherever min() picks
    it; num - 1 and 0 the source never derived from a head.  No break at
    any level: a minimum's operand that no head reaches is an arm."""
    assert warnings("min_choice_arm.c", "aarch64-linux-gnu", opt=opt) == []


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-O3", "-Os"])
def test_call_result_arg_arm(opt):
    """tcp_v6_syn_recv_sock() (net/ipv6/tcp_ipv6.c:1486, Linux 6.12
    survey), reduced: the accesses go through dup_options(newsk, opt)'s
    result, opt a plain load or the head.  Read by hand in GCC 12's
    aarch64 code (the file's comment): the head is the call's argument on
    its path; on the other the argument is a load the source never derived
    from a head.  No break at any level: the arms of a call's argument
    that a head reaches are the result's."""
    assert warnings("call_result_arg_arm.c", "aarch64-linux-gnu", opt=opt) == []


@pytest.mark.parametrize("opt", ["-O1", "-O2", "-O3", "-Os"])
def test_param_compared_head(opt):
    """rt6_fill_node.constprop() (net/ipv6/route.c, Linux 6.12), reduced:
    fill()'s parameter rt stands for the caller's head, and fill()
    compares it with a head of its own.  Read by hand in GCC 12's aarch64
    code (the file's comment): the accesses go through x1, rt itself, the
    caller's head.  No break at any level: only an access the source made
    through a head of the function itself can have had its base pointer
    substituted by one compared with it (test_eq_pointer_merge_miss)."""
    assert warnings("param_compared_head.c", "aarch64-linux-gnu", opt=opt) == []
