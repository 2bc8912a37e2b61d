/*
 * FALSE POSITIVE of the final-code check (fixed): compound_head()'s
 * READ_ONCE(page->compound_head) (read-once-heads) merges head - 1 with the
 * page itself, and the page is read from a structure passed by value: a
 * parameter, so an arm, but the walk up to the arms did not take a field
 * of a by-value parameter (p.pmd, r.page) for one.  The 6.1 survey's
 * compound_head() warnings that the constant-base arm fix left are of this
 * kind where the page comes from a pte_t or pmd_t passed by value
 * (mm/memcontrol.c get_mctgt_type_thp(): page_memcg(pmd_page(pmd)) and
 * get_page(page), memcontrol.h:543, :367, atomic_ll_sc.h:95;
 * survey/triage/6.1.txt).  The code selects the page with a csel, as in
 * survey/notes.md's compound_head() section:
 *
 *	ldr	x1, [x0, 8]		// READ_ONCE(page->compound_head)
 *	sub	x2, x1, #1
 *	tst	x1, 1
 *	csel	x0, x2, x0, ne
 *	ldr	x0, [x0, 48]		// ->memcg_data
 *
 * On the tail-page path the address is head - 1, the dependency the source
 * has; on the other it is the parameter's page, where the source has none.
 * Expected: no warning (as for a plain pointer parameter, or for
 * memcg_of_pfn() with an unsigned long in place of pmd_t).  The plugin of
 * c3fbc2c gave one for each function at -O1, -O2, -O3 and -Os; the walk to
 * the arms now takes a field of a structure that lives in registers for the
 * parameter's incoming registers (track_register_aggregate()).
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include \
 *	-S survey/repro/struct_param_arm.c
 */
#include "rcu_deref.h"

struct page {
	unsigned long flags;
	unsigned long compound_head;
	unsigned long pad[4];
	unsigned long memcg_data;
};

typedef struct { unsigned long pmd; } pmd_t;
typedef struct { struct page *page; } ref_t;

extern long memstart_addr;
#define vmemmap ((struct page *)0xfffffc0000000000UL - (memstart_addr >> 12))
#define pfn_to_page(pfn) (vmemmap + (pfn))
#define pmd_page(p) pfn_to_page(((p).pmd & 0xfffffffff000UL) >> 12)

static inline struct page *compound_head(struct page *page)
{
	unsigned long head = READ_ONCE(page->compound_head);

	if (__builtin_expect(head & 1, 0))
		return (struct page *)(head - 1);
	return page;
}

unsigned long memcg_of_ref(ref_t r)
{
	return compound_head(r.page)->memcg_data;
}

unsigned long memcg_of_pmd(pmd_t pmd)
{
	return compound_head(pmd_page(pmd))->memcg_data;
}

unsigned long memcg_of_pfn(unsigned long pmd)
{
	return compound_head(pfn_to_page((pmd & 0xfffffffff000UL) >> 12))->memcg_data;
}
