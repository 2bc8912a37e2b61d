/*
 * FALSE POSITIVE of the final-code check (fixed): a helper that returns the
 * head's value or ERR_PTR(-EAGAIN), its caller reading through the result
 * (lib/rhashtable.c, rhashtable_try_insert() returns ERR_PTR(-EAGAIN)
 * beside the bucket's entry, inlined into rhashtable_insert_slow()).
 *
 * At -O2 on arm64, pick() becomes "mov x2, -11; ... csel x0, x0, x2, eq;
 * ldr x0, [x0]": where the select takes the error pointer, the load faults
 * (the last page of the address space is never mapped) and reads nothing,
 * so that choice has no order to keep; the other choice is the head's
 * register.  pick2() retries: the register holding the result is set to
 * -11 before the loop and to the head's value plus 8 in it; every path to
 * the access tests IS_ERR() first, and at worst an access through the
 * error pointer faults.  The source merges the error pointer with the
 * head's value (a PHI of the helper's return): an arm, like NULL.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/err_ptr_arm.c
 */
#include "rcu_deref.h"

#define EAGAIN 11
#define MAX_ERRNO 4095
#define ERR_PTR(e) ((void *)(long)(e))
#define IS_ERR(p) ((unsigned long)(p) >= (unsigned long)-MAX_ERRNO)

struct bucket {
	void *key;
	int value;
};

struct bucket *table;

extern int retry(void);

static inline struct bucket *lookup(int slot)
{
	struct bucket *b = rcu_dereference(table);	/* rcu:head */

	if (slot == 1)
		return b;
	return ERR_PTR(-EAGAIN);
}

int pick(int slot, void *key)
{
	struct bucket *b = lookup(slot);

	return b->key == key;				/* rcu:dep */
}

int pick2(int slot)
{
	struct bucket *b;

	for (;;) {
		b = lookup(slot);
		if (!IS_ERR(b) || retry())
			break;
	}
	if (IS_ERR(b))
		return -1;
	return b->value;				/* rcu:dep */
}
