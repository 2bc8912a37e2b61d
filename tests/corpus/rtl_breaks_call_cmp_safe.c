/* Rule "be careful comparing against non-NULL values": safe, the pointer d returned by another file's function is only compared, and p is dereferenced where p != d, so the compiler cannot substitute d and p->c keeps the value from rcu_dereference(). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
	int c;
};

struct foo *gp;
struct foo *get_default(void);

int reader(void)
{
	struct foo *p, *d;
	int v = 0;

	d = get_default();
	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p != d)
		v = p->c; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
