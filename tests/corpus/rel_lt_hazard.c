/* Rule "do not use the results of relational operators when dereferencing": hazard, r1 < limit is computed with a compare (cset) or a branch, so the index reaches the address only through flags or control flow. */
#include "rcu_deref.h"

int a[2];
int i1;
int limit = 4;

int reader(void)
{
	int lim = limit;
	int r1, r2;

	rcu_read_lock();
	r1 = rcu_dereference(i1); /* rcu:head */
	r2 = a[r1 < lim]; /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
