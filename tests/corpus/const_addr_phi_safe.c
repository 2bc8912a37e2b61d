/* Rule "be careful comparing against non-NULL values": safe, the same choice between &r1[5] and &r1[8] is made by a flag read before the read-side section, so both addresses are computed from r1 and the read keeps the value from rcu_dereference(). */
#include "rcu_deref.h"

int *gp;
int near;

int reader(void)
{
	int *r1, *r2;
	int n, v;

	n = READ_ONCE(near);
	rcu_read_lock();
	r1 = rcu_dereference(gp); /* rcu:head */
	if (n)
		r2 = &r1[5];
	else
		r2 = &r1[8];
	v = READ_ONCE(*r2); /* rcu:dep */
	rcu_read_unlock();
	return v;
}
