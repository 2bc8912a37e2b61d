/*
 * rcu_dereference() of a volatile-qualified pointer object (csmith writes
 * many: "static int32_t * volatile g_255").  Found by the fuzz campaign
 * (seed 2): with the plugin, mode=warn, the assembly is not the same as
 * without it, and the plugin warns that the head's value is never used.
 *
 * Cause: plugin/include/rcu_deref.h declares its local as
 * "__typeof__(p) __rcu_deref_p", which keeps the volatile qualifier of p
 * itself; __rcu_deref_mark(primitive, __rcu_deref_p) then reads that
 * volatile local once more.  The plugin removes the marker call, but the
 * volatile read it was given stays (an extra load from the stack), and the
 * value the marker saw (the head) is not the one that is dereferenced
 * (a second volatile read of the local).
 *
 * Fix (checked): "__auto_type __rcu_deref_p = READ_ONCE(p);" as the
 * kernel-integration patch already does (rcu_deref_head_once()): lvalue
 * conversion drops the qualifiers.  The kernel series is not affected.
 *
 *   gcc -O2 -I plugin/include -S -o a.s fuzz/repro/volatile_pointer_object.c
 *   gcc -O2 -I plugin/include -S -o b.s fuzz/repro/volatile_pointer_object.c \
 *       -fplugin=build/plugin/x86_64-linux-gnu/rcu_deref_plugin.so
 *   diff a.s b.s      # one extra "movq -8(%rsp), %rax"; also a warning
 */
#include "rcu_deref.h"

int a;
int *volatile gp = &a;

int reader(void)
{
	return *rcu_dereference(gp);
}
