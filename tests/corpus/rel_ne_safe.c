/* Rule "do not use the results of relational operators when dereferencing": safe, r1 ^ flip_index is computed with an eor instruction, so the index keeps a data dependency on rcu_dereference(). */
#include "rcu_deref.h"

int a[2];
int i1;
int flip_index;

int reader(void)
{
	int flip = flip_index;
	int r1, r2;

	rcu_read_lock();
	r1 = rcu_dereference(i1); /* rcu:head */
	r2 = a[r1 ^ flip]; /* rcu:dep */
	rcu_read_unlock();
	return r2;
}
