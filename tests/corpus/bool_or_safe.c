/* Rule "do not use the results of && and || when dereferencing": safe, the bitwise (r1 | force_one_index) & 1 is computed with orr and and, so the index keeps a data dependency on rcu_dereference(). */
#include "rcu_deref.h"

int a[2];
int i1;
int force_one_index;

int reader(void)
{
	int force = force_one_index;
	int r1, r2;

	rcu_read_lock();
	r1 = rcu_dereference(i1); /* rcu:head */
	r2 = a[(r1 | force) & 1]; /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
