/* Rule "be careful comparing against non-NULL values" (do-while over a list closed by a sentinel): hazard, the loop only ends when p == &sentinel, so after it GIMPLE loads sentinel.key for p->key; at -O2, -O3 and -Os RTL reuses the loop's p register (sentinel is at anchor offset 0), -O1 loads sentinel.key. */
#include "rcu_deref.h"

struct node {
	struct node *next;
	int key;
	int val;
};

struct node sentinel;
struct node *head = &sentinel;

int reader(void)
{
	struct node *p;
	int sum = 0;
	int v;

	rcu_read_lock();
	p = rcu_dereference(head); /* rcu:head */
	do {
		sum += p->val; /* rcu:dep */
		p = rcu_dereference(p->next); /* rcu:head rcu:dep */
	} while (p != &sentinel);
	v = p->key; /* rcu:dep */
	rcu_read_unlock();
	return sum + v;
}
