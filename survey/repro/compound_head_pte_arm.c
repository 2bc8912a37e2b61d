/*
 * FALSE POSITIVE of the final-code check (Linux 6.12 survey, read-once-heads,
 * fixed; still given by the plugin after the constant-base arm fix): the
 * compound_head() class of survey/notes.md with a page from pte_page() of a
 * pte that a call returned by value.  fs/proc/task_mmu.c
 * pagemap_hugetlb_range(): pte = huge_ptep_get(...) (pte_t, a struct), then
 * page_folio(pte_page(pte))->mapping; the same in mm/hugetlb.c hugetlb_wp(),
 * mm/mempolicy.c queue_folios_hugetlb() (survey/triage/6.12.txt,
 * page-flags.h:696 and the entries that refer to it).
 *
 * _compound_head()'s READ_ONCE(page->compound_head) returns head - 1 for a
 * tail page and the page itself otherwise; GCC joins the two with a csel:
 *
 *	bl	huge_ptep_get
 *	ubfx	x1, x0, 12, 36		// the pte's frame number
 *	sub	x0, x1, x0, asr 12
 *	add	x0, x3, x0, lsl 6	// pfn_to_page(): vmemmap + offset
 *	ldr	x1, [x0, 8]		// READ_ONCE(page->compound_head)
 *	sub	x2, x1, #1
 *	tst	x1, 1
 *	csel	x0, x0, x2, eq		// the page, or head - 1
 *	ldr	x0, [x0, 16]		// folio->mapping
 *
 * On the tail-page path the address is head - 1 (the dependency the source
 * has); on the other path it is the page, an arm (a constant base plus an
 * offset computed from a call's result), and the source has no dependency
 * there.  Expected: no warning.  The plugin of c3fbc2c warned ("no register of its
 * address holds a value derived from the load (broken by expand)") at -O1,
 * -O2, -O3 and -Os.  With a pte returned as a scalar (unsigned long) it gives
 * none: the arm walk stopped at the load of the struct's field that the call's
 * result was stored in (GIMPLE "pte = huge_ptep_get (...); pte$pte_89 =
 * pte.pte;" in the kernel).  python3 -m rcuderef.asmcheck
 * survey/repro/compound_head_pte_arm.c --head 49 --dep 59 -I plugin/include:
 * "ldr x0, [x0, 16] NOT dependent (only via flags)" (its must-analysis asks
 * for both paths; the line's other loads are memstart_addr's).
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include \
 *	-S -o /dev/null survey/repro/compound_head_pte_arm.c
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct page { unsigned long flags; unsigned long compound_head; void *mapping; int pad[9]; };
typedef struct { unsigned long pte; } pte_t;
extern long memstart_addr;
#define vmemmap ((struct page *)0xfffffc0000000000UL - (memstart_addr >> 12))
extern pte_t huge_ptep_get(void *mm, unsigned long *ptep);
static inline struct page *compound_head(struct page *page)
{
	unsigned long head = READ_ONCE(page->compound_head);
	if (__builtin_expect(head & 1, 0))
		return (struct page *)(head - 1);
	return page;
}
void *one(void *mm, unsigned long *ptep)
{
	pte_t pte = huge_ptep_get(mm, ptep);
	if (!(pte.pte & 1))
		return 0;
	return compound_head(vmemmap + ((pte.pte & 0x0000fffffffff000UL) >> 12))->mapping;
}
