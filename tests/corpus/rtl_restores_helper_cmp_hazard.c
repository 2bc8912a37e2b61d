/* Rule "be careful comparing against non-NULL values", comparison inside an inlined helper: hazard, once is_boot() is inlined its f == &boot_foo applies to the pointer from rcu_dereference(), so GIMPLE loads boot_foo.b for p->b; at -O2, -O3 and -Os RTL puts the head's register back (boot_foo is at anchor offset 0), -O1 keeps boot_foo.b. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo boot_foo;
struct foo *gp = &boot_foo;

static inline int is_boot(const struct foo *f)
{
	return f == &boot_foo;
}

int reader(void)
{
	struct foo *p;
	int v = -1;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (is_boot(p))
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
