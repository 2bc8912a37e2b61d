/* Rule "avoid cancellation" (x*0): safe, the constant stride is 1, so i * stride folds to i and the access keeps its dependency on rcu_dereference(). */
#include "rcu_deref.h"

int table[64];
long gidx;
static const long stride = 1;

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
