/*
 * mode=warn is not byte-identical to no plugin: an rcu_dereference() in a
 * loop.  Found by tests/test_robustness.py (long chains through loops, -O3,
 * aarch64), minimized by hand.  Both compilers, -O2 and -O3:
 *
 *   gcc -O2 -I plugin/include -S -o a.s fuzz/repro/marker_ssa_versions.c
 *   gcc -O2 -I plugin/include -S -o b.s fuzz/repro/marker_ssa_versions.c \
 *       -fplugin=build/plugin/x86_64-linux-gnu/rcu_deref_plugin.so
 *   diff a.s b.s      # the "testq %rax, %rax; je .L2" moves
 *   (aarch64 -O2: "cmp w0, 0; ccmp x1, 0, 4, gt; beq" becomes
 *    "cmp x1, 0; ccmp w0, 0, 4, ne; ble")
 *
 * Cause (checked with -fdump-tree-all): the marker call
 * __rcu_deref_head() is an ordinary call, so into-SSA gives it a virtual
 * definition (a .MEM SSA name); the plugin removes the call after the ssa
 * pass, but every SSA name made after it has a version one higher than
 * without the plugin (s_8 for s_7, p_10 for p_9, ...), and later passes
 * break ties by SSA version.  DECL_UIDs shift by 2 as well (the marker's
 * declaration).
 *
 * Fix checked on this file and on tests/test_robustness.py's long chains
 * (both compilers, -O0 to -Os): declare the marker without a virtual
 * definition,
 *     int __rcu_deref_head(const char *primitive, ...)
 *             __attribute__((__nothrow__, __leaf__, __const__));
 *     #define __rcu_deref_mark(primitive, p) ((void)__rcu_deref_head(primitive, p))
 * (the plugin still finds and removes it); or remove the markers before
 * into-SSA, remembering their load statements.  The kernel series declares
 * the marker the same way as plugin/include/rcu_deref.h, so it is affected
 * too.
 */
#include "rcu_deref.h"

struct node {
	struct node *next;
	int v;
};

struct node *gp;

int walk(int n)
{
	struct node *p = gp;

	for (int i = 0; i < n && p; i++)
		p = rcu_dereference(p->next);
	return p ? p->v : 0;
}
