/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": hazard, the else branch of if (p != &default_structs[1]) knows that p is &default_structs[1], so p->a may become default_structs[1].a without the dependency on rcu_dereference(). */
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
	int v;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p != &default_structs[1])
		v = p->b; /* rcu:dep */
	else
		v = p->a; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
