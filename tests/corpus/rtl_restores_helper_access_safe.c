/* Rule "comparisons against NULL are OK", test and access inside an inlined helper: safe, get_b() compares f only with NULL, so after inlining f->b keeps the value from rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo boot_foo;
struct foo *gp = &boot_foo;

static inline int get_b(const struct foo *f)
{
	if (f)
		return f->b; /* rcu:dep */
	return 0;
}

int reader(void)
{
	struct foo *p;
	int v;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	v = get_b(p);
	rcu_read_unlock();
	return v;
}
