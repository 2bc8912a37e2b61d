/* Rule "avoid all-zero operands to &" (short head): safe, the same field() is inlined with the mask 15, so the index k & 15 keeps its dependency on rcu_dereference(). */
#include "rcu_deref.h"

int slots[16];
short gkey;
static const short slot_mask = 15;

static inline int field(short x, short mask)
{
	return x & mask;
}

int reader(void)
{
	short k;
	int v;

	rcu_read_lock();
	k = rcu_dereference(gkey); /* rcu:head */
	v = slots[field(k, slot_mask)]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
