/* Rule "be careful comparing rcu_dereference() pointers against non-NULL values": hazard, both branches return the same field, GIMPLE loads fixed_node.val instead of p->val in the equal branch; at -O2, -O3 and -Os RTL gives that load p's register back (cse1), if-conversion merges the two equal loads into one that keeps the other branch's memory reference, and combine then moves it into the return (the statement of neither access). -O1 keeps fixed_node.val. */
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

	if (p == &fixed_node)
		return p->val; /* rcu:dep */
	return p->val; /* rcu:dep */
}
