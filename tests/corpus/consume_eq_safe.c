/* LWN "C11 atomics part 2" (Linus's example with != instead of ==): safe, after a consume load the compiler cannot know where p points when p != &variable, so p->val keeps the chain of pointers. */
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
	if (p != &variable)
		v = p->val; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
