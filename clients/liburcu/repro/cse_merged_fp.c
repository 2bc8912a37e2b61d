/*
 * False positive (an error in fix-up mode) in a list walk: the second
 * n->metric (line 33, col 37) is reported as "its address became a
 * constant, then it was merged with another load of that object", the
 * note naming the head's own load of list.next as the load "made before
 * the head".  GCC loads n->metric once, for the "if", and reuses the
 * value: "ldr w2, [x1, 8]" with x1 the value of the head, an intact
 * dependency (the index is reported anyway, rightly, as a relational
 * result, line 33 col 35).  Same family as list_walk_merged_fp.c.
 *
 * aarch64-linux-gnu-gcc -O2 -I plugin/include -S -o /dev/null \
 *	-fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	clients/liburcu/repro/cse_merged_fp.c
 *	-> 33:35 (relational, expected) and 33:37 ("merged", wrong);
 *	   with -fplugin-arg-rcu_deref_plugin-mode=fixup, 33:37 is an error
 */
#include "rcu_deref.h"

struct node {
	struct node *next;
	int metric;
};

struct node list = { &list, 0 };
int mtu[2];

int route_mtu(int key)
{
	struct node *n;

	for (n = rcu_dereference(list.next); n != &list; n = rcu_dereference(n->next))
		if (n->metric >= key)
			return mtu[n->metric > 10];
	return 0;
}
