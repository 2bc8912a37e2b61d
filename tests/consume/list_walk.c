/* consume: demoted. A list walk: the first and each next pointer are consume loads, every access goes through the pointer loaded last. */
#include "common.h"

struct node *list_head;

void reader(int key)
{
	struct node *p;

	for (p = consume_load(&list_head); /* rcu:head */
	     p;
	     p = consume_load(&p->next)) { /* rcu:head rcu:dep */
		if (p->key == key && p->val != 2 * key) /* rcu:dep */
			fail();
	}
}
