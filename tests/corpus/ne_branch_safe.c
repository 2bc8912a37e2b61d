/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": safe, p is dereferenced only in the not-equal branch of p != &default_structs[1], where the compiler cannot deduce its value, so p->b keeps the dependency on rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo default_structs[2];	/* [0] for readers, [1] for writers */
struct foo *gp = &default_structs[1];

int reader(void)
{
	struct foo *p;
	int v = -1;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p != &default_structs[1])
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
