// SPDX-License-Identifier: GPL-2.0
/*
 * A known miss (found while reducing twin_field_merge.c, not from the
 * survey): after `p == q`, q a parameter, the optimizers use q for p in
 * p->a and merge that load with the else arm's q->a.  Read by hand in
 * GCC 12's aarch64 code at -O2: `ldr x0, [x0]` (the head), `cmp x0, x1;
 * beq .L2; cbz w2, ...; .L2: ldr w0, [x1, 8]`: the one load of a is made
 * through x1, q, on the p == q path too, so the access of line 30 no
 * longer depends on the head (the assembly checker says so too:
 * `python3 -m rcuderef.asmcheck survey/repro/eq_pointer_merge_miss.c
 * --head 28 --dep 30 -O2 -I plugin/include`).  The plugin says nothing: the
 * access is gone from the final code (merged into the load of line 32, a
 * load the source never derived from a head), the mark pass records no
 * comparison with a pointer that is not an object's address, and the
 * merged-load check looks only for loads of a compared object
 * (tests/test_plugin_regressions.py::test_eq_pointer_merge_miss).
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
