/* Rule "do not use the results of && and || when dereferencing": hazard, r1 && force_zero_index is computed with a compare or a branch, so the index reaches the address only through flags or control flow, not through a data dependency. */
#include "rcu_deref.h"

int a[2];
int i1;
int force_zero_index = 1;

int reader(void)
{
	int force = force_zero_index;
	int r1, r2;

	rcu_read_lock();
	r1 = rcu_dereference(i1); /* rcu:head */
	r2 = a[r1 && force]; /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
