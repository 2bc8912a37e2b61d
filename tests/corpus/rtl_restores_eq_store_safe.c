/* Rule "comparisons against NULL are OK", dependent store: safe, p is checked only against NULL, so the store to p->b keeps its address from rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo default_struct;
struct foo *gp = &default_struct;

void mark(void)
{
	struct foo *p;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p)
		WRITE_ONCE(p->b, 1); /* rcu:dep */
	rcu_read_unlock();
}
