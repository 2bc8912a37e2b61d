/* Rule "comparisons against NULL are OK", across a noinline helper: safe, the caller passes p to field_a() after a NULL check only, so field_a() cannot be specialized and returns an address computed from the pointer from rcu_dereference(). */
#include <stddef.h>

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
	if (p != NULL) {
		fa = field_a(p);
		v = *fa; /* rcu:dep */
	}
	rcu_read_unlock();
	return v;
}
