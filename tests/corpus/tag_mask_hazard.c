/* Rule "be careful comparing against non-NULL values" with a tagged pointer: hazard, stripping the tag with & ~1UL keeps the chain, but the later test p == &defs[1] lets the compiler read defs[1].b instead of p->b, without the consume load. */
#include <stdint.h>

#include "rcu_deref.h"

struct foo {
	int a;
	int b;
};

struct foo defs[2];
uintptr_t gtagged;	/* a struct foo pointer, low bit set when stale */

int reader(void)
{
	uintptr_t t;
	struct foo *p;
	int v = 0;

	rcu_read_lock();
	__atomic_load(&gtagged, &t, __ATOMIC_CONSUME); /* rcu:head */
	p = (struct foo *)(t & ~1UL);
	if (p == &defs[1])
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
