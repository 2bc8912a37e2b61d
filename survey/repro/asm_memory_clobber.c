/*
 * FALSE POSITIVE of the final-code check (fixed): an asm that reads and
 * writes memory through the head (a memory operand, as arm64's LL/SC
 * cmpxchg and atomic_inc in arch/arm64/include/asm/atomic_ll_sc.h) and
 * clobbers "memory".  The clobber is a (mem:BLK (scratch)) without a
 * memory expression at the asm's location, and it was taken for the
 * asm's read: a memory clobber is no access.
 *
 * The asm is each target's own: the same compare-and-swap of old->future
 * from 0 to new_tbl, through a memory operand ("+Q" on arm64, "+Z" printed
 * as RA,RB by %y on powerpc64le, as arch/powerpc's atomics; "+A", the
 * address in a register, on riscv64, as arch/riscv's cmpxchg; "+m" on
 * x86-64), with the "memory" clobber; the result, oldval, is 0 when it
 * stored.  (It was arm64's alone: riscv64's GCC refused "+Q", and the
 * other targets compiled it without a memory operand.)  The loop's label
 * "1:" has a line of its own: the asm checkers (rcuderef/asmcheck/) of
 * aarch64 and riscv64 read no instruction after a numeric label on its
 * line, and would miss the load-reserved.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/asm_memory_clobber.c
 */
#include "rcu_deref.h"

/* Each target's asm; its one use below is the dependent access's line. */
#if defined(__aarch64__)
#define cas_from_zero(ptr, new, oldval)					\
do {									\
	unsigned long tmp;						\
									\
	asm volatile("1:\n"						\
		     "   ldxr %1, %2\n"					\
		     "   cbnz %1, 2f\n"					\
		     "   stxr %w0, %3, %2\n"				\
		     "   cbnz %w0, 1b\n"				\
		     "2:"						\
		     : "=&r" (tmp), "=&r" (oldval), "+Q" (*(ptr))	\
		     : "r" (new)					\
		     : "memory");					\
} while (0)
#elif defined(__powerpc64__)
#define cas_from_zero(ptr, new, oldval)					\
	asm volatile("1:\n"						\
		     "   ldarx %0, %y1\n"				\
		     "   cmpdi 0, %0, 0\n"				\
		     "   bne- 0, 2f\n"					\
		     "   stdcx. %2, %y1\n"				\
		     "   bne- 0, 1b\n"					\
		     "2:"						\
		     : "=&r" (oldval), "+Z" (*(ptr))			\
		     : "r" (new)					\
		     : "cr0", "memory")
#elif defined(__riscv) && __riscv_xlen == 64
#define cas_from_zero(ptr, new, oldval)					\
do {									\
	unsigned long tmp;						\
									\
	asm volatile("1:\n"						\
		     "   lr.d %1, %2\n"					\
		     "   bnez %1, 2f\n"					\
		     "   sc.d %0, %3, %2\n"				\
		     "   bnez %0, 1b\n"					\
		     "2:"						\
		     : "=&r" (tmp), "=&r" (oldval), "+A" (*(ptr))	\
		     : "r" (new)					\
		     : "memory");					\
} while (0)
#elif defined(__x86_64__)
#define cas_from_zero(ptr, new, oldval)					\
	asm volatile("lock cmpxchgq %2, %1"				\
		     : "=a" (oldval), "+m" (*(ptr))			\
		     : "r" (new), "0" (0UL)				\
		     : "memory")
#else
#error "asm_memory_clobber.c: no asm for this target"
#endif

struct tbl {
	int size;
	struct tbl *future;
};

struct tbl *gp;

int attach(struct tbl *new_tbl)
{
	struct tbl *old = rcu_dereference(gp);	/* rcu:head */
	unsigned long *ptr = (unsigned long *)&old->future;
	unsigned long oldval;

	cas_from_zero(ptr, new_tbl, oldval);	/* rcu:dep */
	return oldval == 0;
}
