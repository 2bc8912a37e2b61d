// SPDX-License-Identifier: GPL-2.0
/*
 * The shape of rt6_fill_node.constprop() (net/ipv6/route.c:5773-5856,
 * Linux 6.12, slice net-ipv6--virt, found while checking the rule of
 * eq_pointer_merge_miss.c): fill() is cloned for its constant argument,
 * its parameter rt stands for the caller's head, and fill() compares rt
 * with a head of its own.  The accesses through rt are made through rt
 * itself, as in the source: no break (read by hand in GCC 12's aarch64
 * code at -O2: `fill.constprop.0: ldr x0, [x0]` (fill's head), `cmp x0,
 * x1; beq .L3; ldp w0, w1, [x1]` through x1, rt, the caller's head
 * `ldr x1, [x1]` passed in x1).  A base pointer that no head of the
 * function reaches and that is compared with a head's value is a
 * substitution only for an access the source made through a head of the
 * function itself, not through a parameter standing for one
 * (substituted_pointer() in rcu_deref_check.c;
 * tests/test_plugin_regressions.py::test_param_compared_head).
 */
#include "rcu_deref.h"

struct fib { int plen; int metric; struct fib *next; };
struct net { struct fib *null_entry; };

static __attribute__((noinline)) int fill(struct net *net, struct fib *rt, int flags)
{
	struct fib *null = rcu_dereference(net->null_entry);

	if (rt == null)
		return -1;
	return rt->plen + rt->metric + flags;	/* rcu:dep */
}

int caller(struct net *net, struct fib **pp)
{
	struct fib *rt = rcu_dereference(*pp);	/* rcu:head */

	return fill(net, rt, 0);
}

int caller2(struct net *net, struct fib **pp)
{
	struct fib *rt = rcu_dereference(*pp);

	return fill(net, rt, 0) + fill(net, rt->next, 0);
}
