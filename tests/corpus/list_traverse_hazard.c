/* Rule "be careful comparing against non-NULL values" (list traversal): hazard, the walk special-cases the statically allocated boot node, and inside p == &nodes[1] the compiler may read nodes[1].val instead of p->val without the dependency on rcu_dereference(). */
#include <stddef.h>

#include "rcu_deref.h"

struct node {
	struct node *next;
	int key;
	int val;
};

struct node nodes[2];	/* [1] is the boot node, never freed */
struct node *first = &nodes[1];

int reader(void)
{
	struct node *p;
	int v = -1;

	rcu_read_lock();
	for (p = rcu_dereference(first); /* rcu:head */
	     p != NULL;
	     p = rcu_dereference(p->next)) { /* rcu:head rcu:dep */
		if (p == &nodes[1]) {
			v = p->val; /* rcu:dep */
			break;
		}
	}
	rcu_read_unlock();
	return v;
}
