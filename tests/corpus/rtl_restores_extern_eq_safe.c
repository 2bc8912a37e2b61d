/* Rule "comparisons against NULL are OK": safe, the same reader as rtl_restores_extern_eq_hazard.c (object defined in another file) checks p only against NULL, so p->b keeps the value from rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

extern struct foo default_struct;
extern struct foo *gp;

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
