/*
 * FALSE POSITIVE of the final-code check (fixed): mm/ksm.c's
 * scan_get_next_rmap_item() and stable_tree_search(), inlined into
 * ksm_scan_thread() (read-once-heads; 42 warnings of mm/ksm.o in the 6.12
 * survey, 39 in 6.1's), reduced.  page_folio() is _compound_head()'s
 * READ_ONCE(page->compound_head): head - 1 for a tail page, the page
 * itself otherwise.  The page is a field of a local structure a call
 * filled (ksm_next_page_arg.page after walk_page_range()): an arm, a
 * plain load the source merges with the head.  That structure shares its
 * stack slot with another local of a disjoint scope, so expansion writes
 * its references through a pointer to the shared slot
 * ("MEM[(struct walk_arg *)_17].page" for "arg.page"), and the arm,
 * known by its GIMPLE reference, was not found in RTL: the page's path
 * counted as broken, a warning at every access through the folio.  RTL
 * now matches such a reference to the arm through the pointer's
 * points-to set (same_slot_ref() in rcu_deref_rtl.c).
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include \
 *	-S survey/repro/shared_stack_slot_arm.c
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct page {
	unsigned long flags;
	unsigned long compound_head;
	unsigned long mapping;
	int refcount;
};
struct walk_arg {
	struct page *page;
	unsigned long addr;
	long pad;
};
struct other {
	long a, b, c;
};

void walk(struct walk_arg *arg);
void walk2(struct other *o);

static inline struct page *page_folio(struct page *page)
{
	unsigned long head = READ_ONCE(page->compound_head);	/* rcu:head */

	if (__builtin_expect(head & 1, 0))
		return (struct page *)(head - 1);
	return page;
}

long scan(int k)
{
	struct page *page;

	if (k) {
		struct other o = { 0 };

		walk2(&o);
		return o.a;
	}
	{
		struct walk_arg arg = { 0 };

		walk(&arg);
		page = arg.page;
	}
	return page_folio(page)->mapping;	/* rcu:dep */
}
