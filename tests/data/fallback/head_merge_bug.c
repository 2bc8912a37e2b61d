/* x86-64 -O2: GIMPLE duplicates the head load into both arms of the
 * computed goto; RTL cross-jumping (jump2) merges the two copies into one
 * load whose MEM has no MEM_EXPR, so the final-code check finds no insn
 * of the head: both accesses are "not followed in the final code"
 * (rtl_unknown 2) although the final code has the head load, and the
 * function is not counted in rtl_fallback_functions. */
#include "rcu_deref.h"
int hm_idx[8];
int hm_gi;

int hm_break(int k)
{
	void *target = k ? &&one : &&two;
	int i = rcu_dereference(hm_gi); /* rcu:head */

	goto *target;
one:
	if (i == 3)
		return hm_idx[i]; /* rcu:dep warn: broken */
	return 1;
two:
	return hm_idx[i & 7]; /* rcu:dep */
}
