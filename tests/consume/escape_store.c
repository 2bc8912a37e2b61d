/* consume: acquire (stored). The loaded pointer is stored to a global, where another function may read it. */
#include "common.h"

struct node *gp;
struct node *cache;

void reader(void)
{
	struct node *p = consume_load(&gp); /* rcu:head */

	if (p && p->val == 1) /* rcu:dep */
		cache = p;
}
