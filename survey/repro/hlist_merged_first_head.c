/*
 * FALSE POSITIVE of the final-code check (fixed): an hlist walk whose
 * first and next pointers both sit at offset 0 (hlist_head.first,
 * hlist_node.next, the node first in its entry).  At -Os GCC does not
 * rotate the loop: one load at the loop's head, "ld 31,0(31)", is the
 * first head on the entry path (r31 the subscriptions pointer) and the
 * next head on the loop's path (r31 the node); the first head has no
 * insn of its own.  The check took that load for the next pointer's
 * access through the node, without a derived address on the entry path:
 * "broken by peephole2" (powerpc64le), also on the other three targets.
 * From the powerpc64le test kernel of Linux 6.12 (mm/mmu_notifier.c
 * __mmu_notifier_invalidate_range_end(), mn_hlist_invalidate_end()
 * inlined: the one reviewed warning of that kernel).
 *
 * powerpc64le-linux-gnu-gcc -Os -fplugin=build/plugin/powerpc64le-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/hlist_merged_first_head.c
 */
#include "rcu_deref.h"

struct hlist_node {
	struct hlist_node *next, **pprev;
};
struct hlist_head {
	struct hlist_node *first;
};
struct notifier;
struct notifier_ops {
	void *start;
	void (*end)(struct notifier *n, void *range);
};
struct notifier {
	struct hlist_node hlist;
	const struct notifier_ops *ops;
};
struct subscriptions {
	struct hlist_head list;
	int has_itree;
};
struct mm {
	long pad[163];
	struct subscriptions *subs;
};
struct range {
	struct mm *mm;
};
extern int srcu_lock(void);
extern void srcu_unlock(int idx);
extern void itree_end(struct subscriptions *subs);

static void hlist_end(struct subscriptions *subs, struct range *range)
{
	struct hlist_node *pos;
	int id = srcu_lock();

	for (pos = rcu_dereference(subs->list.first); pos; /* rcu:head */
	     pos = rcu_dereference(pos->next)) { /* rcu:head */
		struct notifier *n = (struct notifier *)pos;

		if (n->ops->end)	/* rcu:dep */
			n->ops->end(n, range);
	}
	srcu_unlock(id);
}

void range_end(struct range *range)
{
	struct subscriptions *subs = range->mm->subs;

	if (subs->has_itree)
		itree_end(subs);
	if (READ_ONCE(subs->list.first))
		hlist_end(subs, range);
}
