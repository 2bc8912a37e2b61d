/* consume: acquire (flags). The access depends on the loaded pointer only through a comparison result. */
#include "common.h"

struct node *gp;
int table[2];

void reader(void)
{
	struct node *p = consume_load(&gp); /* rcu:head */

	if (table[p != NULL] != 3) /* rcu:dep */
		fail();
}
