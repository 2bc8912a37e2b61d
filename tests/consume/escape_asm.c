/* consume: acquire (asm). The loaded pointer is an input of an asm statement. */
#include "common.h"

struct node *gp;

void reader(void)
{
	struct node *p = consume_load(&gp); /* rcu:head */

	if (p && p->key == 1) /* rcu:dep */
		__asm__ volatile("" : : "r"(p));
}
