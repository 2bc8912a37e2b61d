/* consume: demoted. The dependent access is in a helper that is inlined: after inlining, it is in the reader. */
#include "common.h"

struct node *gp;

static inline int check(struct node *p, int v)
{
	return p->val == v; /* rcu:dep */
}

void reader(void)
{
	struct node *p = consume_load(&gp); /* rcu:head */

	if (p && !check(p, 3))
		fail();
}
