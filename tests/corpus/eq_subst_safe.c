/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": safe, the comparison is against NULL, so after it the compiler still does not know where p points and p->a must use the pointer from rcu_dereference(). */
#include <stddef.h>

#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo default_structs[2];	/* [0] for readers, [1] for writers */
struct foo *gp = &default_structs[1];

int reader(void)
{
	struct foo *p;
	int v = 0;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p != NULL)
		v = p->a; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
