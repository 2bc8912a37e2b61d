// SPDX-License-Identifier: GPL-2.0
/*
 * The shape of fanout_demux_rollover() (net/packet/af_packet.c:1463-1475,
 * Linux 6.12 defconfig survey, slice net-ipv6--virt): the walk starts at
 * `i = min_t(int, po->rollover->sock, num - 1)`, po a head, and wraps to
 * 0; f->arr[i] is loaded with that index.  Where min() picks num - 1, or
 * after the wrap, the index is a value the source never derived from the
 * head (a minimum chooses one of its operands, as a PHI does: the head's
 * value decides only which, through the comparison).  Read by hand in GCC
 * 12's aarch64 code at -O2: `ldr x24, [x0, 8]` (the head), `ldr x1, [x24,
 * 72]; sub w0, w25, #1; ldr w20, [x1]; cmp w20, w0; csel w20, w20, w0,
 * le; mov w19, w20`, then `add x3, x21, w19, sxtw 3; ldr x0, [x3, 8]`
 * (line 44), the back edge `csel w19, w19, wzr, ne` (the wrap): the index
 * register holds the loaded sock wherever min() picks it.  No break; the
 * plugin warned "no register of its address holds a value derived from
 * the load" (broken by expand, the csel) at every level: a minimum's or
 * maximum's operand that no head reaches is an arm now
 * (push_arm_operands() in rcu_deref_verdict.c;
 * tests/test_plugin_regressions.py::test_min_choice_arm).
 */
#include "rcu_deref.h"

#define min_t(type, a, b) ({ type __a = (a); type __b = (b); __a < __b ? __a : __b; })

struct rollover { int sock; };
struct psock { long pad[8]; unsigned long flags; struct rollover *rollover; };
struct fanout { unsigned int num; struct psock *arr[]; };

int has_room(struct psock *po, void *skb);

int rollover(struct fanout *f, void *skb, unsigned int idx, int try_self, unsigned int num)
{
	struct psock *po, *next, *skip = (void *)0;
	int i, j;

	po = rcu_dereference(f->arr[idx]);	/* rcu:head */
	if (try_self) {
		if (has_room(po, skb))
			return idx;
		skip = po;
	}
	i = j = min_t(int, po->rollover->sock, num - 1);
	do {
		next = f->arr[i];	/* rcu:dep */
		if (next != skip && !(READ_ONCE(next->flags) & 1) && has_room(next, skb)) {
			if (i != j)
				po->rollover->sock = i;
			return i;
		}
		if (++i == num)
			i = 0;
	} while (i != j);
	return idx;
}
