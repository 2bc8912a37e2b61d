/* Rule "avoid cancellation with + and -" (x-x): hazard, after inlining zero() the index i - i folds to 0, so the array access no longer depends on rcu_dereference(). */
#include "rcu_deref.h"

int table[8];
long gidx;

static inline long zero(long x)
{
	return x - x;
}

int reader(void)
{
	rcu_read_lock();
	long i = rcu_dereference(gidx); /* rcu:head */

	int v = table[zero(i)]; /* rcu:dep */
	rcu_read_unlock();

	return v;
}
