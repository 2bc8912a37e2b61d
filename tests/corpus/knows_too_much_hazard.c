/* Rule "example where the compiler knows too much": hazard, gp is static and only ever points to variable1 or variable2, so after p == &variable1 the compiler may know p in both branches and load variable1.a or variable2.b without the consume load (GCC 12 -O2 only substitutes in the equal branch). */
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
	int v;

	rcu_read_lock();
	p = __atomic_load_n(&gp, __ATOMIC_CONSUME); /* rcu:head */
	if (p == &variable1)
		v = p->a; /* rcu:dep */
	else
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
