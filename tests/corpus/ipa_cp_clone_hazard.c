/* Rule "be careful comparing against non-NULL values", across a noinline helper: hazard, the caller passes p to field_a() only when p == &defs[1], so IPA-CP may clone field_a() for the constant &defs[1] and the address it returns no longer depends on rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo defs[2];
struct foo *gp = &defs[1];

static __attribute__((noinline)) int *field_a(struct foo *f)
{
	return &f->a;
}

int reader(void)
{
	struct foo *p;
	int *fa;
	int v = 0;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p == &defs[1]) {
		fa = field_a(p);
		v = *fa; /* rcu:dep */
	}
	rcu_read_unlock();
	return v;
}
