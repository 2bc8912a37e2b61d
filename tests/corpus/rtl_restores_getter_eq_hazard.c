/* Rule "be careful comparing against non-NULL values", head inside a static inline getter: hazard, after inlining get_foo() the caller's p == &default_struct lets GIMPLE load default_struct.b; at -O2, -O3 and -Os RTL puts the head's register back (anchor offset 0), -O1 keeps default_struct.b. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo default_struct;
struct foo *gp = &default_struct;

static inline struct foo *get_foo(void)
{
	return rcu_dereference(gp); /* rcu:head */
}

int reader(void)
{
	struct foo *p;
	int v = 0;

	rcu_read_lock();
	p = get_foo();
	if (p == &default_struct)
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
