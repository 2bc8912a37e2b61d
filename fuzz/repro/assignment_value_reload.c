/*
 * FIXED: an assignment through a head's value used as a value.  The
 * gimplifier stores and then loads the stored location back for the
 * expression's value ("*p = v; _3 = *p;"), and the mark pass recorded
 * that reload as a second access through the head.  The source reads
 * nothing there: an assignment's value is the value stored (C11 6.5.16),
 * and value numbering gives the reload that value.  Found by fuzzing
 * (seed 231 at -O1, head 478:425): where GIMPLE made the reload's address
 * a constant and value numbering then removed it, the plugin reported
 * "its address became a constant, then it was merged", while the store
 * stays intact in the final code.  The mark pass now passes over a load
 * that reads back the store just made to the same reference
 * (reads_back_store() in plugin/rcu_deref_mark.c).
 *
 * aarch64-linux-gnu-gcc -O1 -S -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-stats=/dev/stdout fuzz/repro/assignment_value_reload.c
 * says "accesses": 1 (it said 2 before the fix).
 */
#define rcu_dereference(p) __atomic_load_n(&(p), __ATOMIC_CONSUME)

static long x;
static long *gp = &x;
long sink, sink2;

void f(long v)
{
	sink2 = *gp;
	sink = ~(*rcu_dereference(gp) = v);
}
