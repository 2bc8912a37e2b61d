/*
 * False positive against the aarch64 assembly: the warning is right about
 * GIMPLE (after "r == &default_route", evrp reads default_route.gateway),
 * but RTL's first CSE pass, knowing from the branch that the register of
 * &default_route equals r, picks r's register for the address, and the
 * final load is "ldr w0, [x2, 4]" with x2 the value loaded by the head:
 * the dependency is back.  It happens when &default_route is not already
 * in a register used for something else (here default_route is in .data,
 * head in .bss: two section anchors); with both in .bss the anchor
 * register is reused and the load stays broken.
 *
 * aarch64-linux-gnu-gcc -O2 -S -o /dev/null \
 *	-fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	clients/liburcu/repro/eq_rtl_restored.c		-> warning at line 33
 * /usr/bin/python3 -m rcuderef.asmcheck clients/liburcu/repro/eq_rtl_restored.c
 *	-> dep line 33: intact
 */
struct route {
	int prefix;
	int gateway;
};

struct route default_route = { 0, 1 };
struct route *head;
long default_hits;

int gateway(void)
{
	struct route *r = __atomic_load_n(&head, __ATOMIC_CONSUME); /* rcu:head */

	if (r == &default_route) {
		default_hits++;
		return r->gateway | 1;		/* rcu:dep */
	}
	return r->gateway;
}
