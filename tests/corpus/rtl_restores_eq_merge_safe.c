/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": safe, comparisons against NULL are OK: both branches read p->val, one of them only when p is not NULL, and the compiler has no address to use instead of p. */
#include "rcu_deref.h"

struct node {
	long key;
	long val;
};

struct node fixed_node;
struct node *gp = &fixed_node;

long reader(void)
{
	struct node *p;
	long v;

	rcu_read_lock();
	p = rcu_dereference(gp); /* rcu:head */
	if (p)
		v = p->val; /* rcu:dep */
	else
		v = -1;
	rcu_read_unlock();
	return v;
}
