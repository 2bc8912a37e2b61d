/* Rule "comparisons against NULL are OK", test inside an inlined helper: safe, is_set() only compares f with NULL, so after inlining the compiler still does not know where p points and p->b keeps the value from rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo boot_foo;
struct foo *gp = &boot_foo;

static inline int is_set(const struct foo *f)
{
	return f != 0;
}

int reader(void)
{
	struct foo *p;
	int v = -1;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (is_set(p))
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
