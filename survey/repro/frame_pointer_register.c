/*
 * FALSE POSITIVE of the final-code check (fixed): a list walk whose
 * cursor lives across a call in the callee-saved register that is the
 * frame pointer's when there is one (riscv64's s0, powerpc64le's r31).
 * The function has no frame pointer, so register allocation gives that
 * register to the cursor, and the check took every access through it
 * ("ld a5,1424(s0)") for a stack slot's: "broken by reload" on every
 * access through the cursor.  From the riscv64 and powerpc64le test
 * kernels of Linux 6.12 (drivers/tty/tty_jobctrl.c
 * tty_signal_session_leader(): do_each_pid_task(), 41 warnings on each).
 *
 * riscv64-linux-gnu-gcc -O2 -fplugin=build/plugin/riscv64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/frame_pointer_register.c
 */
#include "rcu_deref.h"

struct task {
	long pad[149];
	struct task *next;
	struct sig *signal;
};
struct sig {
	long pad[23];
	void *tty;
};
struct pid {
	long pad[7];
	struct task *first;
};
extern void lock(struct task *t);

int clear_tty(struct pid *pid, void *tty)
{
	struct task *p;
	int n = 0;

	for (p = rcu_dereference(pid->first); p; p = rcu_dereference(p->next)) { /* rcu:head */
		lock(p);
		if (p->signal->tty == tty) {	/* rcu:dep */
			p->signal->tty = 0;	/* rcu:dep */
			n++;
		}
	}
	return n;
}
