/* Rule "comparisons are OK if the value compared against also came from rcu_dereference()", integer form: safe, j is loaded with rcu_dereference() too, so whichever of i and j indexes table[] the access stays ordered after a head. */
#include "rcu_deref.h"

int table[16];
unsigned long gidx;
unsigned long hint;

int reader(void)
{
	unsigned long i, j;
	int v = 0;

	rcu_read_lock();
	i = rcu_dereference(gidx); /* rcu:head */
	j = rcu_dereference(hint); /* rcu:head */
	if (i == j)
		v = table[i]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
