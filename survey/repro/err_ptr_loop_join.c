/*
 * FALSE POSITIVE of the final-code check (fixed): error pointers that reach
 * a loop's join with a head's value through an inlined helper
 * (lib/rhashtable.c, rhashtable_try_insert(): new_tbl is the head, the
 * next table, NULL or rhashtable_insert_one()'s ERR_PTR(-EEXIST),
 * ERR_PTR(-E2BIG), ...; the loop goes on only while !IS_ERR_OR_NULL()).
 *
 * ERR_PTR() is a function, as in the kernel's include/linux/err.h: in the
 * source's SSA form, where the mark pass notes the constants merged with
 * heads, each is a call's result, not a constant; only after inlining is
 * it "mov x21, -17" in a pointer register.  At the loop's join that
 * register meets the head's, and the accesses after it (lines 99, 100, 101,
 * 116) were warned at every level until a pointer register set to an error
 * pointer, like one set to NULL, gives way there (null_pointer_set() in
 * rcu_deref_rtl.c): no access through it reads memory.  heavy_unlock()
 * has more statements than the jump threader copies, as the kernel's
 * unlock does; without it, the error pointers go straight to the exit.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/err_ptr_loop_join.c
 */
#include "rcu_deref.h"

#define MAX_ERRNO 4095
/* As in the kernel's include/linux/err.h: functions, not macros. */
static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline int IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || (unsigned long)ptr >= (unsigned long)-MAX_ERRNO;
}

struct tbl {
	unsigned int seed;
	unsigned int size;
	struct tbl *future;
	void *bucket[];
};

struct ht {
	struct tbl *tbl;
	int nelems;
};

extern void *lookup(void **b, unsigned int hash);
extern int grow(struct ht *ht);
extern void lock_bucket(void **b);
extern void unlock_bucket(void **b);
extern void schedule_grow(struct ht *ht);

/* More statements than the jump threader copies (an unlock's irq restore
 * and preemption check in the kernel). */
#define STEP(n) __asm__ __volatile__("nop // " #n : "+r"(x))
static inline void heavy_unlock(struct ht *ht)
{
	long x = ht->nelems;

	STEP(1); STEP(2); STEP(3); STEP(4); STEP(5); STEP(6); STEP(7);
	STEP(8); STEP(9); STEP(10); STEP(11); STEP(12); STEP(13); STEP(14);
	STEP(15); STEP(16); STEP(17); STEP(18); STEP(19); STEP(20);
	ht->nelems = x;
}

static inline struct tbl *insert_one(struct ht *ht, struct tbl *tbl, void *data)
{
	struct tbl *new_tbl;

	if (!IS_ERR_OR_NULL(data))
		return ERR_PTR(-17);
	if (PTR_ERR(data) != -11 && PTR_ERR(data) != -2)
		return data;
	new_tbl = rcu_dereference(tbl->future);		/* rcu:head rcu:dep */
	if (new_tbl)
		return new_tbl;
	if (ht->nelems > 100)
		return ERR_PTR(-7);
	if (grow(ht))
		return ERR_PTR(-12);
	return 0;
}

void *try_insert(struct ht *ht, unsigned int key)
{
	struct tbl *new_tbl, *tbl;
	unsigned int hash;
	void *data;

	new_tbl = rcu_dereference(ht->tbl);			/* rcu:head */
	do {
		tbl = new_tbl;
		hash = (tbl->seed ^ key) & (tbl->size - 1);	/* rcu:dep */
		if (tbl->future) {				/* rcu:dep */
			new_tbl = rcu_dereference(tbl->future);	/* rcu:head rcu:dep */
			data = ERR_PTR(-11);
		} else {
			int inserted;

			lock_bucket(&tbl->bucket[hash]);
			data = lookup(&tbl->bucket[hash], hash);
			new_tbl = insert_one(ht, tbl, data);
			inserted = data && !new_tbl;
			if (inserted)
				__atomic_fetch_add(&ht->nelems, 1, __ATOMIC_RELAXED);
			if (PTR_ERR(new_tbl) != -17)
				data = new_tbl;
			unlock_bucket(&tbl->bucket[hash]);
			heavy_unlock(ht);
			if (inserted && ht->nelems > tbl->size / 4 * 3)	/* rcu:dep */
				schedule_grow(ht);
		}
	} while (!IS_ERR_OR_NULL(new_tbl));
	return data;
}
