/*
 * FALSE POSITIVE of the final-code check (fixed): a next_thread() walk
 * that starts at the current task, which riscv64's Linux 6.1 reads from a
 * global register variable ("register struct task_struct *current asm
 * ("tp")").  The source merges that value, which never depended on a head,
 * with the heads of the walk: an arm.  In RTL it is a read of the fixed
 * register tp, no load whose reference the arms knew, so the entry path
 * counted as broken: three warnings here at every level, "broken by
 * expand" at the do_wait(), do_signal_stop() and check_unsafe_exec()
 * walks of the riscv64 6.1 test kernel (7 warnings).
 *
 * riscv64-linux-gnu-gcc -O2 -fplugin=build/plugin/riscv64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/register_variable_arm.c
 */
#include "rcu_deref.h"

struct list_head {
	struct list_head *next, *prev;
};
struct task {
	long pad[140];
	struct list_head thread_node;
	long state;
	struct task *parent;
};
#ifdef __riscv
register struct task *current_task __asm__("tp");
#else
/* Elsewhere no register is free for it: a plain global (a load arm). */
extern struct task *current_task;
#endif

#define next_thread(t) ((struct task *)((char *)rcu_dereference((t)->thread_node.next) - \
	__builtin_offsetof(struct task, thread_node)))

long count_stopped(void)
{
	struct task *t = current_task;
	long n = 0;

	do {
		if (t->state)	/* rcu:dep */
			n += (long)t->parent;	/* rcu:dep */
	} while ((t = next_thread(t)) != current_task); /* rcu:head */
	return n;
}
