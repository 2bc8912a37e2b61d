/* Rule "avoid cancellation" (x%1): hazard, bucket() is inlined with a single bucket, hash % 1 folds to 0, and the bucket access no longer depends on rcu_dereference(). */
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
	v = buckets[bucket(h, 1)].first; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
