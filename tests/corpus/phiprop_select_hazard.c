/* Rule "do not use the results of relational operators when dereferencing" (selecting an address): hazard, phiprop turns *(c ? &val_a : &val_b) into loads of val_a and val_b themselves, so no address depends on the value from rcu_dereference() and only the choice of the result does. */
#include "rcu_deref.h"

int val_a, val_b;
int gsel;

int reader(void)
{
	int c, v;

	rcu_read_lock();
	c = rcu_dereference(gsel); /* rcu:head */
	v = *(c ? &val_a : &val_b); /* rcu:dep */
	rcu_read_unlock();
	return v;
}
