/* consume: demoted. The reader checks a field through the loaded pointer: an address dependency, nothing escapes. */
#include "common.h"

struct node *gp;

void reader(int key)
{
	struct node *p = consume_load(&gp); /* rcu:head */

	if (p && p->key == key) /* rcu:dep */
		if (p->val != 2 * key) /* rcu:dep */
			fail();
}
