/* Rule "be careful comparing against non-NULL values" (!=, access in the equal branch): hazard, the else branch of p != &default_struct knows p, so GIMPLE loads default_struct.b there; at -O2, -O3 and -Os RTL puts the head's register back (anchor offset 0), -O1 keeps default_struct.b.  The != branch keeps p->a. */
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
	if (p != &default_struct)
		v = p->a; /* rcu:dep */
	else
		v = p->b + 1; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
