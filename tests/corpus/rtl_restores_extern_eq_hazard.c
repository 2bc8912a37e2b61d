/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": hazard, the object compared with is defined in another file; inside if (p == &default_struct) GIMPLE loads default_struct.b, and at -O2, -O3 and -Os RTL puts the head's register back into the address (the two are equal after the branch), while -O1 loads from the symbol. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

extern struct foo default_struct;
extern struct foo *gp;

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
