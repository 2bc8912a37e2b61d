/* __builtin_unreachable() and noreturn calls on the paths of a chain. */
#include <stdlib.h>
#include "rcu_deref.h"
struct nr { int v; int w[4]; struct nr *next; };
struct nr *nr_gp;
int nr_idx[8];
int nr_gi;

__attribute__((noinline, noreturn)) void nr_die(int code)
{
	exit(code);
}

__attribute__((noinline)) int nr_reader(int n)
{
	struct nr *p = rcu_dereference(nr_gp); /* rcu:head */

	if (n > 100)
		nr_die(p->v); /* rcu:dep */
	if (n < -100)
		abort();
	if ((unsigned int)n > 3)
		__builtin_unreachable();
	return p->w[n] + p->next->v; /* rcu:dep */
}

__attribute__((noinline)) int nr_break(void)
{
	int i = rcu_dereference(nr_gi); /* rcu:head */

	if (i != 2)
		__builtin_unreachable();
	return nr_idx[i]; /* rcu:dep warn: broken */
}

static struct nr nr_nodes[2] = {
	{ 1, { 2, 3, 4, 5 }, &nr_nodes[1] }, { 6, { 7, 8, 9, 10 }, &nr_nodes[0] },
};

int nr_drive(void)
{
	int s = 0, n;

	nr_gp = &nr_nodes[0];
	nr_gi = 2;
	nr_idx[2] = 17;
	for (n = 0; n < 4; n++)
		s = s * 3 + nr_reader(n) + nr_break();
	return s;
}
