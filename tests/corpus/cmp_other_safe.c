/* Rule "comparisons are OK if the pointer compared against also came from rcu_dereference()": safe, p and q both come from rcu_dereference(), so whichever one the compiler uses for p->c the access stays ordered after a head load. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
	int c;
};

struct foo *gp1;
struct foo *gp2;

int reader(void)
{
	struct foo *p, *q;
	int r2 = 0;

	rcu_read_lock();
	p = rcu_dereference(gp2); /* rcu:head */
	q = rcu_dereference(gp1); /* rcu:head */
	if (p == q)
		r2 = p->c; /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
