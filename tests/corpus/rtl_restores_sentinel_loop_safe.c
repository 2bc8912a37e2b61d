/* Rule "comparisons against NULL are OK" (do-while over a NULL-terminated list): safe, the loop ends on NULL and the last node is remembered, so the compiler cannot know which node last points to and last->key keeps the value from rcu_dereference(). */
#include "rcu_deref.h"

struct node {
	struct node *next;
	int key;
	int val;
};

struct node first_node;
struct node *head = &first_node;

int reader(void)
{
	struct node *p, *last;
	int sum = 0;
	int v;

	rcu_read_lock();
	p = rcu_dereference(head); /* rcu:head */
	do {
		last = p;
		sum += p->val; /* rcu:dep */
		p = rcu_dereference(p->next); /* rcu:head rcu:dep */
	} while (p);
	v = last->key; /* rcu:dep */
	rcu_read_unlock();
	return sum + v;
}
