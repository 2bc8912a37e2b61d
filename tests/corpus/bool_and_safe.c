/* Rule "do not use the results of && and || when dereferencing": safe, the bitwise r1 & index_mask is computed with an and instruction, so the index keeps a data dependency on rcu_dereference(). */
#include "rcu_deref.h"

int a[2];
int i1;
int index_mask = 1;

int reader(void)
{
	int mask = index_mask;
	int r1, r2;

	rcu_read_lock();
	r1 = rcu_dereference(i1); /* rcu:head */
	r2 = a[r1 & mask]; /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
