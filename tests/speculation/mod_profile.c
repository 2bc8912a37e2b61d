/* Value speculation (profile feedback): hazard when built with -fprofile-use after a run where c->nbuckets was always 8: GCC's value profiling turns key % c->nbuckets into key & 7 on the hot path, so table[...] no longer depends on the loaded configuration, only the comparison with 8 does. */
#include "rcu_deref.h"
#include <stdio.h>

struct cfg {
	unsigned long nbuckets;
};

int table[64];
static struct cfg cfgs[2] = { { 8 }, { 16 } };
struct cfg *gcfg;

__attribute__((noinline)) int reader(unsigned long key)
{
	struct cfg *c;
	int v;

	rcu_read_lock();
	c = rcu_dereference(gcfg); /* rcu:head */
	v = table[key % c->nbuckets]; /* rcu:dep */
	rcu_read_unlock();
	return v;
}

int main(void)
{
	long i, s = 0;

	for (i = 0; i < 64; i++)
		table[i] = i;
	rcu_assign_pointer(gcfg, &cfgs[0]);
	for (i = 0; i < 20000; i++)
		s += reader(i);
	printf("%ld\n", s);
	return 0;
}
