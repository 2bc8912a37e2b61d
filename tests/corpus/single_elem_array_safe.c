/* Rule "do not use single-element RCU-protected arrays": safe, the array has four elements so the index loaded by rcu_dereference() can take several values and must stay in the address. */
#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo foo_array[4];
long foo_index;

int reader(void)
{
	rcu_read_lock();
	long i = rcu_dereference(foo_index); /* rcu:head */

	int v = foo_array[i].b; /* rcu:dep */
	rcu_read_unlock();

	return v;
}
