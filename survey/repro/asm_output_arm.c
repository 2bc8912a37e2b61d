/*
 * FALSE POSITIVE of the final-code check (fixed): a walk that starts at
 * an asm's output and goes on with heads: while_each_thread(current, t)
 * (kernel/signal.c do_signal_stop()), where arm64's current is
 * "mrs %0, sp_el0".  The asm's output never depended on a head: an arm.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/asm_output_arm.c
 */
#include "rcu_deref.h"

struct task {
	struct task *next;
	int state;
};

static inline struct task *get_current(void)
{
	unsigned long cur;

	asm("mov %0, sp" : "=r" (cur));
	return (struct task *)cur;
}

int stopped(void)
{
	struct task *g = get_current(), *t = g;
	int n = 0;

	while ((t = rcu_dereference(t->next)) != g)	/* rcu:head rcu:dep */
		n += t->state;				/* rcu:dep */
	return n;
}
