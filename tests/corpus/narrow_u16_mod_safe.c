/* Rule "avoid cancellation" (x%1, uint16_t head): safe, the same code with 8 buckets, so the index h % 8 keeps its dependency on rcu_dereference(). */
#include <stdint.h>
#include "rcu_deref.h"

struct bucket {
	int count;
	int first;
};

struct bucket buckets[8];
uint16_t ghash;
static const unsigned int nbuckets = 8;

int reader(void)
{
	uint16_t h;
	int v;

	rcu_read_lock();
	h = rcu_dereference(ghash); /* rcu:head */
	v = buckets[h % nbuckets].first; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
