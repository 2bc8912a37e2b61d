/*
 * Missed break (plugin warns nothing): an inlined helper loads through the
 * head pointer and masks the loaded value with a mask that is 0 once
 * nr_shards() is inlined, so the index becomes 0 and the access is the
 * constant address &shards[0].  The same expression written out in the
 * reader (quota_open in shard3.c of the report) is reported.
 *
 * aarch64-linux-gnu-gcc -O2 -S -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	clients/liburcu/repro/helper_load_mask.c
 * /usr/bin/python3 -m rcuderef.asmcheck clients/liburcu/repro/helper_load_mask.c
 *	-> dep line 40 BROKEN: "ldr x0, [x1, 16]" is shards[0].quota at the
 *	   section anchor, not an address computed from the head
 */
struct shard {
	unsigned long quota;
};

struct session {
	unsigned long id;
	unsigned long bytes;
};

struct shard shards[4];
struct session *head;

static inline unsigned int nr_shards(void)
{
	return 1;
}

static inline unsigned int shard_of(const struct session *s)
{
	return s->id & (nr_shards() - 1);
}

unsigned long quota(void)
{
	struct session *s = __atomic_load_n(&head, __ATOMIC_CONSUME); /* rcu:head */

	return shards[shard_of(s)].quota + s->bytes; /* rcu:dep */
}
