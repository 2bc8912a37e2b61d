/*
 * FALSE POSITIVE (read-once-heads): kernel/rcu/tree.c rcu_gp_in_progress(),
 *	return rcu_seq_state(rcu_seq_current(&rcu_state.gp_seq));
 * rcu_seq_current() is READ_ONCE(*sp): with read-once-heads that load is a
 * head, and its own address is the constant &rcu_state.gp_seq from the
 * start.  The plugin reports that load as an access that "no longer depends
 * on the value loaded by 'READ_ONCE'" (broken by einline): the inner call's
 * parameter seems resolved through the outer call's argument, which is the
 * head's value (survey/repro/nested_call_arg.c).  Splitting the line
 * (unsigned long s = rcu_seq_current(...); return rcu_seq_state(s);)
 * removes the warning.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include -S \
 *	survey/repro/nested_call_seq.c [-DSPLIT]
 */
#include "rcu_deref.h"

struct rcu_state {
	unsigned long gp_seq;
	unsigned long other;
};

static struct rcu_state rcu_state;

static inline unsigned long rcu_seq_current(unsigned long *sp)
{
	return READ_ONCE(*sp);
}

static inline unsigned long rcu_seq_state(unsigned long s)
{
	return s & 3;
}

int rcu_gp_in_progress(void)
{
#ifdef SPLIT
	unsigned long s = rcu_seq_current(&rcu_state.gp_seq);

	return rcu_seq_state(s);
#else
	return rcu_seq_state(rcu_seq_current(&rcu_state.gp_seq));
#endif
}
