/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": safe, the same reader with the same earlier load of defs[1].a[0], but p is only checked against NULL, so p->a[i] stays an access through p. */
#include "rcu_deref.h"

struct foo {
	int a[1];
	int b;
};

struct foo defs[2];
struct foo *gp = &defs[1];

int reader(long i)
{
	struct foo *p;
	int x, v = 0;

	rcu_read_lock();
	x = defs[1].a[0];
	p = rcu_dereference(gp); /* rcu:head */
	if (p)
		v = p->a[i]; /* rcu:dep */
	rcu_read_unlock();
	return v + x;
}
