/* Rule "single-bit operands to & can also be dangerous": safe, seq & 3 checked against 3 still leaves three possible slots, so the compiler cannot replace the index from rcu_dereference() by a constant. */
#include "rcu_deref.h"

struct slot {
	int owner;
	int val;
};

struct slot slots[4];
unsigned long gseq;

int reader(void)
{
	unsigned long seq, slot;
	int v = -1;

	rcu_read_lock();
	seq = rcu_dereference(gseq); /* rcu:head */
	slot = seq & 3;
	if (slot < 3)
		v = slots[slot].val; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
