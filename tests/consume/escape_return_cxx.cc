// consume: acquire (returned). A C++ reader returns a field of what it loaded.
#include "common.hh"

std::atomic<node *> gp;

int reader()
{
	node *p = gp.load(std::memory_order_consume); // rcu:head

	return p ? p->val : -1; // rcu:dep
}
