/*
 * proc_cgroup_show() (kernel/cgroup/cgroup.c:6324-6350) in fix-up mode: a
 * list walk whose accesses evrp/vrp rewrite after root == &dfl_root, and a
 * getter, inlined, that returns a PHI of &root->cgrp and cset->dfl_cgrp,
 * with cset from another head.  That PHI links the two heads, but no
 * broken access goes through it: only the list walk's heads are to be
 * made load-acquires.  The plugin used to merge the heads of every PHI
 * it saw after optimization, and fixed the cset head too.
 */
#include <stddef.h>

#include "rcu_deref.h"

struct list_head {
	struct list_head *next, *prev;
};

struct cgroup {
	int id;
	struct root *root;
};

struct root {
	int id;
	int mask;
	char name[64];
	struct cgroup cgrp;
	struct list_head list;
};

struct css_set {
	struct cgroup *dfl_cgrp;
	struct cgroup *links[4];
};

struct task {
	struct css_set *cgroups;
};

struct root dfl_root;
struct list_head roots;
struct css_set init_css_set;
int dfl_visible;

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define for_each_root(r)						\
	for (r = container_of(rcu_dereference(roots.next), struct root, list); \
	     &r->list != &roots;					\
	     r = container_of(rcu_dereference(r->list.next), struct root, list))

void show(int id);
void show_name(const char *name);

static inline struct cgroup *cset_cgroup(struct css_set *cset, struct root *root)
{
	struct cgroup *res = NULL;
	int i;

	if (cset == &init_css_set) {
		res = &root->cgrp;
	} else if (root == &dfl_root) {
		res = cset->dfl_cgrp;
	} else {
		for (i = 0; i < 4; i++) {
			struct cgroup *c = cset->links[i];

			if (c->root == root) {
				res = c;
				break;
			}
		}
	}
	return res;
}

void show_roots(struct task *tsk)
{
	struct root *root;
	struct cgroup *cgrp;
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
		cgrp = cset_cgroup(rcu_dereference(tsk->cgroups), root);
		if (cgrp)
			show(cgrp->root->id);
	}
}
