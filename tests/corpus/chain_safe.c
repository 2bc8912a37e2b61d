/* Rule "chain of pointers" (LWN): safe, p->q->r is followed from a consume load through plain field loads with nothing compared, so each access depends on the one before it and thus on the head (the NULL checks tell the compiler nothing). */
#include "rcu_deref.h"

struct r {
	int id;
	int val;
};

struct q {
	int pad;
	struct r *r;
};

struct p {
	struct q *q;
};

struct p *gp;

int reader(void)
{
	struct p *p;
	struct q *q;
	struct r *r;
	int v = 0;

	rcu_read_lock();
	p = __atomic_load_n(&gp, __ATOMIC_CONSUME); /* rcu:head */
	q = p->q; /* rcu:dep */
	if (q) {
		r = q->r; /* rcu:dep */
		if (r)
			v = r->val; /* rcu:dep */
	}
	rcu_read_unlock();
	return v;
}
