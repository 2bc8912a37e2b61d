/* Rule "avoid cancellation" (x*0): safe, the constant stride is 1 so i * stride folds to i and the access keeps its dependency on rcu_dereference(). */
#include "rcu_deref.h"

int table[64];
long gidx;
static const long stride = 1;

int reader(void)
{
	rcu_read_lock();
	long i = rcu_dereference(gidx); /* rcu:head */
	long off = i * stride;

	int v = table[off + 3]; /* rcu:dep */
	rcu_read_unlock();

	return v;
}
