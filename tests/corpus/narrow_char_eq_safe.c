/* Rule "be careful comparing rcu_dereference() values against non-NULL values" (integer index, unsigned char head): safe, the bounds check c < 8 leaves eight possible values, so table[c] keeps its dependency on rcu_dereference(). */
#include "rcu_deref.h"

int table[8];
unsigned char gidx;

int reader(void)
{
	unsigned char c;
	int v = 0;

	rcu_read_lock();
	c = rcu_dereference(gidx); /* rcu:head */
	if (c < 8)
		v = table[c]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
