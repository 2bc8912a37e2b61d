/* Rule "avoid all-ones operands to |": safe, set_bits() is inlined with 4, so (k | 4) & 7 still has four possible values that depend on rcu_dereference(). */
#include "rcu_deref.h"

int slots[8];
unsigned long gkey;

static inline unsigned long set_bits(unsigned long x, unsigned long bits)
{
	return x | bits;
}

int reader(void)
{
	unsigned long k;
	int v;

	rcu_read_lock();
	k = rcu_dereference(gkey); /* rcu:head */
	v = slots[set_bits(k, 4) & 7]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
