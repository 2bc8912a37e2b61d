/*
 * FALSE POSITIVE of the final-code check (fixed): an asm that reads and
 * writes memory through the head ("+Q", as arm64's LL/SC cmpxchg and
 * atomic_inc in arch/arm64/include/asm/atomic_ll_sc.h) and clobbers
 * "memory".  The clobber is a (mem:BLK (scratch)) without a memory
 * expression at the asm's location, and it was taken for the asm's read:
 * a memory clobber is no access.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/asm_memory_clobber.c
 */
#include "rcu_deref.h"

struct tbl {
	int size;
	struct tbl *future;
};

struct tbl *gp;

int attach(struct tbl *new_tbl)
{
	struct tbl *old = rcu_dereference(gp);	/* rcu:head */
	unsigned long *ptr = (unsigned long *)&old->future;
	unsigned long tmp, oldval;

	asm volatile("1: ldxr %1, %2\n"			/* rcu:dep */
		     "   cbnz %1, 2f\n"
		     "   stxr %w0, %3, %2\n"
		     "   cbnz %w0, 1b\n"
		     "2:"
		     : "=&r" (tmp), "=&r" (oldval), "+Q" (*ptr)
		     : "r" (new_tbl)
		     : "memory");
	return oldval == 0;
}
