/* Rule "be careful comparing rcu_dereference() values against non-NULL values" (integer index, unsigned char head): hazard, inside if (c == 3) the compiler knows c and loads table[3] without the value from rcu_dereference(). */
#include "rcu_deref.h"

int table[8];
unsigned char gidx;

int reader(void)
{
	unsigned char c;
	int v = 0;

	rcu_read_lock();
	c = rcu_dereference(gidx); /* rcu:head */
	if (c == 3)
		v = table[c]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
