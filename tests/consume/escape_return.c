/* consume: acquire (returned). The loaded value's field is returned: the caller may use it where the plugin cannot see. */
#include "common.h"

struct node *gp;

int reader(void)
{
	struct node *p = consume_load(&gp); /* rcu:head */

	return p ? p->val : -1; /* rcu:dep */
}
