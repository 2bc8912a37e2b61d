/*
 * proc_cgroup_show() (kernel/cgroup/cgroup.c:6324-6338): a list walk that
 * skips one static element unless a flag is set.  After the comparison
 * root == &dfl_root, evrp/vrp rewrite root->id into dfl_root.id on the
 * path where they are equal, so the plugin warns; but RTL CSE puts the
 * head's register back (the compare already has both values in
 * registers), and the aarch64 code still loads through the head's
 * register: no break in the generated code.
 */
#include <stddef.h>

#include "rcu_deref.h"

struct list_head {
	struct list_head *next, *prev;
};

struct root {
	int id;
	int mask;
	char name[64];
	struct list_head list;
};

struct root dfl_root;
struct list_head roots;
int dfl_visible;

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define for_each_root(r)						\
	for (r = container_of(rcu_dereference(roots.next), struct root, list); \
	     &r->list != &roots;					\
	     r = container_of(rcu_dereference(r->list.next), struct root, list))

void show(int id);
void show_name(const char *name);

void show_roots(void)
{
	struct root *root;
	int i;

	for_each_root(root) {
		if (root == &dfl_root && !READ_ONCE(dfl_visible))
			continue;
		show(root->id);
		if (root != &dfl_root)
			for (i = 0; i < 4; i++)
				if (root->mask & (1 << i))
					show(i);
		if (root->name[0])
			show_name(root->name);
	}
}
