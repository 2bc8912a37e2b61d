/* Rule "do not use the results of relational operators when dereferencing" (selecting an address): safe, the value is selected by indexing vals[c & 1], so its address is computed from the value from rcu_dereference() with and/add. */
#include "rcu_deref.h"

int vals[2];
int gsel;

int reader(void)
{
	int c, v;

	rcu_read_lock();
	c = rcu_dereference(gsel); /* rcu:head */
	v = vals[c & 1]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
