/* LWN "C11 atomics part 2" (Linus's example), comparison against a non-NULL pointer: hazard, after a consume load p == &variable lets the compiler turn p->val into variable.val, and the chain of pointers is gone. */
#include "rcu_deref.h"

struct foo {
	int key;
	int val;
};

struct foo variable;
struct foo *pp = &variable;

int reader(void)
{
	struct foo *p;
	int v = 0;

	rcu_read_lock();
	p = __atomic_load_n(&pp, __ATOMIC_CONSUME); /* rcu:head */
	if (p == &variable)
		v = p->val; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
