/*
 * False positive (and, in fix-up mode, an error that stops the build):
 * a list walk in the shape of liburcu's cds_list_for_each_entry_rcu(),
 * whose rcu_dereference() is a C11 consume load, and a comparison of the
 * entry found with a static default entry.
 *
 * Besides the expected warning at the return in the "r == &def" branch
 * (line 51, where evrp reads def.gateway), the plugin reports the consume
 * load of the loop's increment, pos->node.next (line 34, in the macro):
 *   "its address became a constant, then it was merged with another load
 *    of that object" / "the value of the access now comes from this load,
 *    made before the head" (pointing at line 51)
 * and with -fplugin-arg-rcu_deref_plugin-mode=fixup:
 *   "error: rcu_deref fix-up mode cannot order this access ..."
 * The aarch64 code is "ldar x1, [x3]" with x3
 * the previous head's value: the access is intact.  Not seen on x86_64,
 * nor with a list node without its prev pointer.
 *
 * aarch64-linux-gnu-gcc -O2 -S -o /dev/null \
 *	-fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	clients/liburcu/repro/list_walk_merged_fp.c
 */
#include <stddef.h>

struct list {
	struct list *next, *prev;
};

struct route {
	unsigned int mask, prefix, gateway;
	struct list node;
};

#define deref(p) ({ __typeof__(p) v_; __atomic_load(&(p), &v_, __ATOMIC_CONSUME); v_; })
#define entry(ptr) ((struct route *)((char *)(ptr) - offsetof(struct route, node)))
#define for_each(pos, head) \
	for (pos = entry(deref((head)->next)); &pos->node != (head); \
	     pos = entry(deref(pos->node.next)))

struct list routes;
struct route def = { 0, 0, 1 };

unsigned int gateway(unsigned int dst)
{
	struct route *r;

	for_each(r, &routes) {
		if ((dst & r->mask) != r->prefix)
			continue;
		if (r == &def)
			return r->gateway | 1;
		return r->gateway;
	}
	return 0;
}
