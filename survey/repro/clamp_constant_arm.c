/*
 * FALSE POSITIVE of the final-code check (fixed): rcutorture's clamp of a
 * pipe count read through an RCU pointer (kernel/rcu/rcutorture.c,
 * rcu_torture_one_read() and rcu_torture_writer()):
 *
 *	pipe_count = READ_ONCE(p->rtort_pipe_count);
 *	if (pipe_count > RCU_TORTURE_PIPE_LEN)
 *		pipe_count = RCU_TORTURE_PIPE_LEN;
 *	__this_cpu_inc(rcu_torture_count[pipe_count]);
 *
 * At -O2 on arm64 the clamp is "mov w2, 10; cmp w0, w2; csel w0, w0, w2,
 * le": where the count is clamped, the index is the constant 10, which
 * the source merged with the head's value and which never depended on
 * the head.  The constant is an arm; on the other path the index is the
 * loaded count, and the increment's address depends on it.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/clamp_constant_arm.c
 */
#include "rcu_deref.h"

#define PIPE_LEN 10

struct tort {
	int pipe_count;
};

extern struct tort *current_tort;
extern long counts[PIPE_LEN + 1];

void one_read(void)
{
	struct tort *p = rcu_dereference(current_tort);	/* rcu:head */
	int pipe_count = READ_ONCE(p->pipe_count);	/* rcu:dep */

	if (pipe_count > PIPE_LEN)
		pipe_count = PIPE_LEN;
	counts[pipe_count]++;				/* rcu:dep */
}
