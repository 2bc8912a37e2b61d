/* Rule "do not use single-element RCU-protected arrays": safe, foo_array has four elements, so the index from rcu_dereference() can take several values and must stay in the address. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo foo_array[4];
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
