/*
 * The for_each_process() walk of loop_peel_list.c inside a function that
 * IPA-SRA clones (its unused parameter is dropped): the same first-
 * iteration copy made by loop header copying, but the warning blames
 * "IPA cloning" because it is found in a clone.  (fs/proc/base.c
 * __set_oom_adj.isra)
 */
#include <stddef.h>

#include "rcu_deref.h"

struct list_head {
	struct list_head *next, *prev;
};

struct task {
	int pid;
	int adj;
	struct list_head tasks;
};

struct task init_task;

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define next_task(p) \
	container_of(rcu_dereference((p)->tasks.next), struct task, tasks)
#define for_each_process(p) \
	for (p = &init_task; (p = next_task(p)) != &init_task;)

static __attribute__((noinline)) void set_adj(struct task *unused, int adj)
{
	struct task *p;

	rcu_read_lock();
	for_each_process(p)
		p->adj = adj;
	rcu_read_unlock();
}

void set_adj_a(struct task *t, int adj)
{
	set_adj(t, adj);
}

void set_adj_b(struct task *t, int adj)
{
	set_adj(t, adj + 1);
}
