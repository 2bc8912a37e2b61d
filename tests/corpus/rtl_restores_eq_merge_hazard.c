/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": hazard, both branches read the same field, GIMPLE loads fixed_node.val instead of p->val in the equal branch; at -O2, -O3 and -Os RTL gives that load p's register back (cse1) and merges the two now equal loads into one (if-conversion), which keeps the other branch's memory reference; -O1 keeps fixed_node.val. From fuzz seed 87. */
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
	if (p == &fixed_node)
		v = p->val; /* rcu:dep */
	else
		v = p->val; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
