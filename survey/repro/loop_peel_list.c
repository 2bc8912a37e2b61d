/*
 * for_each_process(): a circular list whose walk starts at a static head.
 * The access p->tasks.next in next_task() reads through &init_task on the
 * first iteration (no head involved) and through the value list_entry_rcu()
 * loaded on the later ones.  Loop header copying ("ch") gives the first
 * iteration its own copy, whose address is the constant &init_task: that
 * copy never depended on a head.
 */
#include <stddef.h>

#include "rcu_deref.h"

struct list_head {
	struct list_head *next, *prev;
};

struct task {
	int pid;
	struct list_head tasks;
};

struct task init_task;

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define next_task(p) \
	container_of(rcu_dereference((p)->tasks.next), struct task, tasks)
#define for_each_process(p) \
	for (p = &init_task; (p = next_task(p)) != &init_task;)

void visit(struct task *t);

void walk(void)
{
	struct task *p;

	rcu_read_lock();
	for_each_process(p)
		visit(p);
	rcu_read_unlock();
}
