/*
 * rcu_dereference() of a _Complex object: mode=warn assembly differs from
 * no plugin at every level, both compilers (two extra loads from the
 * stack).  Found by tests/test_robustness.py (unusual C, "complex"), with
 * the plugin of commit 167cf55 (markers removed after cfg, __auto_type in
 * rcu_deref.h).
 *
 *   gcc -O2 -I plugin/include -S -o a.s fuzz/repro/complex_head.c
 *   gcc -O2 -I plugin/include -S -o b.s fuzz/repro/complex_head.c \
 *       -fplugin=build/plugin/x86_64-linux-gnu/rcu_deref_plugin.so
 *   diff a.s b.s      # two "movss -N(%rsp), %xmm0"
 *
 * Cause: GCC 12's C front end keeps the qualifiers of a complex rvalue, so
 * "__auto_type __rcu_deref_p = READ_ONCE(p)" declares a const volatile
 * local for a _Complex p (other types lose their qualifiers, as C says);
 * the marker's argument is then one more volatile read of that local
 * ("__rcu_deref_p.0_2 ={v} __rcu_deref_p" in the gimple dump), which stays
 * when the plugin removes the marker call.  (The same as
 * volatile_pointer_object.c, fixed for every other type by __auto_type.)
 * A cast, a conditional or a comma expression keep the qualifiers too.
 * Complex heads make no sense in the kernel; possible fixes: have the
 * plugin also remove a volatile read of the marked local that only the
 * marker uses, or refuse complex values in rcu_deref.h.
 */
#include "rcu_deref.h"

_Complex float gc;

float reader(void)
{
	_Complex float c = rcu_dereference(gc);

	return __real__ c;
}
