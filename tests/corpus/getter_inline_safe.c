/* Rule "comparisons against NULL are OK", head inside a static inline getter: safe, after inlining get_foo() the caller only checks p against NULL, so p->a keeps the dependency on the rcu_dereference() in the getter. */
#include <stddef.h>

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
	if (p != NULL)
		v = p->a; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
