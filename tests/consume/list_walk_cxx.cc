// consume: demoted. A C++ list walk: std::atomic<node *>::load(std::memory_order_consume) for the first and each next pointer.
#include "common.hh"

std::atomic<node *> list_head;

void reader(int key)
{
	for (node *p = list_head.load(std::memory_order_consume); p; // rcu:head
	     p = p->next.load(std::memory_order_consume)) { // rcu:head
		if (p->key == key && p->val != 2 * key) // rcu:dep
			fail();
	}
}
