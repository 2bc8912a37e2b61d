/* setjmp()/longjmp(): a returns_twice call between the head and its
 * accesses, and a second return after the longjmp. */
#include <setjmp.h>
#include "rcu_deref.h"
struct sj { int v; int w[4]; struct sj *next; };
struct sj *sj_gp;
static jmp_buf sj_env;
int sj_idx[8];
int sj_gi;

__attribute__((noinline)) void sj_fail(int v)
{
	if (v < 0)
		longjmp(sj_env, 1);
}

__attribute__((noinline)) int sj_reader(int n)
{
	struct sj *p = rcu_dereference(sj_gp); /* rcu:head */
	int s;

	if (setjmp(sj_env)) {
		p = rcu_dereference(sj_gp); /* rcu:head */
		return p->w[1] + 1000; /* rcu:dep */
	}
	s = p->v; /* rcu:dep */
	sj_fail(p->w[n & 3] - n); /* rcu:dep */
	return s + p->next->v; /* rcu:dep */
}

__attribute__((noinline)) int sj_break(int n)
{
	int i = rcu_dereference(sj_gi); /* rcu:head */

	if (setjmp(sj_env))
		return -1;
	sj_fail(n);
	if (i == 5)
		return sj_idx[i]; /* rcu:dep warn: broken */
	return 0;
}

static struct sj sj_nodes[2] = {
	{ 1, { 2, 3, 4, 5 }, &sj_nodes[1] }, { 6, { 7, 8, 9, 10 }, &sj_nodes[0] },
};

int sj_drive(void)
{
	int s = 0, n;

	sj_gp = &sj_nodes[0];
	for (n = 0; n < 6; n++) {
		sj_gi = n;
		sj_idx[n] = 3 * n + 2;
		s = s * 3 + sj_reader(n) + sj_break(n - 3);
	}
	return s;
}
