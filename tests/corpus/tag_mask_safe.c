/* Rule "casts and & ~1 to strip a tag bit keep the chain" (LWN q = p & ~0x1): safe, the low tag bit is cleared with & ~1UL through uintptr_t and p is only checked against NULL, so an and instruction links the consume load to the access. */
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
	if (p)
		v = p->b; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
