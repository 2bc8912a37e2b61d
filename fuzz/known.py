"""The fuzz campaign's verdict disagreements looked at by hand.

Each entry is a head (seed, site) whose plugin verdict and assembly
checker's verdict disagreed in some run of the campaign (a miss, a false
positive, or a head the checker could not decide although the plugin
warned): who is right, read in the aarch64 assembly by hand, why, and
where the fix or the reproducer is.  The campaign report
(fuzz/campaign.py) shows the reason next to each listed head it matches
and lists every entry with the head's class in the current results, so
an entry whose disagreement is gone says so.  fuzz/README.md, "Known
disagreements", describes them.
"""
import collections

Known = collections.namedtuple(
    "Known", "seed head levels reported right reason where")

KNOWN = (
    Known(70, "115:722", ("-O3", "-Os"), "miss", "plugin",
          "the dependent load `ldr w1, [x0]` (115:16) after the head load "
          "(`ldr x0, [x0, #:lo12:.LANCHOR3]`, 115:722) is intact; GCC gives csmith's "
          "argument `g_3[0][1][5]` (115:33 at -O0, `ldr w15, [x21, 44]`) the "
          "call's column 115:16, the dependent key: the key collision made a "
          "false \"broken\" (checker's limit)",
          "the checker's ambiguity rule (587d3d6, `Sites.check`): unknown, "
          "not broken; `tests/test_asmcheck.py::"
          "test_more_accesses_at_a_key_than_at_O0_is_ambiguous`"),
    Known(79, "189:9", ("-Os",), "miss", "plugin",
          "the head's value (`ldr x4, [x2]`, 189:7) stays in x4 across "
          "`bl safe_add_func_int32_t_s_s`, which writes only w0, w2 and the "
          "flags (GCC's IPA-RA), up to the dependent store `str x3, [x4]` "
          "(189:52): intact; the checker took every call to clobber x0-x18 "
          "(checker's bug)",
          "the checker's IPA-RA model (a899fdc, `compute_clobbers`); "
          "`tests/test_asmcheck.py::"
          "test_value_kept_across_call_of_local_function_not_writing_it`"),
    Known(87, "506:58", ("-Os",), "false-positive", "checker",
          "`p == &g_2[0] ? *p : *p`: the head `ldar x5, [x5]` (506:58) and one "
          "load through it, `ldr x6, [x5]` (506:133): intact; RTL (cse1, "
          "if-conversion) merged the two arms' loads into the one through the "
          "head, and the plugin judged the merged access by the constant "
          "address GIMPLE had given it (plugin's bug)",
          "the plugin, fixed in 9b0b55e (`rcu_deref_rtl.c`: a merged access "
          "judged by its insn); `tests/corpus/rtl_restores_eq_merge_hazard.c`"),
    Known(175, "258:99", ("-O1", "-Os"), "false-positive", "plugin",
          "`*head = &g_3[0]` (258:17) and the pointer read back through the "
          "head (258:98) is func_16's `p_20`, read at 838:75: at -O0 a chain "
          "from the head; inlined, GCC forwards the stored `&g_3` to that "
          "read, as the plugin warns (\"its address became a constant\"): no "
          "access is left at 838:75 (-O1: `ldr w1, [x0, 8]` at 838:82, the "
          "`||` it feeds, not dependent on the head; -Os: a value loaded "
          "before).  The checker's \"intact\" was about the -O0 "
          "dependent set (258:17, 258:98), which stops at func_16's entry "
          "(pipeline's classification)",
          "the pipeline: a warned access outside the -O0 dependent set is "
          "looked up in the final code, else the head is unknown "
          "(`outside_verdict`); `tests/test_fuzz.py::"
          "test_verdicts_warned_access_outside_the_o0_set`"),
    Known(220, "2079:329", ("-O1", "-O2"), "false-positive", "checker",
          "`rcu_dereference(l_396)` of a local pointer that shares its stack slot "
          "with another local: the head `ldr x2, [sp, 432]` and its accesses "
          "`ldrh w1, [x2]; strh w1, [x2]` (2079:328, 2079:353) are intact; "
          "expansion gave the head's load the MEM_EXPR `MEM[(int16_t * *)_1766]` "
          "(the shared slot's pointer), not the variable's, so RTL did not find "
          "the head (plugin's bug)",
          "the plugin, fixed in this session's head_in_mem() (`rcu_deref_rtl.c`: "
          "a head's reference matched through the slot pointer's points-to set, "
          "`same_slot_ref()`, as arms are since e735bc8); "
          "`tests/test_fuzz.py::test_seed_220_head_in_a_shared_stack_slot`"),
    Known(220, "2079:149", ("-O2",), "false-positive", "checker",
          "`p == &g_63 ? *p : *p` (seed 87's shape) on a 32-byte struct, in "
          "the IPA-SRA clone func_1.isra: the consume head `ldar x0, [x0]` "
          "(2079:149) and the one copy left, `ldp q0, q1, [x0]` (2079:258), "
          "through the head's register: intact; RTL merged the two arms' "
          "copies into that one, and the then-arm's copy (2079:221), which "
          "GIMPLE had given &g_63, has no insn of its own: vanished, so its "
          "GIMPLE verdict stands (plugin's bug: the merge of an aggregate "
          "copy is not found, unlike seed 87's scalar load; at -O1 both say "
          "broken)",
          "the plugin, fixed: cse1 gave the then-arm's copy the head's "
          "register back and cross-jumping (jump2) kept the else-arm's equal "
          "insn, whose MEMs lost their MEM_EXPR (merge_memattrs()); RTL now "
          "takes that insn for both arms' copies (`crossjumped_access()` in "
          "`rcu_deref_rtl.c`); "
          "`tests/test_fuzz.py::test_seed_220_crossjumped_aggregate_copy`"),
    Known(231, "478:425", ("-O1",), "false-positive", "checker",
          "`(*__atomic_load_n(&l_1339, __ATOMIC_CONSUME)) = l_1338[2][0][1]` used "
          "as a value: the gimplifier stores through the head's value and loads "
          "it back for the expression's value (`*_499 = _500; _501 = *_499;`, "
          "478:424); the head's value is known (`&l_1338[2][0][1]`), and value "
          "numbering gives the reload the stored value.  The reload is no "
          "access the source orders (an assignment's value is the value "
          "stored), the store (478:469) stays intact; the plugin reports the "
          "reload as \"its address became a constant, then it was merged\" "
          "(plugin's bug)",
          "the plugin, fixed: the mark pass leaves out a load that reads back "
          "the store just made to the same reference (`reads_back_store()` in "
          "`rcu_deref_mark.c`); fuzz/repro/assignment_value_reload.c; "
          "`tests/test_fuzz.py::test_seed_231_reload_of_an_assignment`, "
          "`test_assignment_value_reload_is_no_access`"),
    Known(336, "1366:83", ("-O1",), "false-positive", "plugin",
          "`p == &g_106 ? *p : *p` after `g_106 |= ...` (1419:14, `ldr w0, "
          "[x19, 192]; orr w0, w0, w1; str w0, [x19, 192]`): on the equal path "
          "(`cmp x1, x3; beq .L27`) the then-arm's load (1366:138) has no insn: "
          "its value is w0, the value stored to g_106 before the head load "
          "(`ldr x1, [x20]`, 1366:83), as the plugin warns (\"its address "
          "became a constant, then it was merged with another load of that "
          "object\"): a read that no longer comes after the head, broken.  The "
          "checker judges the accesses left: 1366:138 vanished, the else-arm's "
          "`ldr w0, [x1]` (1366:175) dependent, so \"intact\" (checker's "
          "limit: a value forwarded from a store before the head is no access)",
          "not fixed: the checker does not follow a vanished access's value; "
          "the plugin's verdict is the right one"),
    Known(359, "448:15", ("-Os",), "miss", "plugin",
          "`return (**rcu_dereference(g_1209));` twice (lines 299 and 448): "
          "cross-jumping made one tail of the two returns, `.L14: ldr x0, [x0]` "
          "(448:14), reached from the head load `ldr x0, [x3, 24]` (448:15) "
          "and from line 299's own load `ldr x0, [x4, 24]`: on every path "
          "through the head the load is through it, intact; the checker took "
          "the other statement's path for a break (checker's limit)",
          "the checker: a key whose access is dependent on every path that "
          "passes a head load is ambiguous, not broken (`Sites._merged_in`); "
          "`tests/test_asmcheck.py::test_access_off_the_heads_paths_is_ambiguous`"),
    Known(366, "487:11", ("-Os",), "miss", "plugin",
          "the store through the head, `(*rcu_dereference(g_1982)) = ...` "
          "(487:36), and line 458's store to a local share one insn, "
          "`.L17: str w1, [x0]`, reached from the head load (x0) and from "
          "`add x0, sp, 128` on line 458's path, which never runs the "
          "head's statement: intact on the head's paths (cross-jumping, as "
          "seed 359; checker's limit)",
          "as seed 359: `Sites._merged_in`; "
          "`tests/test_asmcheck.py::test_access_off_the_heads_paths_is_ambiguous`"),
    Known(458, "1401:34", ("-O3",), "false-positive", "checker",
          "`return p == &g_14 ? *p : *p` with `p = rcu_dereference(l_542)` "
          "(l_542 = &g_14) in the IPA-CP clone func_41.constprop: the head "
          "`ldr x0, [sp, 56]` (1401:34) and one load through its register, "
          "`ldr x0, [x0]` (1401:88; the instructions between write no x0): "
          "intact.  GIMPLE gave the then-arm `__a_447 = g_14`; cse1 gave it "
          "p's register back and ce1 (noce_try_ifelse_collapse) merged the two "
          "arms into one new insn at the then-arm's location with the "
          "else-arm's MEM_EXPR.  The plugin finds accesses by MEM_EXPR pointer "
          "equality, and the then-arm's reference is the VAR_DECL g_14, the "
          "MEM_EXPR of every plain read of g_14: it took `(*g_14)` at 1149:511 "
          "(`ldr x0, [x5, #:lo12:.LANCHOR2]`, a constant address) for the arm, "
          "seen and broken, so the arm never took the merged insn's fate "
          "(\"its address became a constant\"; plugin's bug).  At -Os the same "
          "warning: the merged load, without MEM_EXPR, is the tail `.L78: ldr "
          "x0, [x0]`, cross-jumped with line 1287's consume return (`ldar x0, "
          "[x3]` falls into it), through a head's register on both paths; the "
          "checker cannot decide there (more accesses at 1401:88 than at -O0)",
          "the plugin, fixed in fe65a69: `access_in_mem()` in `rcu_deref_rtl.c` "
          "takes a MEM whose MEM_EXPR is a decl (shared by every access of the "
          "object) for a tracked access only at that access's location, so "
          "that the arm is unseen and takes the merged insn's fate "
          "(`merged_at_location()`, `settle_unseen()`); "
          "fuzz/repro/eq_merge_other_access.c (-O2, -O3, -Os intact, -O1 a real "
          "break); `tests/test_fuzz.py::test_eq_merge_other_access`"),
    Known(459, "181:367", ("-O1",), "miss", "plugin",
          "the head `ldr x0, [sp, 88]` (181:367, rcu_dereference(l_5)) feeds "
          "only func_28's argument p_31, and func_28 returns p_31, whose value "
          "`(func_28(...) == 2L), g_493` discards: the load through the head "
          "(at -O0 `ldr w0, [x0]` at 181:219) is dead at -O1, and x0 is "
          "overwritten next (`ldrh w0, [x23, 56]`): vanished, nothing to "
          "order, as the plugin found (GIMPLE ends with `__rcu_deref_p_264 ={v} "
          "l_5;` and no use of it).  The one "
          "4-byte load at 181:219 at -O1, `ldr w2, [x0]` after `add x0, x20, "
          "104; ldar x0, [x0]` (464:14, &g_474), made before the head load, "
          "is func_38's inlined `return (*__atomic_load_n(&g_474, "
          "__ATOMIC_CONSUME))` (464:13): combine merged that load into the "
          "move of func_32's argument (`mov w2`, the call's column 181:219) "
          "and kept the move's location; the key collision made a false "
          "\"broken\" (checker's limit)",
          "not fixed: the checker names an access by its key (site, direction, "
          "size); the only access at the key precedes every head load and "
          "derives from another head's load, which a hoisted real break could "
          "also do, so no small rule tells them apart; the plugin's verdict is "
          "the right one"),
)

BY_HEAD = {(k.seed, k.head): k for k in KNOWN}


def lookup(seed, head):
    """The entry of a head (seed, "line:column"), or None."""
    return BY_HEAD.get((seed, head))
