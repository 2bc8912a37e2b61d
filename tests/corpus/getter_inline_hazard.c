/* Rule "be careful comparing against non-NULL values", head inside a static inline getter: hazard, after inlining get_foo() the caller's p == &default_structs[1] lets the compiler load default_structs[1].a instead of p->a. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo default_structs[2];
struct foo *gp = &default_structs[1];

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
	if (p == &default_structs[1])
		v = p->a; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
