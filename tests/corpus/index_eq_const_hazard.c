/* Rule "be careful comparing rcu_dereference() values against non-NULL values" (integer index): hazard, inside if (i == 3) the compiler knows i and loads table[3] without the value from rcu_dereference(). */
#include "rcu_deref.h"

int table[8];
long gidx;

int reader(void)
{
	long i;
	int v = 0;

	rcu_read_lock();
	i = rcu_dereference(gidx); /* rcu:head */
	if (i == 3)
		v = table[i]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
