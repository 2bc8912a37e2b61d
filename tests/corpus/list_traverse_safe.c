/* Rule "comparisons against NULL are OK" (list traversal): safe, each next pointer of the NULL-terminated list is loaded with rcu_dereference() and dereferenced only after a NULL check, so every access follows a head through a data dependency. */
#include <stddef.h>

#include "rcu_deref.h"

struct node {
	struct node *next;
	int key;
	int val;
};

struct node *first;

int reader(int key)
{
	struct node *p;
	int v = -1;

	rcu_read_lock();
	for (p = rcu_dereference(first); /* rcu:head */
	     p != NULL;
	     p = rcu_dereference(p->next)) { /* rcu:head rcu:dep */
		if (p->key == key) { /* rcu:dep */
			v = p->val; /* rcu:dep */
			break;
		}
	}
	rcu_read_unlock();
	return v;
}
