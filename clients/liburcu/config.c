// SPDX-License-Identifier: GPL-2.0
/*
 * config.c: a server's configuration behind one liburcu RCU pointer.
 *
 * Readers take the current configuration with rcu_dereference() and read
 * its limits (a second RCU-published structure reached through it) and the
 * state of its storage zone.  The updater builds a new configuration,
 * initialises the zone it names, publishes the configuration with
 * rcu_assign_pointer() and frees the old one after synchronize_rcu().
 *
 * This build has a single storage zone (NR_ZONES is 1), as small
 * deployments do: the zone index in the configuration is then always 0,
 * and GCC may know it.
 *
 * rcu:expect-warning and site:NAME comments: see routes.c.
 */
#include <stdint.h>
#include <string.h>
#include <urcu.h>

#include "harness.h"

#ifndef NR_ZONES
#define NR_ZONES	1
#endif

struct limits {
	unsigned int max_conns;
	unsigned int max_body;
};

struct zone {
	unsigned long capacity;
	unsigned int id;		/* 1 + index, 0 until initialised */
};

struct config {
	unsigned int generation;
	unsigned int zone;		/* index in zones[] */
	struct limits *limits;
	struct zone *zone_ptr;		/* &zones[zone] */
	char name[16];
};

static struct config *cur_config;
static struct zone zones[NR_ZONES];

/* Safe: a chain of pointers, each link loaded through the previous one. */
static LOOKUP unsigned int max_conns(void)
{
	struct config *cfg = rcu_dereference(cur_config);	/* site:chain head */

	if (!cfg)		/* comparing with NULL is fine */
		return 0;
	return cfg->limits->max_conns;			/* site:chain dep */
}

/*
 * The configured zone's id (0 without a configuration) and its capacity in
 * *cap.  Indexing with the loaded zone number is an address dependency;
 * with one zone GCC could assume the index is 0 (any other would be out of
 * bounds), but GCC 12 keeps the index.
 */
static LOOKUP unsigned int zone_capacity(unsigned long *cap)
{
	struct config *cfg = rcu_dereference(cur_config);	/* site:zone head */
	struct zone *z;
	unsigned long c;
	unsigned int id;

	if (!cfg)
		return 0;
	z = &zones[cfg->zone];
	c = z->capacity;					/* site:zone dep */
	id = z->id;						/* site:zone dep */
	*cap = c;
	return id;
}

/*
 * The same, written to stay in bounds whatever the zone number.  With one
 * zone, "% NR_ZONES" is "% 1": the C front end folds the index to 0 before
 * GIMPLE exists, and the loads from zones[0] no longer wait for cfg.
 */
static LOOKUP unsigned int zone_capacity_mod(unsigned long *cap)
{
	struct config *cfg = rcu_dereference(cur_config);	/* site:zone_mod head */
	struct zone *z;
	unsigned long c;
	unsigned int id;

	if (!cfg)
		return 0;
	z = &zones[cfg->zone % NR_ZONES];
	c = z->capacity;					/* site:zone_mod dep, rcu:expect-miss */
	id = z->id;						/* site:zone_mod dep, rcu:expect-miss */
	*cap = c;
	return id;
}

/* Safe: the configuration carries the zone's address. */
static LOOKUP unsigned int zone_capacity_safe(unsigned long *cap)
{
	struct config *cfg = rcu_dereference(cur_config);	/* site:zone_safe head */
	struct zone *z;
	unsigned long c;
	unsigned int id;

	if (!cfg)
		return 0;
	z = cfg->zone_ptr;					/* site:zone_safe dep */
	c = z->capacity;					/* site:zone_safe dep */
	id = z->id;						/* site:zone_safe dep */
	*cap = c;
	return id;
}

static void *reader(void *arg)
{
	struct reader_state *st = arg;

	rcu_register_thread();
	while (!readers_stopped()) {
		unsigned int conns, id, id2, id3, configured;
		unsigned long cap = 0, cap2 = 0, cap3 = 0;

		rcu_read_lock();
		configured = rcu_dereference(cur_config) != NULL;
		conns = max_conns();
		id = zone_capacity(&cap);
		id2 = zone_capacity_mod(&cap2);
		id3 = zone_capacity_safe(&cap3);
		rcu_read_unlock();
		/* A configured zone is initialised: capacity 1000 * id. */
		if ((configured && (!id || !id2 || !id3 || !conns)) ||
		    cap != 1000ul * id || cap2 != 1000ul * id2 ||
		    cap3 != 1000ul * id3)
			st->errors++;
		st->lookups++;
		reader_round();
	}
	rcu_unregister_thread();
	return NULL;
}

static void *updater(void *arg)
{
	unsigned int gen;

	(void)arg;
	rcu_register_thread();
	for (gen = 1; gen <= 300; gen++) {
		pace();
		struct config *cfg = calloc(1, sizeof(*cfg)), *old;
		struct limits *lim = malloc(sizeof(*lim));
		struct zone *z;

		if (!cfg || !lim)
			die("malloc");
		lim->max_conns = 100 + gen;
		lim->max_body = 1 << 20;
		cfg->generation = gen;
		cfg->zone = gen % NR_ZONES;
		cfg->limits = lim;
		snprintf(cfg->name, sizeof(cfg->name), "gen%u", gen);
		/* A zone is initialised before the first configuration
		 * that names it is published, and never changes after. */
		z = &zones[cfg->zone];
		if (!z->id) {
			z->capacity = 1000ul * (cfg->zone + 1);
			z->id = cfg->zone + 1;
		}
		cfg->zone_ptr = z;
		old = rcu_xchg_pointer(&cur_config, cfg);
		synchronize_rcu();
		if (old) {
			free(old->limits);
			free(old);
		}
	}
	rcu_unregister_thread();
	return NULL;
}

int main(void)
{
	unsigned long lookups = 0, errors;

	errors = run(&lookups);
	printf("config: %lu lookups, %lu errors\n", lookups, errors);
	return errors != 0;
}
