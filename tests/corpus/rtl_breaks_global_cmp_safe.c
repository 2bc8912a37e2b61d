/* Rule "comparisons are OK if the pointer compared against also came from rcu_dereference()": safe, x1 is loaded with rcu_dereference() too, so whichever of the two equal registers the compiler uses for *r1 the read stays ordered after a head. */
#include "rcu_deref.h"

int *x1;
int *gp;

int reader(void)
{
	int *r1, *q;
	int r2 = 0;

	rcu_read_lock();
	r1 = rcu_dereference(gp); /* rcu:head */
	q = rcu_dereference(x1); /* rcu:head */
	if (r1 == q)
		r2 = READ_ONCE(*r1); /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
