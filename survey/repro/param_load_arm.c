/*
 * FALSE POSITIVE of the final-code check (fixed): a loop that starts at a
 * pointer loaded without rcu_dereference() through a parameter and goes on
 * with heads (lib/rhashtable.c rhashtable_last_table(), inlined into
 * rht_deferred_worker()).  The loop's pointer is a PHI of the plain load
 * (an arm: no head on that path) and of the head; the plain load's record
 * has the parameter as its source, which stands for no head here, so it
 * is an arm.  The assembly addresses every access through the loop's
 * register.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/param_load_arm.c
 */
#include "rcu_deref.h"

struct tbl {
	int size;
	int x;
	struct tbl *future;
};

struct ht {
	long pad[8];
	struct tbl *tbl;
};

static struct tbl *last_table(struct tbl *tbl)
{
	struct tbl *new_tbl;

	do {
		new_tbl = tbl;
		tbl = rcu_dereference(tbl->future);	/* rcu:head rcu:dep */
	} while (tbl);
	return new_tbl;
}

extern int grow(struct ht *ht, struct tbl *t);

int worker(struct ht *ht)
{
	struct tbl *tbl = last_table(ht->tbl);

	if (grow(ht, tbl))
		return tbl->size;			/* rcu:dep */
	return tbl->x;					/* rcu:dep */
}
