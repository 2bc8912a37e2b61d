/* Rule "comparisons are OK if the pointer compared against also came from rcu_dereference()": hazard, d is a field read with READ_ONCE(), not a head, so inside if (p == d) the compiler may load d->c instead of p->c; GIMPLE keeps p, and at -O2, -O3 and -Os an RTL pass uses the register holding d (-O1 keeps p). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
	int c;
};

struct cfg {
	struct foo *def;
	struct foo *cur;
};

struct cfg config;

int reader(void)
{
	struct foo *p, *d;
	int v = 0;

	d = READ_ONCE(config.def);
	rcu_read_lock();
	p = rcu_dereference(config.cur); /* rcu:head */
	if (p == d)
		v = p->c; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
