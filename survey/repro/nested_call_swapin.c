/*
 * FALSE POSITIVE (read-once-heads): mm/swap_state.c swapin_nr_pages()
 * reduced.  atomic_read(&last_readahead_pages) reads a static variable at a
 * constant address; with every READ_ONCE() a head the plugin reports that
 * access as broken from the head READ_ONCE(prev_offset), the first argument
 * of the same outer call (survey/repro/nested_call_arg.c is the minimal
 * form, in warning mode).
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include -S \
 *	survey/repro/nested_call_swapin.c
 */
#include "rcu_deref.h"

typedef struct { int counter; } atomic_t;

static inline __attribute__((always_inline)) int atomic_read(const atomic_t *v)
{
	return READ_ONCE(v->counter);
}

static unsigned long prev_offset;
unsigned int page_cluster;

static unsigned int __swapin_nr_pages(unsigned long prev, unsigned long offset,
				      int hits, int max_pages, int prev_win)
{
	unsigned int pages;

	if (offset != prev + 1 && offset != prev - 1)
		pages = 1;
	else
		pages = hits + 2 > prev_win ? hits + 2 : prev_win;
	return pages < (unsigned int)max_pages ? pages : max_pages;
}

unsigned long swapin_nr_pages(unsigned long offset, int hits)
{
	static atomic_t last_readahead_pages;
	unsigned int pages, max_pages;

	max_pages = 1 << READ_ONCE(page_cluster);
	if (max_pages <= 1)
		return 1;
	pages = __swapin_nr_pages(READ_ONCE(prev_offset), offset, hits,
				  max_pages, atomic_read(&last_readahead_pages));
	if (!hits)
		WRITE_ONCE(prev_offset, offset);
	WRITE_ONCE(last_readahead_pages.counter, pages);
	return pages;
}
