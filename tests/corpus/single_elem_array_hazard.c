/* Rule "do not use single-element RCU-protected arrays": hazard, the index loaded by rcu_dereference() can only legally be 0, so the compiler may replace it by the constant 0 (GCC 12 -O2 keeps the dependency). */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo foo_array[1];
long foo_index;

int reader(void)
{
	rcu_read_lock();
	long i = rcu_dereference(foo_index); /* rcu:head */

	int v = foo_array[i].b; /* rcu:dep */
	rcu_read_unlock();

	return v;
}
