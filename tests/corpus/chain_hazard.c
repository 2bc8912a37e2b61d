/* Rule "chain of pointers" (LWN) with a comparison against a non-NULL value: hazard, the middle link q is compared with &spare_qs[1], so q->r may become spare_qs[1].r and the rest of the chain no longer depends on the consume load. */
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

struct q spare_qs[2];
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
	if (q == &spare_qs[1]) {
		r = q->r; /* rcu:dep */
		if (r)
			v = r->val; /* rcu:dep */
	} else {
		v = q->pad; /* rcu:dep */
	}
	rcu_read_unlock();
	return v;
}
