/* SPDX-License-Identifier: GPL-2.0 */
/*
 * harness.h: the small driver shared by the liburcu client programs.
 * Each program defines reader() and updater(); run() starts READERS
 * registered reader threads and one updater thread, lets the updater make
 * its fixed number of updates while the readers loop, then stops them and
 * returns the number of lookups the readers made.
 */
#ifndef CLIENT_HARNESS_H
#define CLIENT_HARNESS_H

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#define READERS 1

/*
 * The lookup functions are kept out of line, as in a library that exports
 * them: each one's code then stays on its own source lines, where the
 * report reads the assembly of each site.
 */
#define LOOKUP __attribute__((__noinline__))

static void *reader(void *arg);
static void *updater(void *arg);

static int stop_readers;
static unsigned long reader_rounds;

/* Readers: one more round done. */
static void reader_round(void)
{
	__atomic_fetch_add(&reader_rounds, 1, __ATOMIC_RELAXED);
}

/* Updater: let the readers make a few rounds, so that they run while it
 * updates (on two cores the updater would otherwise finish first). */
static void pace(void)
{
	unsigned long start = __atomic_load_n(&reader_rounds, __ATOMIC_RELAXED);

	while (__atomic_load_n(&reader_rounds, __ATOMIC_RELAXED) - start < 2)
		sched_yield();
}

static int readers_stopped(void)
{
	return __atomic_load_n(&stop_readers, __ATOMIC_RELAXED);
}

struct reader_state {
	unsigned long lookups;
	unsigned long errors;
};

static void die(const char *what)
{
	fprintf(stderr, "%s failed\n", what);
	exit(2);
}

/* Returns the readers' total of errors; lookups are added to *lookups. */
static unsigned long run(unsigned long *lookups)
{
	pthread_t readers[READERS], upd;
	struct reader_state state[READERS] = { 0 };
	unsigned long errors = 0;
	int i;

	for (i = 0; i < READERS; i++)
		if (pthread_create(&readers[i], NULL, reader, &state[i]))
			die("pthread_create");
	if (pthread_create(&upd, NULL, updater, NULL))
		die("pthread_create");
	if (pthread_join(upd, NULL))
		die("pthread_join");
	__atomic_store_n(&stop_readers, 1, __ATOMIC_RELAXED);
	for (i = 0; i < READERS; i++) {
		if (pthread_join(readers[i], NULL))
			die("pthread_join");
		*lookups += state[i].lookups;
		errors += state[i].errors;
	}
	return errors;
}

#endif /* CLIENT_HARNESS_H */
