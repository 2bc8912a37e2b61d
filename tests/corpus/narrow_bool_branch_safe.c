/* Rule "be careful comparing rcu_dereference() values against non-NULL values" (_Bool head): safe, the branch is taken on a flag read before the section, so the compiler cannot deduce b and table[b] keeps its dependency on rcu_dereference(). */
#include "rcu_deref.h"

int table[2];
_Bool gflag;
int genabled;

int reader(void)
{
	_Bool b;
	int enabled = READ_ONCE(genabled);
	int v = 0;

	rcu_read_lock();
	b = rcu_dereference(gflag); /* rcu:head */
	if (enabled)
		v = table[b]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
