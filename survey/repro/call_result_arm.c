/*
 * FALSE POSITIVE of the final-code check (fixed): a hash chain walk that
 * starts at the head's value or, when the bucket is empty, at a "nulls"
 * marker computed from a call's result (include/linux/rhashtable.h
 * rht_ptr_rcu() and rht_for_each_rcu(), lib/rhashtable.c
 * rhashtable_walk_start_check()).  The marker never depended on a head:
 * it is an arm, and the walk ends before using it.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/call_result_arm.c
 */
#include "rcu_deref.h"

struct node {
	struct node *next;
	int key;
};

extern struct node **bucket(int hash);

static struct node *first(struct node **bkt)
{
	unsigned long p = (unsigned long)rcu_dereference(*bkt) & ~1UL;	/* rcu:head */

	return (struct node *)(p ? p : (unsigned long)bkt | 1);
}

int count(int hash, int key)
{
	struct node **bkt = bucket(hash);
	struct node *pos;
	int n = 0;

	for (pos = first(bkt); !((unsigned long)pos & 1);
	     pos = rcu_dereference(pos->next))	/* rcu:head rcu:dep */
		n += pos->key == key;		/* rcu:dep */
	return n;
}
