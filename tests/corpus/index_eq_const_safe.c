/* Rule "be careful comparing rcu_dereference() values against non-NULL values" (integer index): safe, the bounds check i < 8 leaves eight possible values, so table[i] keeps its dependency on rcu_dereference(). */
#include "rcu_deref.h"

int table[8];
unsigned long gidx;

int reader(void)
{
	unsigned long i;
	int v = 0;

	rcu_read_lock();
	i = rcu_dereference(gidx); /* rcu:head */
	if (i < 8)
		v = table[i]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
