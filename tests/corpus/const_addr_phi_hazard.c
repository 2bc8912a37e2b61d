/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values" (an integer constant address): hazard, on the r1 == 0x424242 path &r1[5] is the constant 0x424256, which GIMPLE puts in the PHI (evrp at -O2, dom2 at -O1); the final code picks it with csel after comparing r1, so on that path the read depends on rcu_dereference() only through the flags. */
#include "rcu_deref.h"

int *gp;

int reader(void)
{
	int *r1, *r2;
	int v;

	rcu_read_lock();
	r1 = rcu_dereference(gp); /* rcu:head */
	if (r1 == (int *)0x424242)
		r2 = &r1[5];
	else
		r2 = &r1[8];
	v = READ_ONCE(*r2); /* rcu:dep */
	rcu_read_unlock();
	return v;
}
