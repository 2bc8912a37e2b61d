/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": hazard, in the equal branch GIMPLE loads default_struct.b instead of p->b; at -O2 and -O3 if-conversion merges both branches into one load through csel of p + 4 and p (both from the head), at -Os RTL puts p back in the branch, and -O1 keeps default_struct.b. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo default_struct;
struct foo *gp = &default_struct;

int reader(void)
{
	struct foo *p;
	int v;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p == &default_struct)
		v = p->b; /* rcu:dep */
	else
		v = p->a; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
