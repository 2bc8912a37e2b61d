// consume: demoted. A C++ reader checks fields through the pointer std::atomic_load_explicit() loaded with consume.
#include "common.hh"

std::atomic<node *> gp;

void reader(int key)
{
	node *p = std::atomic_load_explicit(&gp, std::memory_order_consume); // rcu:head

	if (p && p->key == key) // rcu:dep
		if (p->val != 2 * key) // rcu:dep
			fail();
}
