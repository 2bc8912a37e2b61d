/* Rule "be careful comparing against non-NULL values", comparison and access inside an inlined helper: hazard, once boot_b() is inlined its f == &boot_foo applies to the pointer from rcu_dereference(), so GIMPLE loads boot_foo.b for f->b; at -O2, -O3 and -Os RTL puts the head's register back (anchor offset 0), -O1 keeps boot_foo.b. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo boot_foo;
struct foo *gp = &boot_foo;

static inline int boot_b(const struct foo *f)
{
	if (f == &boot_foo)
		return f->b; /* rcu:dep */
	return 0;
}

int reader(void)
{
	struct foo *p;
	int v;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	v = boot_b(p);
	rcu_read_unlock();
	return v;
}
