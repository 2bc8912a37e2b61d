/* Rule "be careful comparing against non-NULL values", comparison inside an inlined helper: hazard, once get_a() is inlined its test f == &defs[1] applies to the pointer from rcu_dereference(), and f->a may become defs[1].a. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo defs[2];
struct foo *gp = &defs[1];

static inline int get_a(struct foo *f)
{
	if (f == &defs[1])
		return f->a; /* rcu:dep */
	return 0;
}

int reader(void)
{
	struct foo *p;
	int v;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	v = get_a(p);
	rcu_read_unlock();
	return v;
}
