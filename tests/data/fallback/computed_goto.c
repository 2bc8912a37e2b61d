/* Labels as values and computed gotos (goto *p): a threaded interpreter
 * whose operations are read through rcu_dereference(), and a branch taken
 * by a computed goto. */
#include "rcu_deref.h"
struct cg_op { int code; int arg; struct cg_op *next; };
struct cg_op *cg_prog;
int cg_idx[8];
int cg_gi;

__attribute__((noinline)) int cg_run(int budget)
{
	static const void *const table[] = { &&op_add, &&op_sub, &&op_next, &&op_out };
	struct cg_op *op = rcu_dereference(cg_prog); /* rcu:head */
	int acc = 0;

	if (!op)
		return -1;
	goto *table[op->code & 3]; /* rcu:dep */
op_add:
	acc += op->arg; /* rcu:dep */
	if (--budget > 0)
		goto *table[op->next->code & 3]; /* rcu:dep */
	goto op_out;
op_sub:
	acc -= op->arg; /* rcu:dep */
	if (--budget > 0)
		goto *table[(op->code + 1) & 3]; /* rcu:dep */
	goto op_out;
op_next:
	op = rcu_dereference(op->next); /* rcu:head */
	if (op && --budget > 0)
		goto *table[op->code & 3]; /* rcu:dep */
op_out:
	return acc;
}

__attribute__((noinline)) int cg_break(int k)
{
	void *target = k ? &&one : &&two;
	int i = rcu_dereference(cg_gi); /* rcu:head */

	goto *target;
one:
	if (i == 3)
		return cg_idx[i]; /* rcu:dep warn: broken */
	return 1;
two:
	return cg_idx[i & 7]; /* rcu:dep */
}

static struct cg_op cg_ops[4] = {
	{ 0, 5, &cg_ops[1] }, { 2, 7, &cg_ops[2] }, { 1, 11, &cg_ops[3] }, { 2, 13, &cg_ops[0] },
};

int cg_drive(void)
{
	int s = 0, n;

	cg_prog = &cg_ops[0];
	for (n = 0; n < 12; n++) {
		cg_gi = n & 7;
		cg_idx[n & 7] = n * 7 + 3;
		s = s * 3 + cg_run(n) + cg_break(n & 1);
	}
	return s;
}
