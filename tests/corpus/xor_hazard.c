/* Rule "be careful comparing against non-NULL values" with XOR translation: hazard, after p == &bufs[0] the expression p ^ (&bufs[0] ^ &bufs[1]) simplifies to &bufs[1], so other->b no longer depends on the consume load. */
#include <stdint.h>

#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo bufs[2];
struct foo *gcur = &bufs[0];

int reader(void)
{
	struct foo *p, *other;
	uintptr_t flip = (uintptr_t)&bufs[0] ^ (uintptr_t)&bufs[1];
	int v = 0;

	rcu_read_lock();
	p = __atomic_load_n(&gcur, __ATOMIC_CONSUME); /* rcu:head */
	if (p == &bufs[0]) {
		other = (struct foo *)((uintptr_t)p ^ flip);
		v = other->b; /* rcu:dep */
	}
	rcu_read_unlock();
	return v;
}
