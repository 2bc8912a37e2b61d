/*
 * Fix-up mode leaves one of a chain's heads plain: a list walk whose two
 * rcu_dereference() loads (the list head's next, and each entry's next)
 * come from one macro line, and an access that is broken (here: a
 * relational result used as the index).  The entry reaching the access is
 * a PHI of both loads, but only the load of the loop's increment becomes
 * a load-acquire; the first load, "ldr x2, [x1]" of list.next, stays
 * plain, so when the first entry matches, the access is ordered after it
 * only through the flags (cmp + cset).  One "fix-up:" note and one
 * __rcu_deref_fixups record name line 37 (the column of the second
 * rcu_dereference()): a value that is a PHI of two heads keeps one source.
 *
 * Seen with the plugin of commit 4d174d8; fixed by commit b8e418a, whose
 * fix-up makes both loads LDAR (tests/test_liburcu.py checks this on
 * routes.c's volatile build).
 *
 * aarch64-linux-gnu-gcc -O2 -I plugin/include -c -o fixup_first_head.o \
 *	-fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-mode=fixup \
 *	clients/liburcu/repro/fixup_first_head.c
 * aarch64-linux-gnu-objdump -d fixup_first_head.o	-> one ldr, one ldar
 */
#include "rcu_deref.h"

struct node {
	struct node *next;
	int key;
	int metric;
};

struct node list = { &list, 0, 0 };
int mtu[2];

int route_mtu(int key)
{
	struct node *n;

	for (n = rcu_dereference(list.next); n != &list; n = rcu_dereference(n->next))
		if (n->key == key)
			return mtu[n->metric > 10];
	return 0;
}
