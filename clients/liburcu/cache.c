// SPDX-License-Identifier: GPL-2.0
/*
 * cache.c: a key-value cache in liburcu's lock-free hash table (cds_lfht).
 *
 * Readers look keys up (cds_lfht_lookup with a match function, then
 * caa_container_of from the node to the entry) and walk the whole table
 * (cds_lfht_for_each_entry).  The updater inserts and replaces entries
 * (cds_lfht_add_replace), deletes them (cds_lfht_del) and frees the old
 * ones with call_rcu().  The wildcard entry (key 0) is static: the updater
 * sets its value, then inserts it; it is deleted and re-inserted with a
 * new value after a grace period.
 *
 * The lookups' loads are inside liburcu-cds.so, so this file has no
 * dependency head of its own.  Built with -DCACHE_MARK_HEADS, each node
 * pointer read back from an iterator is marked as a head (lfht_head.h).
 *
 * rcu:expect-warning and site:NAME comments: see routes.c.
 */
#include <stdint.h>
#include <urcu.h>
#include <urcu/rculfhash.h>

#include "harness.h"

#ifdef CACHE_MARK_HEADS
#include "lfht_head.h"
#define cache_node(iter)	lfht_node_head(iter)
#else
/* What cds_lfht_iter_get_node() returns; a macro so that the load stays
 * on the caller's line in the assembly the report reads. */
#define cache_node(iter)	((iter)->node)
#endif

struct entry {
	unsigned long key;
	unsigned long value;		/* key * 3 + version */
	unsigned long version;
	unsigned long fallback;		/* the wildcard's answer */
	struct cds_lfht_node node;
	struct rcu_head rcu;
};

static struct cds_lfht *table;
static struct entry wildcard = { .key = 0 };
static unsigned long wildcard_hits;

static unsigned long hash_key(unsigned long key)
{
	return key * 0x9e3779b97f4a7c15ul;
}

static int match_key(struct cds_lfht_node *node, const void *key)
{
	const struct entry *e = caa_container_of(node, struct entry, node);

	return e->key == *(const unsigned long *)key;
}

/* Safe: the entry for key (its value in *value), or NULL. */
static LOOKUP struct entry *cache_find(unsigned long key, unsigned long *value)
{
	struct cds_lfht_iter iter;
	struct cds_lfht_node *node;
	struct entry *e;
	unsigned long v;

	cds_lfht_lookup(table, hash_key(key), match_key, &key, &iter);
	node = cache_node(&iter);				/* site:find head */
	if (!node)
		return NULL;
	e = caa_container_of(node, struct entry, node);
	v = e->value;						/* site:find dep */
	*value = v;
	return e;
}

/*
 * The value for key: the wildcard entry answers with its fallback value,
 * and is counted.  e->fallback stays e->fallback in GIMPLE (e is the node
 * pointer minus an offset), but RTL's CSE knows that e == &wildcard in the
 * branch and addresses wildcard.fallback from the section anchor: a break
 * made after GIMPLE, which the plugin does not see.
 */
static LOOKUP unsigned long cache_get(unsigned long key)
{
	struct cds_lfht_iter iter;
	struct cds_lfht_node *node;
	struct entry *e;

	cds_lfht_lookup(table, hash_key(key), match_key, &key, &iter);
	node = cache_node(&iter);				/* site:wildcard head */
	if (!node)
		return 0;
	e = caa_container_of(node, struct entry, node);
	if (e == &wildcard) {
		wildcard_hits++;
		return e->fallback;				/* site:wildcard dep, rcu:expect-warning(marked) */
	}
	return e->value;
}

/*
 * Reading the fallback before the comparison does not help: GCC sinks the
 * load into the only branch that uses it, and the same happens.
 */
static LOOKUP unsigned long cache_get_early(unsigned long key)
{
	struct cds_lfht_iter iter;
	struct cds_lfht_node *node;
	struct entry *e;
	unsigned long v;

	cds_lfht_lookup(table, hash_key(key), match_key, &key, &iter);
	node = cache_node(&iter);				/* site:wildcard_early head */
	if (!node)
		return 0;
	e = caa_container_of(node, struct entry, node);
	v = e->fallback;					/* site:wildcard_early dep, rcu:expect-warning(marked) */
	if (e == &wildcard) {
		wildcard_hits++;
		return v;
	}
	return e->value;
}

/* Safe: the wildcard is recognised by its key, loaded through e. */
static LOOKUP unsigned long cache_get_safe(unsigned long key)
{
	struct cds_lfht_iter iter;
	struct cds_lfht_node *node;
	struct entry *e;

	cds_lfht_lookup(table, hash_key(key), match_key, &key, &iter);
	node = cache_node(&iter);				/* site:wildcard_safe head */
	if (!node)
		return 0;
	e = caa_container_of(node, struct entry, node);
	if (e->key == 0) {					/* site:wildcard_safe dep */
		wildcard_hits++;
		return e->fallback;				/* site:wildcard_safe dep */
	}
	return e->value;
}

/* Safe: the number of entries; *bad counts those whose value is wrong. */
static LOOKUP unsigned long cache_check_all(unsigned long *bad)
{
	struct cds_lfht_iter iter;
	struct cds_lfht_node *node;
	unsigned long n = 0;

	for (cds_lfht_first(table, &iter);
	     (node = cache_node(&iter)) != NULL;			/* site:walk head */
	     cds_lfht_next(table, &iter)) {
		struct entry *e = caa_container_of(node, struct entry, node);

		if (e->value != e->key * 3 + e->version)		/* site:walk dep */
			(*bad)++;
		n++;
	}
	return n;
}

static void *reader(void *arg)
{
	struct reader_state *st = arg;
	unsigned long key = 0;

	rcu_register_thread();
	while (!readers_stopped()) {
		unsigned long v = 0, v2, v3, v4, bad = 0;
		struct entry *e;

		key = (key * 5 + 1) % 257;
		rcu_read_lock();
		e = cache_find(key, &v);
		v2 = cache_get(key);
		v3 = cache_get_early(key);
		v4 = cache_get_safe(key);
		if ((st->lookups & 1023) == 0)
			cache_check_all(&bad);
		rcu_read_unlock();
		/* key * 3 <= value < key * 3 + 1000 for a present key;
		 * the wildcard's fallback is not 0 */
		if ((e && (v < key * 3 || v >= key * 3 + 1000)) ||
		    (v2 && (v2 < key * 3 || v2 >= key * 3 + 1000)) ||
		    (v3 && (v3 < key * 3 || v3 >= key * 3 + 1000)) ||
		    (v4 && (v4 < key * 3 || v4 >= key * 3 + 1000)) || bad)
			st->errors++;
		st->lookups++;
		reader_round();
	}
	rcu_unregister_thread();
	return NULL;
}

static void free_entry(struct rcu_head *head)
{
	free(caa_container_of(head, struct entry, rcu));
}

static void *updater(void *arg)
{
	unsigned long round;

	(void)arg;
	rcu_register_thread();
	for (round = 1; round <= 4000; round++) {
		pace();
		unsigned long key = (round * 11) % 257;
		struct cds_lfht_node *old;
		struct cds_lfht_iter iter;
		struct entry *e;

		if (key == 0) {
			/* The wildcard: out of the table, a grace period,
			 * a new value, back in. */
			rcu_read_lock();
			cds_lfht_lookup(table, hash_key(0), match_key, &key, &iter);
			old = cds_lfht_iter_get_node(&iter);
			if (old)
				cds_lfht_del(table, old);
			rcu_read_unlock();
			synchronize_rcu();
			wildcard.version = round % 1000;
			wildcard.value = wildcard.version;
			wildcard.fallback = 1 + round % 997;
			cds_lfht_node_init(&wildcard.node);
			rcu_read_lock();
			cds_lfht_add(table, hash_key(0), &wildcard.node);
			rcu_read_unlock();
			continue;
		}
		if (round % 5 == 0) {
			rcu_read_lock();
			cds_lfht_lookup(table, hash_key(key), match_key, &key, &iter);
			old = cds_lfht_iter_get_node(&iter);
			if (old && !cds_lfht_del(table, old))
				call_rcu(&caa_container_of(old, struct entry, node)->rcu,
					 free_entry);
			rcu_read_unlock();
			continue;
		}
		e = calloc(1, sizeof(*e));
		if (!e)
			die("calloc");
		e->key = key;
		e->version = round % 1000;
		e->value = key * 3 + e->version;
		cds_lfht_node_init(&e->node);
		rcu_read_lock();
		old = cds_lfht_add_replace(table, hash_key(key), match_key, &key,
					   &e->node);
		rcu_read_unlock();
		if (old)
			call_rcu(&caa_container_of(old, struct entry, node)->rcu,
				 free_entry);
	}
	rcu_unregister_thread();
	return NULL;
}

int main(void)
{
	unsigned long lookups = 0, errors;

	table = cds_lfht_new(64, 64, 0, CDS_LFHT_AUTO_RESIZE, NULL);
	if (!table)
		die("cds_lfht_new");
	errors = run(&lookups);
	printf("cache: %lu lookups, %lu wildcard hits, %lu errors\n", lookups,
	       wildcard_hits, errors);
	return errors != 0;
}
