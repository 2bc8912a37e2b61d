/* Rule "be careful comparing against non-NULL values": safe, the branch is chosen by a flag read before the read-side section, not by comparing p, so both p->b and p->a keep the value from rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo default_struct;
struct foo *gp = &default_struct;
int use_b;

int reader(void)
{
	struct foo *p;
	int b, v;

	b = READ_ONCE(use_b);
	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (b)
		v = p->b; /* rcu:dep */
	else
		v = p->a; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
