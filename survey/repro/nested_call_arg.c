/*
 * FALSE POSITIVE: a call nested in the arguments of another call, on one
 * source line.  read_counter(&last) reads last.counter: its address is the
 * constant &last in the source, no head ever reaches it.  The plugin warns
 * that this access "no longer depends on the value loaded by
 * 'rcu_dereference'" (broken by einline), apparently resolving the inlined
 * helper's parameter through the arguments of the other call on the line,
 * use(p, ...), whose first argument is the head.  Splitting the line
 * (int c = read_counter(&last); return use(p, c);) removes the warning;
 * with a plain (non-volatile) load in read_counter() there is none either.
 *
 * Kernel: mm/swap_state.c swapin_nr_pages(), with read-once-heads:
 *   __swapin_nr_pages(READ_ONCE(prev_offset), offset, hits, max_pages,
 *                     atomic_read(&last_readahead_pages));
 * warned at include/linux/atomic/atomic-instrumented.h:28
 * (survey/repro/nested_call_swapin.c is that shape).
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/nested_call_arg.c
 */
#include "rcu_deref.h"

struct counter { int counter; };

static inline int read_counter(const struct counter *v)
{
	return READ_ONCE(v->counter);
}

int *gp;
static struct counter last;

int use(int *p, int c);
int use1(int c);

int reader(void)
{
	int *p = rcu_dereference(gp);

	return use(p, read_counter(&last));
}
