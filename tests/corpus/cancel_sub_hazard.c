/* Rule "avoid cancellation with + and -" (x-x): hazard, once zero() is inlined the index i - i folds to 0, so the array access no longer depends on rcu_dereference(). */
#include "rcu_deref.h"

int table[8];
long gidx;

static inline long zero(long x)
{
	return x - x;
}

int reader(void)
{
	long i;
	int v;

	rcu_read_lock();
	i = rcu_dereference(gidx); /* rcu:head */
	v = table[zero(i)]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
