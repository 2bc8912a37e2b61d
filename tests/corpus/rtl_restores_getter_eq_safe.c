/* Rule "comparisons against NULL are OK", head inside a static inline getter: safe, after inlining get_foo() the caller only checks p against NULL, so p->b keeps the value from rcu_dereference(). */
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
	if (p)
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
