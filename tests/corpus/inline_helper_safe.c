/* Rule "comparisons against NULL are OK", comparison inside an inlined helper: safe, once get_a() is inlined its only test is f != NULL, so f->a keeps the dependency on rcu_dereference(). */
#include <stddef.h>

#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo defs[2];
struct foo *gp = &defs[1];

static inline int get_a(struct foo *f)
{
	if (f != NULL)
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
