/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": hazard, inside if (p == &default_struct) GIMPLE loads default_struct.b instead of p->b; default_struct sits at offset 0 of its section anchor, so at -O2, -O3 and -Os RTL CSE (cse1) finds the head's register equal to the anchor's and the final code loads through p again, while -O1 keeps default_struct.b. */
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
	int v = 0;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p == &default_struct)
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
