/* Rule "comparisons against NULL are OK": safe, the same reader as rtl_restores_eq_hazard.c checks p only against NULL, so the compiler never knows where p points and p->b uses the value from rcu_dereference() at every level. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo default_struct;
struct foo *gp = &default_struct;

int reader(void)
{
	struct foo *p;
	int v = 0;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p)
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
