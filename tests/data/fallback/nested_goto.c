/* A nonlocal goto out of a GNU C nested function into its parent. */
#include "rcu_deref.h"
struct ng { int v; int w[4]; struct ng *next; };
struct ng *ng_gp;

__attribute__((noinline)) int ng_apply(int (*f)(int), int x)
{
	return f(x) + 1;
}

__attribute__((noinline)) int ng_outer(int k)
{
	__label__ bail;
	struct ng *p = rcu_dereference(ng_gp); /* rcu:head */
	int r = p->w[k & 3]; /* rcu:dep */
	int inner(int x)
	{
		struct ng *q = rcu_dereference(ng_gp); /* rcu:head */
		int base = r;

		if (x > 3)
			goto bail;
		base += q->w[x & 3]; /* rcu:dep */
		return base;
	}
	return ng_apply(inner, k) + r;
bail:
	return r - 1;
}

static struct ng ng_nodes[2] = {
	{ 1, { 2, 3, 4, 5 }, &ng_nodes[1] }, { 6, { 7, 8, 9, 10 }, &ng_nodes[0] },
};

int ng_drive(void)
{
	int s = 0, n;

	ng_gp = &ng_nodes[0];
	for (n = 0; n < 7; n++)
		s = s * 3 + ng_outer(n);
	return s;
}
