/* Rule "be careful comparing against non-NULL values", across a noinline helper: hazard, the caller passes p to get_a() only when p == &defs[1], so IPA-CP may clone get_a() for the constant &defs[1] and the clone reads defs[1].a without the dependency on rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo defs[2];
struct foo *gp = &defs[1];

static __attribute__((noinline)) int get_a(struct foo *f)
{
	return f->a; /* rcu:dep */
}

int reader(void)
{
	struct foo *p;
	int v = 0;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p == &defs[1])
		v = get_a(p);
	rcu_read_unlock();
	return v;
}
