/* Rule "be careful comparing against non-NULL values" (XOR translation through uintptr_t, nothing compared): safe, the other half of a double buffer is found by XOR-ing the consume-loaded address with &bufs[0] ^ &bufs[1], and nothing tells the compiler which half p is, so the access depends on the head. */
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
	other = (struct foo *)((uintptr_t)p ^ flip);
	v = other->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
