/* Rule "be careful comparing against non-NULL values" (scanning a circular list): safe, p != &lists[1] only ends the scan and p is dereferenced only inside the loop, where the compiler cannot know its value. */
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
	rcu_read_unlock();
	return sum;
}
