/* x86-64 -fPIC: the access keeps its dependency (movl (%rdx,%rax,4), the
 * index in %rax from the head), but the plugin warns "no register of its
 * address holds a value derived from the load (broken by expand)": the
 * GOT load of pic_idx's address, at the access's location and without a
 * MEM_EXPR, is taken for a copy of the access. */
#include "rcu_deref.h"
int pic_idx[8];
int pic_gi;

int pic_reader(void)
{
	int i = rcu_dereference(pic_gi); /* rcu:head */

	return pic_idx[i & 7]; /* rcu:dep */
}
