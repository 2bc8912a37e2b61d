/* Rule "avoid cancellation with + and -" (pointer form of x-x): hazard, after inlining index_of() the offset p - p folds to 0, so &pool[0] replaces the pointer loaded by rcu_dereference(). */
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
	rcu_read_lock();
	struct foo *p = rcu_dereference(gp); /* rcu:head */
	struct foo *q = &pool[index_of(p, p)];

	int v = q->b; /* rcu:dep */
	rcu_read_unlock();

	return v;
}
