/* consume: demoted. An integer consume load used as an array index: an address dependency through the index. */
#include "common.h"

int gidx;
int table[16];

void reader(void)
{
	int i = consume_load(&gidx); /* rcu:head */

	if (table[i & 15] != 5) /* rcu:dep */
		fail();
}
