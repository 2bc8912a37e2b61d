/* Rule "avoid all-zero operands to the bitwise & operator": safe, the same helper with four shards: the mask is 3, so the index still comes from the value loaded through the head. */
#include "rcu_deref.h"

struct shard {
	unsigned long quota;
};

struct session {
	unsigned long id;
	unsigned long bytes;
};

struct shard shards[4];
struct session sessions[2] = { { 1, 10 }, { 2, 20 } };
struct session *head = &sessions[1];

static inline unsigned int nr_shards(void)
{
	return 4;
}

static inline unsigned int shard_of(const struct session *s)
{
	return s->id & (nr_shards() - 1);
}

int reader(void)
{
	struct session *s;
	int v;

	rcu_read_lock();
	s = rcu_dereference(head); /* rcu:head */
	v = shards[shard_of(s)].quota; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
