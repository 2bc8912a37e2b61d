/* Rule "avoid cancellation with + and -": safe, i + a - b keeps the value of the index loaded by rcu_dereference() even when the globals a and b happen to be equal, as the compiler cannot know that. */
#include "rcu_deref.h"

int table[8];
long gidx;
long a, b;

static inline long rebase(long x, long from, long to)
{
	return x + from - to;
}

int reader(void)
{
	rcu_read_lock();
	long i = rcu_dereference(gidx); /* rcu:head */

	int v = table[rebase(i, a, b)]; /* rcu:dep */
	rcu_read_unlock();

	return v;
}
