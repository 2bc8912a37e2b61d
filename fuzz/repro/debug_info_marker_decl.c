/*
 * With -g, mode=warn output is not byte-identical to no plugin: the debug
 * information gains a DW_TAG_subprogram declaration of __rcu_deref_head
 * (and a .file entry for rcu_deref.h).  The code is the same: the objects
 * compare equal after objcopy --strip-debug.  Found by
 * tests/test_robustness.py (option variations, both compilers).
 *
 *   gcc -O2 -g -I plugin/include -S -o a.s fuzz/repro/debug_info_marker_decl.c
 *   gcc -O2 -g -I plugin/include -S -o b.s fuzz/repro/debug_info_marker_decl.c \
 *       -fplugin=build/plugin/x86_64-linux-gnu/rcu_deref_plugin.so
 *   diff a.s b.s      # .file 2 ".../rcu_deref.h", one more DIE
 *   readelf --debug-dump=info b.o | grep -A8 __rcu_deref_head   (with -c)
 *
 * Cause: the marker call gives __rcu_deref_head a call-graph node when the
 * call-graph edges are built (before the ssa pass, where the plugin
 * removes the call), and GCC's early debug emits a declaration DIE for
 * every function in the call graph.  Removing the markers before
 * "build_cgraph_edges" (for instance right after the "cfg" pass, keeping
 * their load statements, which into-SSA keeps) would avoid it, and also
 * the SSA version shift of marker_ssa_versions.c.  A kernel built with
 * CONFIG_DEBUG_INFO gets the extra DIE in every object with a head.
 */
#include "rcu_deref.h"

int *gp;

int reader(void)
{
	return *rcu_dereference(gp);
}
