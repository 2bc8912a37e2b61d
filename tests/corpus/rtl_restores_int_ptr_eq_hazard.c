/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values" (int pointer, READ_ONCE access): hazard, inside if (r1 == &x) GIMPLE reads x instead of *r1; at -O2, -O3 and -Os RTL puts the head's register back (x is at anchor offset 0), -O1 reads x. */
#include "rcu_deref.h"

int x;
int *gp = &x;

int reader(void)
{
	int *r1;
	int r2 = 0;

	rcu_read_lock();
	r1 = rcu_dereference(gp); /* rcu:head */
	if (r1 == &x)
		r2 = READ_ONCE(*r1); /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
