/* Switches compiled to jump tables, a chain on every case. */
#include "rcu_deref.h"
struct sw { int v; int w[4]; struct sw *next; };
struct sw *sw_gp;
int sw_idx[8];
int sw_gi;

__attribute__((noinline)) int sw_reader(int k)
{
	struct sw *p = rcu_dereference(sw_gp); /* rcu:head */

	switch (k) {
	case 0: return p->v; /* rcu:dep */
	case 1: return p->w[0] * 3; /* rcu:dep */
	case 2: return p->w[1] - 7; /* rcu:dep */
	case 3: return p->next->v; /* rcu:dep */
	case 4: return p->w[2] ^ 5; /* rcu:dep */
	case 5: return p->w[3] + 11; /* rcu:dep */
	case 6: return p->next->w[1]; /* rcu:dep */
	case 7: return -p->v; /* rcu:dep */
	default: return 0;
	}
}

__attribute__((noinline)) int sw_break(int k)
{
	int i = rcu_dereference(sw_gi); /* rcu:head */

	switch (k) {
	case 0: return i;
	case 1: return i * 2;
	case 2: return i + 9;
	case 3: return i - 4;
	case 4: return i ^ 3;
	case 5:
		if (i == 6)
			return sw_idx[i]; /* rcu:dep warn: broken */
		return 1;
	default: return sw_idx[i & 7]; /* rcu:dep */
	}
}

static struct sw sw_nodes[2] = {
	{ 1, { 2, 3, 4, 5 }, &sw_nodes[1] }, { 6, { 7, 8, 9, 10 }, &sw_nodes[0] },
};

int sw_drive(void)
{
	int s = 0, n;

	sw_gp = &sw_nodes[0];
	for (n = 0; n < 10; n++) {
		sw_gi = n & 7;
		sw_idx[n & 7] = 5 * n + 1;
		s = s * 3 + sw_reader(n) + sw_break(n);
	}
	return s;
}
