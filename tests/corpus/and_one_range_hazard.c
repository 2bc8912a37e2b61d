/* Rule "single-bit operands to & can also be dangerous": hazard, seq & 1 can only be 0 or 1 and the check slot < 1 pins it to 0, so the access uses slots[0] instead of the value from rcu_dereference(). */
#include "rcu_deref.h"

struct slot {
	int owner;
	int val;
};

struct slot slots[2];
unsigned long gseq;

int reader(void)
{
	unsigned long seq, slot;
	int v = -1;

	rcu_read_lock();
	seq = rcu_dereference(gseq); /* rcu:head */
	slot = seq & 1;
	if (slot < 1)
		v = slots[slot].val; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
