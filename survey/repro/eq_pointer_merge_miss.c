// SPDX-License-Identifier: GPL-2.0
/*
 * A miss, now found (while reducing twin_field_merge.c, not from the
 * survey): after `p == q`, q a parameter, the optimizers use q for p in
 * p->a and merge that load with the else arm's q->a.  Read by hand in
 * GCC 12's aarch64 code at -O2: `ldr x0, [x0]` (the head), `cmp x0, x1;
 * beq .L2; cbz w2, ...; .L2: ldr w0, [x1, 8]`: the one load of a is made
 * through x1, q, on the p == q path too, so the access of line 33 no
 * longer depends on the head (the assembly checker says so too:
 * `python3 -m rcuderef.asmcheck survey/repro/eq_pointer_merge_miss.c
 * --head 31 --dep 33 -O2 -I plugin/include`).  The plugin was silent: an
 * address based on a pointer value was never judged broken in GIMPLE
 * ("the value may still depend on the head in ways the walk cannot see"),
 * so RTL did not judge it either.  Now an access the source made through
 * a head whose base pointer is a pointer no head reaches, compared for
 * equality with a head's value, is a GIMPLE break that the final code
 * decides (substituted_pointer() in rcu_deref_check.c): the plugin warns
 * at every level (tests/test_plugin_regressions.py::
 * test_eq_pointer_merge_miss).
 */
#include "rcu_deref.h"

struct s { long x; int a; };

int eq_pointer(struct s **pp, struct s *q, int k)
{
	struct s *p;
	int v = 0;

	rcu_read_lock();
	p = rcu_dereference(*pp);	/* rcu:head */
	if (p == q)
		v = p->a;	/* rcu:dep */
	else if (k)
		v = q->a;
	rcu_read_unlock();
	return v;
}
