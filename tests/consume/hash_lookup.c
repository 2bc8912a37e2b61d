/* consume: demoted. A hash lookup: the bucket's first pointer and each chain pointer are consume loads. */
#include "common.h"

#define NBUCKETS 64

struct hnode {
	int key;
	int val;
	struct hnode *next;
};

struct hnode *table[NBUCKETS];

void reader(unsigned int key)
{
	struct hnode *n;

	for (n = consume_load(&table[key % NBUCKETS]); n; /* rcu:head */
	     n = consume_load(&n->next)) { /* rcu:head rcu:dep */
		if (n->key == (int)key) { /* rcu:dep */
			if (n->val != (int)key + 1) /* rcu:dep */
				fail();
			return;
		}
	}
}
