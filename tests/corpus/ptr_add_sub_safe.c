/* Rule "avoid cancellation with + and -": safe, p + a - b with integers a and b that happen to be equal still depends on the pointer from rcu_dereference(), as the documentation states. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo *gp;
long a, b;

int reader(void)
{
	struct foo *p, *q;
	int v;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	q = p + a - b;
	v = q->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
