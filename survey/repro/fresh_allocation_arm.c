/*
 * FALSE POSITIVE of the final-code check (fixed): a fresh allocation merged
 * with a head (fs/aio.c, ioctx_add_table(), Linux 6.12).
 *
 * The loop reads table->nr and table->table[i] where table is the head's
 * value (the first load, or "old" from the second one) or the table that
 * kzalloc() just returned, whose size came from table->nr.  The plugin
 * takes a call's result to derive from its arguments; on the path where
 * the first head is NULL the size is a constant (at -O2, "mov x19, 56"
 * after PRE), so the fresh table held nothing derived, and the accesses
 * after the loop's join (lines 50, 51) were warned at -O2 and -O3.  A call
 * with the malloc attribute (the kernel's __alloc_size() carries it)
 * returns a new object no other pointer reaches: nothing read through it
 * needs ordering after any head, so its result is an arm.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/fresh_allocation_arm.c
 */
#include "rcu_deref.h"

struct table {
	int pad[4];
	unsigned int nr;
	void *table[];
};

struct mm {
	int lock;
	struct table *ioctx_table;
};

struct ctx {
	unsigned int id;
};

extern void lock(int *l);
extern void unlock(int *l);
extern void *kzalloc(unsigned long size) __attribute__((__malloc__, __alloc_size__(1)));
extern void kfree(void *p);

int add_table(struct ctx *ctx, struct mm *mm)
{
	unsigned int i, new_nr;
	struct table *table, *old;

	lock(&mm->lock);
	table = rcu_dereference_raw(mm->ioctx_table);	/* rcu:head */
	while (1) {
		if (table)
			for (i = 0; i < table->nr; i++)		/* rcu:dep */
				if (!table->table[i]) {		/* rcu:dep */
					ctx->id = i;
					rcu_assign_pointer(table->table[i], ctx);
					unlock(&mm->lock);
					return 0;
				}
		new_nr = (table ? table->nr : 1) * 4;
		unlock(&mm->lock);
		table = kzalloc(sizeof(*table) + new_nr * sizeof(void *));
		if (!table)
			return -12;
		table->nr = new_nr;
		lock(&mm->lock);
		old = rcu_dereference_raw(mm->ioctx_table);	/* rcu:head */
		if (!old) {
			rcu_assign_pointer(mm->ioctx_table, table);
		} else if (table->nr > old->nr) {		/* rcu:dep */
			__builtin_memcpy(table->table, old->table, old->nr * sizeof(void *));
			rcu_assign_pointer(mm->ioctx_table, table);
			kfree(old);
		} else {
			kfree(table);
			table = old;
		}
	}
}
