/* consume: demoted acquire. Two unrelated consume loads: the first's pointer stays in the function (demoted), the second's field is stored to a global (acquire). */
#include "common.h"

struct node *gp, *gq;
int out;

void reader(void)
{
	struct node *p = consume_load(&gp); /* rcu:head consume:demoted */
	struct node *q = consume_load(&gq); /* rcu:head consume:acquire */

	if (p && p->val != 1) /* rcu:dep */
		fail();
	if (q)
		out = q->val; /* rcu:dep */
}
