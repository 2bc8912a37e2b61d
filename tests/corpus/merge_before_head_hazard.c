/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": hazard, after p == &defs[1] the compiler substitutes defs[1].a[0] for p->a[i] (single-element array) and merges it with the same load made before the head (value numbering), so the value is loaded before rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a[1];
	int b;
};

struct foo defs[2];
struct foo *gp = &defs[1];

int reader(long i)
{
	struct foo *p;
	int x, v = 0;

	rcu_read_lock();
	x = defs[1].a[0];
	p = rcu_dereference(gp); /* rcu:head */
	if (p == &defs[1])
		v = p->a[i]; /* rcu:dep */
	rcu_read_unlock();
	return v + x;
}
