/* Rule "chains through helpers" with IPA-SRA: safe, the noinline helper only reads f->b, so IPA-SRA passes the loaded field instead of the pointer and moves the load into the caller, where it still depends on rcu_dereference(); the plugin must not mistake the rewritten parameter for a broken chain. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo *gp;
int sink;

static __attribute__((noinline)) int twice_b(struct foo *f)
{
	return f->b * 2; /* rcu:dep */
}

int reader(void)
{
	struct foo *p;
	int v = 0;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p)
		v = twice_b(p);
	rcu_read_unlock();
	return v;
}
