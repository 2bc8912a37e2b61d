/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": safe, comparisons against NULL are OK: p->val is returned when p is not NULL, and the compiler has no address to use instead of p. */
#include "rcu_deref.h"

struct node {
	long key;
	long val;
};

struct node fixed_node;
struct node *gp = &fixed_node;

long reader(void)
{
	struct node *p = rcu_dereference(gp); /* rcu:head */

	if (!p)
		return -1;
	return p->val; /* rcu:dep */
}
