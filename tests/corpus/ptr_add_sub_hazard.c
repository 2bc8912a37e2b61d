/* Rule "avoid cancellation with + and -" (pointer form of x-x): hazard, once index_of() is inlined p - p folds to 0, so &pool[0] replaces the pointer from rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo pool[16];
struct foo *gp;

static inline long index_of(const struct foo *f, const struct foo *base)
{
	return f - base;
}

int reader(void)
{
	struct foo *p, *q;
	int v;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	q = &pool[index_of(p, p)];
	v = q->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
