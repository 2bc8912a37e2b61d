/* asm goto, without outputs and with outputs (GCC 11 and later). */
#include "rcu_deref.h"
struct ag { int a; int b[4]; struct ag *next; };
struct ag *ag_gp;
int ag_idx[8];
int ag_gi;

__attribute__((noinline)) int ag_plain(int n)
{
	struct ag *p = rcu_dereference(ag_gp); /* rcu:head */

	asm goto("" : : "r"(p->b[1]), "m"(*p) : "memory" : out); /* rcu:dep */
	if (n > 2)
		return p->next->a; /* rcu:dep */
	return p->b[n & 3]; /* rcu:dep */
out:
	return p->a + 100; /* rcu:dep */
}

__attribute__((noinline)) int ag_outputs(int n)
{
	struct ag *p = rcu_dereference(ag_gp); /* rcu:head */
	struct ag *q;

	asm goto("" : "=r"(q) : "0"(p) : : miss);
	return q->b[n & 3] + p->a; /* rcu:dep */
miss:
	return p->b[2] - 1; /* rcu:dep */
}

__attribute__((noinline)) int ag_break(int n)
{
	int i = rcu_dereference(ag_gi); /* rcu:head */

	asm goto("" : : "r"(n) : : skip);
	if (i > 0 && i < 2)
		return ag_idx[i]; /* rcu:dep warn: broken */
	return 0;
skip:
	return ag_idx[i & 7] + 7; /* rcu:dep */
}

static struct ag ag_nodes[2] = {
	{ 1, { 2, 3, 4, 5 }, &ag_nodes[1] }, { 6, { 7, 8, 9, 10 }, &ag_nodes[0] },
};

int ag_drive(void)
{
	int s = 0, n;

	ag_gp = &ag_nodes[0];
	for (n = 0; n < 4; n++) {
		ag_gi = n;
		ag_idx[n] = 10 * n + 1;
		s = s * 3 + ag_plain(n) + ag_outputs(n) + ag_break(n);
	}
	return s;
}
