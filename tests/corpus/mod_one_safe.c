/* Rule "avoid cancellation" (x%1): safe, bucket() is inlined with eight buckets, hash % 8 becomes hash & 7, which keeps the dependency on rcu_dereference(). */
#include "rcu_deref.h"

struct bucket {
	int count;
	int first;
};

struct bucket buckets[8];
unsigned long ghash;

static inline unsigned long bucket(unsigned long hash, unsigned long nbuckets)
{
	return hash % nbuckets;
}

int reader(void)
{
	unsigned long h;
	int v;

	rcu_read_lock();
	h = rcu_dereference(ghash); /* rcu:head */
	v = buckets[bucket(h, 8)].first; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
