/* Rule "example where the compiler knows too much": safe, gp is loaded with rcu_dereference(), whose volatile load hides the two possible values, and p is dereferenced only when it is not &variable1. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

static struct foo variable1;
static struct foo variable2;
static struct foo *gp = &variable1;

void updater(void)
{
	variable2.a = 1;
	variable2.b = 2;
	rcu_assign_pointer(gp, &variable2);
}

int reader(void)
{
	struct foo *p;
	int v = 0;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p != &variable1)
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
