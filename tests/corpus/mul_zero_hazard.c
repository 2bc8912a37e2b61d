/* Rule "avoid cancellation" (x*0): hazard, the stride is a constant 0 that only the optimizers see, so i * stride becomes 0 and the access no longer depends on rcu_dereference(). */
#include "rcu_deref.h"

int table[64];
long gidx;
static const long stride = 0;

int reader(void)
{
	long i;
	int v;

	rcu_read_lock();
	i = rcu_dereference(gidx); /* rcu:head */
	v = table[i * stride + 3]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
