/*
 * Missed break (plugin warns nothing): lock-striping style helper that
 * hashes the head pointer's address and masks it with nr_shards() - 1.
 * Once shard_by_addr() and nr_shards() are inlined the mask is 0 and the
 * access is the constant address &shards[0].
 *
 * In shard_by_addr()'s own chain walk, the returned value derives both
 * from its parameter s and from the result of the call nr_shards(); the
 * value keeps one source only, and a call result ranks above a parameter,
 * so the helper is recorded as returning nr_shards()'s result, which
 * resolves to no head.  Written out in the reader (no helper), the same
 * expression is reported.
 *
 * aarch64-linux-gnu-gcc -O2 -S -o /dev/null \
 *	-fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	clients/liburcu/repro/helper_addr_mask.c		-> no warning
 * /usr/bin/python3 -m rcuderef.asmcheck clients/liburcu/repro/helper_addr_mask.c
 *	-> dep line BROKEN: shards[0].quota read at the section anchor
 */
#include <stdint.h>

struct shard {
	unsigned long quota;
};

struct session {
	unsigned long bytes;
};

struct shard shards[4];
struct session *head;

static inline unsigned int nr_shards(void)
{
	return 1;
}

static inline unsigned int shard_by_addr(const struct session *s)
{
	return ((uintptr_t)s >> 6) & (nr_shards() - 1);
}

unsigned long quota(void)
{
	struct session *s = __atomic_load_n(&head, __ATOMIC_CONSUME); /* rcu:head */

	return shards[shard_by_addr(s)].quota + s->bytes; /* rcu:dep */
}
