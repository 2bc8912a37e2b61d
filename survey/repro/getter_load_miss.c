/*
 * MISSED BREAK (not a false positive): a value loaded through the
 * parameter of an inline helper is not followed as head-derived.
 *
 * All three functions compile to the same aarch64 code: the store of
 * WRITE_ONCE(n->head->next, 0) goes to the constant address &lst.next
 * (fre forwards the store n->head = &lst to the load of n->head), so its
 * address no longer depends on rcu_dereference(gp).  The plugin warns in
 * direct() only; in getter() and getter2() the pointer n comes out of
 * obj_node(), which loads o->node through its parameter, and the chain
 * stops there.  This is the shape of mm/ksm.c cmp_and_merge_page(), where
 * stable_node comes out of folio_raw_mapping(folio) (survey/repro/
 * ksm_cmp_and_merge_page_miss.c).
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/getter_load_miss.c
 */
#include "rcu_deref.h"

struct list_head {
	struct list_head *next, *prev;
};

struct node {
	struct list_head *head;
};

struct obj {
	struct node *node;
};

struct obj *gp;
struct list_head lst;

static inline struct node *obj_node(struct obj *o)
{
	return o->node;
}

void direct(void)
{
	struct node *n = rcu_dereference(gp)->node;

	n->head = &lst;
	WRITE_ONCE(n->head->next, 0);	/* warned */
}

void getter(void)
{
	struct node *n = obj_node(rcu_dereference(gp));

	n->head = &lst;
	WRITE_ONCE(n->head->next, 0);	/* same code, not warned */
}

static inline struct node *get_node(void)
{
	return obj_node(rcu_dereference(gp));
}

void getter2(void)
{
	struct node *n = get_node();

	n->head = &lst;
	WRITE_ONCE(n->head->next, 0);	/* same code, not warned */
}
