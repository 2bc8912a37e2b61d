/*
 * An access whose address derives from two heads is recorded against one
 * of them only, so the other head's broken dependency is not reported.
 * Found by tests/test_robustness.py's huge function (the plugin's stats
 * counted fewer chains than heads), minimised by hand.
 *
 * one_head() and two_heads() compare q with &def and then load q->a[i]:
 * GCC's evrp substitutes &def for q in both (GIMPLE: def.a[_1]).  The
 * plugin warns in one_head() but not in two_heads(), where the index comes
 * from another head, p: the access is recorded as depending on p only
 * (-fplugin-arg-rcu_deref_plugin-verbose lists "dependent load ... depends
 * on head rcu_dereference at :14"), and that dependency holds.  In fix-up
 * mode q's load stays a plain load.
 *
 * Truth: x86_64 with -fno-pie (as the kernel builds) loads
 * "def+12(,%rax,4)" in both functions; on aarch64 the RTL passes happen to
 * reuse q's register, in both functions too.
 *
 *   gcc -O2 -fno-pie -I plugin/include -S -o - fuzz/repro/two_heads_one_access.c \
 *       -fplugin=build/plugin/x86_64-linux-gnu/rcu_deref_plugin.so
 *   # one warning, at line 39 (one_head), none at line 50 (two_heads)
 */
#include "rcu_deref.h"

struct node {
	struct node *next;
	int v;
	int a[4];
};

struct node *gp, *gq;
struct node def;

int one_head(int s)
{
	struct node *q = rcu_dereference(gq);

	if (q == &def)
		return q->a[s & 3];
	return 0;
}

int two_heads(void)
{
	struct node *p = rcu_dereference(gp);
	int s = p->v;
	struct node *q = rcu_dereference(gq);

	if (q == &def)
		return q->a[s & 3];
	return 0;
}
