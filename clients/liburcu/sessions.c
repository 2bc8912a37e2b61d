// SPDX-License-Identifier: GPL-2.0
/*
 * sessions.c: a session table hashed into liburcu RCU hlists
 * (cds_hlist_*_rcu).
 *
 * Readers find a session by id with cds_hlist_for_each_entry_rcu_2() (and
 * the four-argument cds_hlist_for_each_entry_rcu()), read its byte count
 * and the quota of the shard that accounts for it.  The updater adds
 * sessions at bucket heads, deletes them and frees them with call_rcu().
 * A shard is initialised before the first session that belongs to it is
 * published, and never changes after.
 *
 * This build has one shard: nr_shards() is 1, and the masks of shard_of()
 * and shard_by_addr() are 0 once they are inlined.
 *
 * rcu:expect-warning and site:NAME comments: see routes.c.
 */
#include <stdint.h>
#include <urcu.h>
#include <urcu/rcuhlist.h>

#include "harness.h"

#define NR_BUCKETS	64
#ifndef NR_SHARDS
#define NR_SHARDS	1
#endif

struct shard {
	unsigned long quota;
	unsigned int id;		/* 1 + index, 0 until initialised */
};

struct session {
	unsigned long id;
	unsigned long bytes;
	struct shard *shard;
	struct cds_hlist_node node;
	struct rcu_head rcu;
};

static struct cds_hlist_head buckets[NR_BUCKETS];
static struct shard shards[NR_SHARDS];
static __thread struct session *last_seen;
static __thread unsigned long last_seen_hits;

static inline unsigned int nr_shards(void)
{
	return NR_SHARDS;
}

/* Sessions are spread over the shards by id; nr_shards() is a power of 2. */
static inline unsigned int shard_of(const struct session *s)
{
	return s->id & (nr_shards() - 1);
}

/* The shard of a session by its address, as lock striping does. */
static inline unsigned int shard_by_addr(const struct session *s)
{
	return ((uintptr_t)s >> 6) & (nr_shards() - 1);
}

/* Safe: the bytes of session id, or 0. */
static LOOKUP unsigned long session_bytes(unsigned long id)
{
	struct session *s;

	cds_hlist_for_each_entry_rcu_2(s, &buckets[id % NR_BUCKETS], node) {	/* site:bytes head */
		if (s->id == id)				/* site:bytes dep */
			return s->bytes;			/* site:bytes dep */
	}
	return 0;
}

/*
 * The quota of the shard of session id, or 0.  Once shard_of() is inlined,
 * its mask is 0 and &shards[shard_of(s)] is the constant &shards[0].
 */
static LOOKUP unsigned long session_quota(unsigned long id, unsigned int *shard_id)
{
	struct cds_hlist_node *pos;
	struct session *s;

	cds_hlist_for_each_entry_rcu(s, pos, &buckets[id % NR_BUCKETS], node) {	/* site:shard head */
		struct shard *sh;
		unsigned long quota;
		unsigned int sid;

		if (s->id != id)
			continue;
		/* Once missed by the plugin: repro/helper_load_mask.c. */
		sh = &shards[shard_of(s)];
		quota = sh->quota;				/* site:shard dep, rcu:expect-warning */
		sid = sh->id;					/* site:shard dep, rcu:expect-warning */
		*shard_id = sid;
		return quota;
	}
	return 0;
}

/*
 * The same with the shard chosen by the session's address: once
 * shard_by_addr() is inlined its mask is 0 and the index is 0.
 */
static LOOKUP unsigned long session_quota_by_addr(unsigned long id, unsigned int *shard_id)
{
	struct session *s;

	cds_hlist_for_each_entry_rcu_2(s, &buckets[id % NR_BUCKETS], node) {	/* site:addr head */
		struct shard *sh;
		unsigned long quota;
		unsigned int sid;

		if (s->id != id)
			continue;
		/* Once missed by the plugin: repro/helper_addr_mask.c. */
		sh = &shards[shard_by_addr(s)];
		quota = sh->quota;				/* site:addr dep, rcu:expect-warning */
		sid = sh->id;					/* site:addr dep, rcu:expect-warning */
		*shard_id = sid;
		return quota;
	}
	return 0;
}

/* Safe: the session points to its shard. */
static LOOKUP unsigned long session_quota_safe(unsigned long id, unsigned int *shard_id)
{
	struct session *s;

	cds_hlist_for_each_entry_rcu_2(s, &buckets[id % NR_BUCKETS], node) {	/* site:shard_safe head */
		struct shard *sh;
		unsigned long quota;
		unsigned int sid;

		if (s->id != id)
			continue;
		sh = s->shard;					/* site:shard_safe dep */
		quota = sh->quota;				/* site:shard_safe dep */
		sid = sh->id;					/* site:shard_safe dep */
		*shard_id = sid;
		return quota;
	}
	return 0;
}

/*
 * The bytes of session id, remembering the session this thread saw last.
 * After "s == last_seen", GCC may read through either pointer; last_seen
 * was loaded from thread-local memory, not through the list.
 */
static LOOKUP unsigned long session_bytes_cached(unsigned long id)
{
	struct session *s;

	cds_hlist_for_each_entry_rcu_2(s, &buckets[id % NR_BUCKETS], node) {	/* site:cached head */
		if (s->id != id)
			continue;
		if (s == last_seen) {
			last_seen_hits++;
			return s->bytes;			/* site:cached dep */
		}
		last_seen = s;
		return s->bytes;
	}
	return 0;
}

static void *reader(void *arg)
{
	struct reader_state *st = arg;
	unsigned long id = 0;

	rcu_register_thread();
	while (!readers_stopped()) {
		unsigned long bytes, bytes2, quota, quota2, quota3;
		unsigned int sid = 0, sid2 = 0, sid3 = 0;

		id = (id * 7 + 3) % 512;
		rcu_read_lock();
		bytes = session_bytes(id);
		bytes2 = session_bytes_cached(id);
		quota = session_quota(id, &sid);
		quota2 = session_quota_safe(id, &sid2);
		quota3 = session_quota_by_addr(id, &sid3);
		rcu_read_unlock();
		/* A session's bytes are 100 * id; its shard is initialised. */
		if ((bytes && bytes != 100 * id) || (bytes2 && bytes2 != 100 * id) ||
		    quota != 4096ul * sid || quota2 != 4096ul * sid2 ||
		    quota3 != 4096ul * sid3)
			st->errors++;
		st->lookups++;
		reader_round();
	}
	rcu_unregister_thread();
	return NULL;
}

static void init_shard(unsigned int i)
{
	if (!shards[i].id) {
		shards[i].quota = 4096ul * (i + 1);
		shards[i].id = i + 1;
	}
}

static void free_session(struct rcu_head *head)
{
	free(caa_container_of(head, struct session, rcu));
}

static void *updater(void *arg)
{
	unsigned long round;

	(void)arg;
	rcu_register_thread();
	for (round = 0; round < 4000; round++) {
		pace();
		unsigned long id = (round * 37) % 512;
		struct cds_hlist_head *b = &buckets[id % NR_BUCKETS];
		struct session *s;
		struct cds_hlist_node *pos;
		int found = 0;

		cds_hlist_for_each_entry(s, pos, b, node) {
			if (s->id == id) {
				found = 1;
				break;
			}
		}
		if (found) {
			cds_hlist_del_rcu(&s->node);
			call_rcu(&s->rcu, free_session);
			continue;
		}
		s = calloc(1, sizeof(*s));
		if (!s)
			die("calloc");
		s->id = id;
		s->bytes = 100 * id;
		s->shard = &shards[shard_of(s)];
		init_shard(shard_of(s));
		init_shard(shard_by_addr(s));
		cds_hlist_add_head_rcu(&s->node, b);
	}
	rcu_unregister_thread();
	return NULL;
}

int main(void)
{
	unsigned long lookups = 0, errors;

	errors = run(&lookups);
	printf("sessions: %lu lookups, %lu errors\n", lookups, errors);
	return errors != 0;
}
