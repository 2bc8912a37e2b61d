/*
 * All three functions compile to the same aarch64 code: the store of
 * WRITE_ONCE(n->head->next, 0) goes to the constant address &lst.next
 * (fre forwards the store n->head = &lst to the load of n->head), so its
 * address no longer depends on rcu_dereference(gp).  This is the shape of
 * mm/ksm.c cmp_and_merge_page(), where stable_node comes out of
 * folio_raw_mapping(folio) (survey/repro/ksm_cmp_and_merge_page_miss.c).
 *
 * Once obj_node() and get_node() are inlined, identical code folding
 * (-fipa-icf, on at -O2) finds getter() and getter2() equal to direct()
 * and gives them direct()'s body, with direct()'s source locations: the
 * plugin warns once, at line 47, for the three, and fix-up mode makes the
 * load of each of the three an acquire.  With -fno-ipa-icf each function
 * keeps its own body and the plugin warns at lines 47, 55 and 68
 * (tests/test_plugin_regressions.py).
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
	WRITE_ONCE(n->head->next, 0);	/* same code: warned at line 47 */
}

static inline struct node *get_node(void)
{
	return obj_node(rcu_dereference(gp));
}

void getter2(void)
{
	struct node *n = get_node();

	n->head = &lst;
	WRITE_ONCE(n->head->next, 0);	/* same code: warned at line 47 */
}
