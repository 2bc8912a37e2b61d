/* Rule "comparisons are OK if the pointer compared against also came from rcu_dereference()": hazard, d is returned by a function of another file, not a head, so inside if (p == d) the compiler may load d->c instead of p->c; GIMPLE keeps p, and at -O2, -O3 and -Os RTL CSE (cse1 at -O2) uses the register holding d (-O1 keeps p). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
	int c;
};

struct foo *gp;
struct foo *get_default(void);

int reader(void)
{
	struct foo *p, *d;
	int v = 0;

	d = get_default();
	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p == d)
		v = p->c; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
