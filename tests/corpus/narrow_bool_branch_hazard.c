/* Rule "be careful comparing rcu_dereference() values against non-NULL values" (_Bool head): hazard, inside if (b) the compiler knows that b is 1 and loads table[1] without the value from rcu_dereference(). */
#include "rcu_deref.h"

int table[2];
_Bool gflag;

int reader(void)
{
	_Bool b;
	int v = 0;

	rcu_read_lock();
	b = rcu_dereference(gflag); /* rcu:head */
	if (b)
		v = table[b]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
