/* Rule "be careful comparing against non-NULL values", integer form with another value: hazard, j comes from a plain READ_ONCE(), so inside if (i == j) the compiler may index table[] with j; GIMPLE keeps i, and at -O2, -O3 and -Os an RTL pass indexes with the register holding j (-O1 keeps i). */
#include "rcu_deref.h"

int table[16];
unsigned long gidx;
unsigned long hint;

int reader(void)
{
	unsigned long i, j;
	int v = 0;

	j = READ_ONCE(hint);
	rcu_read_lock();
	i = rcu_dereference(gidx); /* rcu:head */
	if (i == j)
		v = table[i]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
