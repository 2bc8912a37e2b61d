/*
 * FALSE POSITIVE: do_each_thread()/while_each_thread(), the double-loop
 * form of the task-list walk.  As in loop_peel_list.c, the first
 * iteration's next_task(&init_task) reads init_task.tasks.next, which no
 * head loaded (`ldr x20, [x21, 8]` with x21 = &init_task, before the loop;
 * `ldr x20, [x20, 8]` through the previous head inside it), and loop header
 * copying (ch) gives that first read its own copy.  The fix for
 * for_each_process() (a walk that starts at a static element) does not
 * cover this shape: g and t are both set from &init_task and the inner
 * loop's exit test compares t with g.
 *
 * Kernel: fs/fs_struct.c chroot_fs_refs() (warned at fs_struct.c:66).
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/do_each_thread.c
 */
#include <stddef.h>
#include "rcu_deref.h"

struct list_head {
	struct list_head *next, *prev;
};

struct task {
	int pid;
	struct list_head tasks;
	struct list_head thread_group;
	void *fs;
};

struct task init_task;

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define next_task(p) \
	container_of(rcu_dereference((p)->tasks.next), struct task, tasks)
#define next_thread(p) \
	container_of(rcu_dereference((p)->thread_group.next), struct task, thread_group)
#define do_each_thread(g, t) \
	for (g = t = &init_task; (g = t = next_task(g)) != &init_task;) do
#define while_each_thread(g, t) \
	while ((t = next_thread(t)) != g)

void visit(void *fs);

void walk(void)
{
	struct task *g, *p;

	rcu_read_lock();
	do_each_thread(g, p) {
		visit(p->fs);
	} while_each_thread(g, p);
	rcu_read_unlock();
}
