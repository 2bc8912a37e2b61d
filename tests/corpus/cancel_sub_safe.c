/* Rule "avoid cancellation with + and -": safe, rebase() computes i + from - to with globals that the compiler cannot know to be equal, so the index keeps the value from rcu_dereference(). */
#include "rcu_deref.h"

int table[8];
long gidx;
long from, to;

static inline long rebase(long x, long a, long b)
{
	return x + a - b;
}

int reader(void)
{
	long i;
	int v;

	rcu_read_lock();
	i = rcu_dereference(gidx); /* rcu:head */
	v = table[rebase(i, from, to)]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
