/*
 * The plugin's time is quadratic in the number of heads merged by one PHI:
 * a switch whose 4096 cases each take a head into the same pointer.  Found
 * by tests/test_robustness.py (deep switch), measured with user CPU time
 * (gcc -O2, x86_64; N is HEADS below):
 *
 *   N = 1024: GCC alone 0.23 s, with the plugin 0.67 s
 *   N = 2048: 0.52 s, 2.48 s
 *   N = 4096: 1.45 s, 7.59 s (the plugin's own part grows 14x for 4x)
 *
 *   time gcc -O2 -I plugin/include -S -o /dev/null fuzz/repro/phi_of_many_heads.c \
 *       -fplugin=build/plugin/x86_64-linux-gnu/rcu_deref_plugin.so
 *
 * (-DHEADS=1024 or 2048 for the smaller ones.)
 *
 * Cause (callgrind: 57 % of all instructions in walk_propagate()):
 * visit_phi() looks at every argument of the PHI each time one of its
 * arguments leaves the worklist, so a PHI of N heads costs N * N.  Keeping,
 * per PHI result, the best strength seen so far and comparing only the
 * argument that changed would make it linear, as README.md says the walk
 * is.
 */
#include "rcu_deref.h"

#ifndef HEADS
#define HEADS 4096
#endif

struct node {
	struct node *next;
	int a[4];
};

struct node *gp[64];

#define C1(n)	case (n): p = ((n) & 1) ? rcu_dereference(gp[(n) & 63]) :	\
			__atomic_load_n(&gp[(n) & 63], __ATOMIC_CONSUME); break;
#define C4(n)	C1(n) C1((n) + 1) C1((n) + 2) C1((n) + 3)
#define C16(n)	C4(n) C4((n) + 4) C4((n) + 8) C4((n) + 12)
#define C64(n)	C16(n) C16((n) + 16) C16((n) + 32) C16((n) + 48)
#define C256(n)	C64(n) C64((n) + 64) C64((n) + 128) C64((n) + 192)
#define C1024(n) C256(n) C256((n) + 256) C256((n) + 512) C256((n) + 768)

int merged(int x)
{
	struct node *p;

	switch (x) {
	C1024(0)
#if HEADS > 1024
	C1024(1024)
#endif
#if HEADS > 2048
	C1024(2048) C1024(3072)
#endif
	default:
		p = gp[0];
	}
	return p->a[x & 3];
}
