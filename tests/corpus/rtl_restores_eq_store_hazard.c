/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values", dependent store: hazard, inside if (p == &default_struct) GIMPLE stores to default_struct.b instead of p->b; at -O2, -O3 and -Os RTL puts the head's register back into the store's address (anchor offset 0), -O1 stores to default_struct.b. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo default_struct;
struct foo *gp = &default_struct;

void mark(void)
{
	struct foo *p;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p == &default_struct)
		WRITE_ONCE(p->b, 1); /* rcu:dep */
	rcu_read_unlock();
}
