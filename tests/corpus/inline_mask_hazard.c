/* Rule "avoid all-zero operands to the bitwise & operator": hazard, an inlined helper masks a value loaded through the head with nr_shards() - 1, which is 0 once nr_shards() is inlined, so shards[...] becomes shards[0]; the value combines a parameter and a call result (regression: the plugin once kept only the call). */
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
	return 1;
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
