/* Speculative indirect call (profile feedback): safe, GCC turns ops->handler(ops, key) into a test of the handler against hot_handler and an inlined call, but the inlined body still reads ops->scale through the loaded ops pointer: the dependency is kept, and nothing is reported. */
#include "rcu_deref.h"
#include <stdio.h>

struct ops {
	int (*handler)(const struct ops *ops, int key);
	int scale;
};

static int hot_handler(const struct ops *ops, int key)
{
	return key * ops->scale; /* rcu:dep */
}

static int cold_handler(const struct ops *ops, int key)
{
	return key + ops->scale;
}

static struct ops all_ops[2] = { { hot_handler, 3 }, { cold_handler, 5 } };
struct ops *gops;

__attribute__((noinline)) int reader(int key)
{
	const struct ops *ops;
	int v;

	rcu_read_lock();
	ops = rcu_dereference(gops); /* rcu:head */
	v = ops->handler(ops, key); /* rcu:dep */
	rcu_read_unlock();
	return v;
}

int main(void)
{
	long i, s = 0;

	rcu_assign_pointer(gops, &all_ops[0]);
	for (i = 0; i < 20000; i++)
		s += reader(i);
	rcu_assign_pointer(gops, &all_ops[1]);
	s += reader(1);
	printf("%ld\n", s);
	return 0;
}
