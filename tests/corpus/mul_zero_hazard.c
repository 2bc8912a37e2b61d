/* Rule "avoid cancellation" (x*0): hazard, the stride is a constant 0 that the compiler only learns after the front end, so i * stride becomes 0 and the access no longer depends on rcu_dereference(). */
#include "rcu_deref.h"

int table[64];
long gidx;
static const long stride = 0;

int reader(void)
{
	rcu_read_lock();
	long i = rcu_dereference(gidx); /* rcu:head */
	long off = i * stride;

	int v = table[off + 3]; /* rcu:dep */
	rcu_read_unlock();

	return v;
}
