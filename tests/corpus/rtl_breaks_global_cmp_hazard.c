/* Rule "comparisons are OK if the pointer compared against also came from rcu_dereference()": hazard, x1 is a plain global pointer, so inside if (r1 == x1) the compiler may read through x1's value instead of r1; GIMPLE keeps r1, and at -O2, -O3 and -Os an RTL pass substitutes the register holding x1 (-O1 keeps r1). */
#include "rcu_deref.h"

int *x1;
int *gp;

int reader(void)
{
	int *r1;
	int r2 = 0;

	rcu_read_lock();
	r1 = rcu_dereference(gp); /* rcu:head */
	if (r1 == x1)
		r2 = READ_ONCE(*r1); /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
