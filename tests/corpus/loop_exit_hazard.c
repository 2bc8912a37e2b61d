/* Rule "be careful comparing against non-NULL values" (scanning a circular list): hazard, p is used after the loop, which only ends when p == &lists[1], so p->val may become lists[1].val without the dependency on rcu_dereference(). */
#include "rcu_deref.h"

struct node {
	struct node *next;
	int key;
	int val;
};

struct node lists[2] = {	/* two circular lists, each with its own head */
	{ .next = &lists[0] },
	{ .next = &lists[1] },
};

int reader(void)
{
	struct node *p;
	int sum = 0;

	rcu_read_lock();
	p = rcu_dereference(lists[1].next); /* rcu:head */
	while (p != &lists[1]) {
		sum += p->val; /* rcu:dep */
		p = rcu_dereference(p->next); /* rcu:head rcu:dep */
	}
	sum += p->val; /* rcu:dep */
	rcu_read_unlock();
	return sum;
}
