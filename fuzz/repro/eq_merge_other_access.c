/*
 * FIXED (fe65a69): a false "its address became a constant" warning on the equality
 * hazard "p == &a ? *p : *p" when the function also reads "a" elsewhere.
 * GIMPLE gives the then-arm's load the object itself ("v_6 = a;", the
 * reference tree is the VAR_DECL a); RTL gives it p's register back
 * (cse1) and merges the two arms' now equal loads into one (ce1,
 * noce_try_ifelse_collapse): a new insn at the then-arm's location that
 * keeps the else-arm's MEM_EXPR ("*__rcu_deref_p_4"), one load through
 * the head's register in the final code: intact (the asm checker says
 * so, and the plugin too without the read of "a" after the barrier).  But the plugin's RTL pass finds a tracked access by pointer
 * equality of MEM_EXPR (access_in_mem() in plugin/rcu_deref_rtl.c), and
 * the then-arm's reference, a bare VAR_DECL, is the MEM_EXPR of every
 * plain access of "a" in the function: "return v + a;" reads a at a
 * constant address ("ldr x0, [x0, #:lo12:.LANCHOR1]"), the pass takes
 * that load for the then-arm, marks it seen and broken, and
 * settle_unseen() never gives it the fate of the merged insn (intact,
 * found by merged_at_location()).  A read of another global ("return v +
 * b;") gives no warning.  The fix: a MEM whose MEM_EXPR is a decl (shared
 * by all accesses of that object) stands for a tracked access only at
 * that access's location, else the access is unseen and takes the
 * merged insn's fate.  That is the fix (access_in_mem()).
 *
 * Found by fuzzing: seed 458, head 1401:34 (rcu_dereference(l_542), l_542
 * = &g_14, in the IPA-CP clone func_41.constprop), -O3 "false positive":
 * one load "ldr x0, [x0]" (1401:88) after the head "ldr x0, [sp, 56]"
 * (1401:34); the function also reads g_14 at 1149:511 ("(*g_14)",
 * MEM_EXPR g_14).  At -Os the same warning, likely of the same cause (the
 * clone reads g_14 at 1149:511 there too): the merged load, without
 * MEM_EXPR, is a tail ".L78: ldr x0, [x0]" that cross-jumping shares with
 * line 1287's "return (*__atomic_load_n(&g_556, ...))" ("ldar x0, [x3]"
 * falls into it), through a head's register on both paths; the checker
 * cannot decide there (more accesses at 1401:88 than at -O0).
 *
 * aarch64-linux-gnu-gcc -O2 -S -o - -I plugin/include \
 *	-fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-mode=warn fuzz/repro/eq_merge_other_access.c
 * warned, before the fix, at line 57 ("its address became a constant
 * (broken by evrp)"; the verbose option said "broken in the final code,
 * broken by expand"), at -O2, -O3 and -Os, though "reader" loads once through the head: "ldr x1,
 * [x1]" (-Os: "ldr x1, [x0]") right after the head's load, and
 * "python3 -m rcuderef.asmcheck fuzz/repro/eq_merge_other_access.c -O2
 * -I plugin/include" says intact.  At -O1 GCC keeps the then-arm's load
 * of "a" at a constant address: a real break, rightly warned.
 */
#include "rcu_deref.h"

long a;
long *gp = &a;

long reader(void)
{
	long *p;
	long v;

	p = rcu_dereference(gp); /* rcu:head */
	if (p == &a)
		v = *p; /* rcu:dep */
	else
		v = *p; /* rcu:dep */
	barrier();
	return v + a;
}
