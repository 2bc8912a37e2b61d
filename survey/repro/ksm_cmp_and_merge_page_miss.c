/*
 * MISSED BREAK: mm/ksm.c cmp_and_merge_page() (Linux 6.1), reduced.
 *
 * page_stable_node(page) = folio_stable_node(page_folio(page)): page_folio()
 * reads page->compound_head with READ_ONCE() (a head with
 * -fplugin-arg-rcu_deref_plugin-read-once-heads), folio_raw_mapping()
 * loads folio->mapping through that pointer, and stable_node is that
 * value.  The code then stores stable_node->head = &migrate_nodes and calls
 * list_add(&stable_node->list, stable_node->head): fre forwards the stored
 * &migrate_nodes to the load of stable_node->head, so __list_add()'s
 * WRITE_ONCE(prev->next, new) (and the load head->next) use the constant
 * address &migrate_nodes.next, with no dependency left on the READ_ONCE().
 * The generated code is the kernel's (build/survey/out/mm/ksm.o,
 * ksm_scan_thread+0x5e4 and +0x5e8: `ldr x2, [x19, #80]`, `str x0, [x19, #80]`
 * with x19 + 80 = &migrate_nodes, as `add x1, x19, #0x50` shows).
 *
 * The plugin does not warn, in either mode: the chain stops at
 * folio_raw_mapping(), a helper that returns a value loaded through its
 * parameter (survey/repro/getter_load_miss.c).  With the two helpers folded
 * into folio_stable_node() (as in ksm_cmp_and_merge_page_miss.c with
 * -DFOLDED) it warns three times (list.h head->next, WRITE_ONCE,
 * next->prev), all "broken by fre".
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include -S \
 *	survey/repro/ksm_cmp_and_merge_page_miss.c [-DFOLDED]
 */
#include <stddef.h>
#include "rcu_deref.h"

struct list_head { struct list_head *next, *prev; };
struct page { unsigned long flags; unsigned long compound_head; void *mapping; };
struct folio { unsigned long flags; unsigned long pad; void *mapping; };
struct stable_node {
	struct list_head *head;
	struct list_head list;
	unsigned long kpfn;
	int nid;
};

static struct list_head migrate_nodes = { &migrate_nodes, &migrate_nodes };

static inline void __list_add(struct list_head *new, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = new;
	new->next = next;
	new->prev = prev;
	WRITE_ONCE(prev->next, new);
}

static inline void list_add(struct list_head *new, struct list_head *head)
{
	__list_add(new, head, head->next);
}

static inline unsigned long _compound_head(const struct page *page)
{
	unsigned long head = READ_ONCE(page->compound_head);

	if (__builtin_expect(head & 1, 0))
		return head - 1;
	return (unsigned long)page;
}
#define page_folio(p) ((struct folio *)_compound_head(p))

static inline int folio_test_ksm(struct folio *folio)
{
	return ((unsigned long)folio->mapping & 3) == 3;
}

static inline void *folio_raw_mapping(struct folio *folio)
{
	unsigned long mapping = (unsigned long)folio->mapping;

	return (void *)(mapping & ~3UL);
}

static inline struct stable_node *folio_stable_node(struct folio *folio)
{
#ifdef FOLDED
	return ((unsigned long)folio->mapping & 3) == 3 ?
		(void *)((unsigned long)folio->mapping & ~3UL) : NULL;
#else
	return folio_test_ksm(folio) ? folio_raw_mapping(folio) : NULL;
#endif
}

static inline struct stable_node *page_stable_node(struct page *page)
{
	return folio_stable_node(page_folio(page));
}

int get_nid(unsigned long kpfn);

void cmp_and_merge_page(struct page *page)
{
	struct stable_node *stable_node = page_stable_node(page);

	if (stable_node) {
		if (stable_node->head != &migrate_nodes &&
		    get_nid(READ_ONCE(stable_node->kpfn)) != stable_node->nid) {
			stable_node->head = &migrate_nodes;
			list_add(&stable_node->list, stable_node->head);
		}
	}
}
