/*
 * FALSE POSITIVE of the final-code check (fixed): _compound_head()'s
 * READ_ONCE(page->compound_head) (read-once-heads) returns head - 1 for a
 * tail page and the page itself otherwise, and the page is pfn_to_page(),
 * the constant vmemmap plus the frame number's offset (mm/compaction.c
 * isolate_migratepages_block(), page_count() after the 6.1 and 6.12
 * surveys; 76 of 6.1's read-once-heads warnings).  GCC joins the two with
 * "csel x0, x0, x2, eq": on the tail-page path the address is head - 1,
 * the dependency the source has; on the other path the source has none
 * (an arm).  The walk up to the arms followed the first operand of
 * "-4398046511104B + _1", the constant, and found none.

 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include \
 *	-S survey/repro/compound_head_pfn_arm.c
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct page {
	unsigned long flags;
	unsigned long compound_head;
	int pad[9];
	int refcount;
};

extern long memstart_addr;
#define vmemmap ((struct page *)0xfffffc0000000000UL - (memstart_addr >> 12))
#define pfn_to_page(pfn) (vmemmap + (pfn))

static inline struct page *compound_head(struct page *page)
{
	unsigned long head = READ_ONCE(page->compound_head);

	if (__builtin_expect(head & 1, 0))
		return (struct page *)(head - 1);
	return page;
}

static inline int page_count(struct page *page)
{
	return READ_ONCE(compound_head(page)->refcount);
}

int isolate(unsigned long low, unsigned long end)
{
	unsigned long pfn;
	int s = 0;

	for (pfn = low; pfn < end; pfn++) {
		struct page *page = pfn_to_page(pfn);

		if (page_count(page) == 0)
			continue;
		if (page->flags & 4)
			s += page_count(page);
	}
	return s;
}

int one(unsigned long pfn)
{
	return page_count(pfn_to_page(pfn));
}
