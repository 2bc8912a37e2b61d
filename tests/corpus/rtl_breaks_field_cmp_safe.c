/* Rule "comparisons are OK if the pointer compared against also came from rcu_dereference()": safe, d is loaded with rcu_dereference() too, so whichever of p and d the compiler uses for p->c the access stays ordered after a head. */
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

	rcu_read_lock();
	d = rcu_dereference(config.def); /* rcu:head */
	p = rcu_dereference(config.cur); /* rcu:head */
	if (p == d)
		v = p->c; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
