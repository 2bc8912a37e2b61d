/* Rule "comparisons against NULL are OK", across a noinline helper: safe, the caller passes p to get_a() after a NULL check only, so get_a() cannot be specialized and reads f->a through the pointer from rcu_dereference(). */
#include <stddef.h>

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
	if (p != NULL)
		v = get_a(p);
	rcu_read_unlock();
	return v;
}
