/* Rule "comparisons against NULL are OK" (int pointer, READ_ONCE access): safe, r1 is checked only against NULL, so READ_ONCE(*r1) keeps the value from rcu_dereference(). */
#include "rcu_deref.h"

int x;
int *gp = &x;

int reader(void)
{
	int *r1;
	int r2 = 0;

	rcu_read_lock();
	r1 = rcu_dereference(gp); /* rcu:head */
	if (r1)
		r2 = READ_ONCE(*r1); /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
