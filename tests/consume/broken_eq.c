/* consume: acquire (broken). After p == &variable the compiler reads variable.val: the dependency is gone, so the load must stay an acquire. */
#include "common.h"

struct node variable;
struct node *gp = &variable;

void reader(void)
{
	struct node *p = consume_load(&gp); /* rcu:head */

	if (p == &variable && p->val != 9) /* rcu:dep */
		fail();
}
