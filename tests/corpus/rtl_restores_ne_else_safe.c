/* Rule "be careful comparing against non-NULL values": safe, p is dereferenced only in the p != &default_struct branch, where the compiler cannot know its value, so p->a keeps the value from rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo default_struct;
struct foo *gp = &default_struct;

int reader(void)
{
	struct foo *p;
	int v = 0;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p != &default_struct)
		v = p->a; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
