/* Rule "do not use the results of relational operators when dereferencing": safe, the index r1 - base is plain arithmetic (a sub instruction), so it keeps a data dependency on rcu_dereference(). */
#include "rcu_deref.h"

int a[2];
int i1;
int base = 4;

int reader(void)
{
	int b = base;
	int r1, r2;

	rcu_read_lock();
	r1 = rcu_dereference(i1); /* rcu:head */
	r2 = a[r1 - b]; /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
