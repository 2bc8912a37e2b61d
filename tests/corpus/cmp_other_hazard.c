/* Rule "comparisons are OK if the pointer compared against also came from rcu_dereference()": hazard, q comes from rcu_access_pointer(), which is not a head, so inside if (p == q) the compiler may access q->c instead of p->c, which does not depend on rcu_dereference(). */
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
	q = rcu_access_pointer(gp1);
	p = rcu_dereference(gp2); /* rcu:head */
	if (p == q)
		r2 = p->c; /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
