/* consume: acquire (call). The loaded pointer is passed to a function that is not inlined. */
#include "common.h"

struct node *gp;

__attribute__((noinline)) void use(struct node *p)
{
	if (p->val != 4)
		fail();
}

void reader(void)
{
	struct node *p = consume_load(&gp); /* rcu:head */

	if (p && p->key == 1) /* rcu:dep */
		use(p);
}
