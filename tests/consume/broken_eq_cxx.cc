// consume: acquire (broken). After p == &variable the compiler reads variable.val: the load must stay an acquire.
#include "common.hh"

node variable;
std::atomic<node *> gp(&variable);

void reader()
{
	node *p = gp.load(std::memory_order_consume); // rcu:head

	if (p == &variable && p->val != 9) // rcu:dep
		fail();
}
