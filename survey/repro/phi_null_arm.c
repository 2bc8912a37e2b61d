/*
 * FALSE POSITIVE: a pointer that is the head's value on one path and NULL
 * on another (a PHI with a constant, non-head arm), the access made after
 * the paths join.  GCC splits the access per path (here isolate-paths and
 * forwprop: `mov x0, 0; ldr x0, [x0]; brk #1000` for the NULL path); the
 * copy on the NULL path has the constant address 0 and the plugin warns
 * that the access "no longer depends on the value loaded by
 * 'rcu_dereference'" (broken by forwprop), though that copy never depended
 * on the head.  The copy on the head's path still loads through the head's
 * register (`ldr x0, [x3, 8]`).  The for_each_process() fix (walks that
 * start at a static element) does not cover this shape.
 *
 * Kernel: kernel/cgroup/cgroup.c proc_cgroup_show(): __cset_cgroup_from_root()
 * returns &root->cgrp (root from list_for_each_entry_rcu()), another cgroup,
 * or NULL; cgroup_on_dfl(cgrp) then reads cgrp->root, which PRE splits per
 * path: `mov x0, #0x0; ldr x0, [x0, #456]` on the NULL path (warned at
 * cgroup.c:338, "broken by pre").
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/phi_null_arm.c
 */
#include <stddef.h>
#include "rcu_deref.h"

struct root;
struct cg {
	struct root *root;
};
struct root {
	int id;
	struct cg cgrp;
};

struct root *gp;
struct root dfl;

int pick(int a, struct cg *other)
{
	struct root *r = rcu_dereference(gp);
	struct cg *res = NULL;

	if (a == 1)
		res = &r->cgrp;
	else if (a == 2)
		res = other;
	return res->root == &dfl;
}
