/* Rule "do not use single-element RCU-protected arrays": hazard, an index into foo_array[1] can only legally be 0, so the compiler may substitute 0 for the value from rcu_dereference() (GCC 12 -O2 keeps the dependency). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo foo_array[1];
long foo_index;

int reader(void)
{
	long i;
	int v;

	rcu_read_lock();
	i = rcu_dereference(foo_index); /* rcu:head */
	v = foo_array[i].b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
