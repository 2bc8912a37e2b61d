/*
 * FALSE POSITIVE of the final-code check (fixed): the next_thread() walk
 * of Linux 6.1's check_unsafe_exec() on riscv64, reduced.  The walk starts
 * at the current task, a global register variable in tp, as in
 * register_variable_arm.c; but here the function calls out before it
 * reads current.  GCC counts a global register among the registers a
 * call may change (a callee may assign the variable), so after the call
 * tp no longer held the arm's value in the analysis, and the entry path
 * of the walk counted as broken: the six "broken by expand" warnings of
 * the riscv64 6.1 test kernel (do_wait(), check_unsafe_exec()).  Whatever
 * a callee leaves in tp is still the variable's value, which never
 * depended on a head: an arm after a call too.
 *
 * riscv64-linux-gnu-gcc -O2 -fplugin=build/plugin/riscv64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/register_variable_call_arm.c
 */
#include "rcu_deref.h"

struct list_head {
	struct list_head *next, *prev;
};
struct fs {
	int users;
};
struct task {
	long pad[140];
	struct list_head thread_node;
	struct fs *fs;
};
#ifdef __riscv
register struct task *current_task __asm__("tp");
#else
/* Elsewhere no register is free for it: a plain global (a load arm). */
extern struct task *current_task;
#endif

void lock_fs(struct fs *fs);

#define next_thread(t) ((struct task *)((char *)rcu_dereference((t)->thread_node.next) - \
	__builtin_offsetof(struct task, thread_node)))

int shared_fs(void)
{
	struct task *p, *t;
	int n_fs = 1;

	lock_fs(0);
	p = current_task;
	lock_fs(p->fs);
	t = p;
	while ((t = next_thread(t)) != p) {	/* rcu:head */
		if (t->fs == p->fs)	/* rcu:dep */
			n_fs++;
	}
	return p->fs->users > n_fs;
}
