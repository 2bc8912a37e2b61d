/* consume: demoted. A chain of pointers: a plain load through the consumed pointer, then an access through what it loaded. */
#include "common.h"

struct node *gp;

void reader(void)
{
	struct node *p = consume_load(&gp); /* rcu:head */
	struct node *q;

	if (!p)
		return;
	q = p->next; /* rcu:dep */
	if (q && q->val != 7) /* rcu:dep */
		fail();
}
