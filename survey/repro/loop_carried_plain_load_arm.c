/*
 * FALSE POSITIVE of the final-code check (fixed): a loop-carried
 * dependency whose first iteration has none.  kernel/bpf/ringbuf.c
 * __bpf_ringbuf_reserve() walks the pending records: each record's address
 * is pend_pos & mask, and pend_pos advances by the length READ_ONCE() read
 * from the previous record (read-once-heads; ringbuf.c:424 in the 6.1
 * survey, survey/triage/6.1.txt).  On the first iteration pend_pos is
 * rb->pending_pos, a plain load through the parameter: an arm, no head.
 * The code keeps the dependency on every later iteration:
 *
 *	.L7:	add	x3, x3, x2		// pend_pos += f(hdr_len)
 *	.L3:	and	x2, x7, x3
 *		ldr	w4, [x5, x2]		// READ_ONCE(hdr->len), line 52
 *		and	w2, w4, -1073741825
 *		add	w2, w2, 15
 *		and	x2, x2, 4294967288
 *		tbz	w4, #31, .L7
 *
 * so the access at line 52 depends on the previous head wherever the
 * source has one.  Expected: no warning.  The plugin of c3fbc2c warned ("no register of
 * its address holds a value derived from the load (broken by expand)"),
 * and so does the assembly checker (python3 -m rcuderef.asmcheck
 * survey/repro/loop_carried_plain_load_arm.c --head 52 --dep 52
 * -I plugin/include: "NOT dependent"), both asking for a dependency on the
 * loop's entry too.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include \
 *	-S survey/repro/loop_carried_plain_load_arm.c
 */
#include "rcu_deref.h"

struct hdr {
	unsigned int len;
	unsigned int pg_off;
};

struct ring {
	unsigned long mask;
	unsigned long producer_pos;
	unsigned long pending_pos;
	char data[];
};

unsigned long reserve(struct ring *rb, unsigned int size)
{
	unsigned long pend_pos = rb->pending_pos;
	unsigned long prod_pos = rb->producer_pos;

	while (prod_pos - pend_pos > 0) {
		struct hdr *hdr = (void *)rb->data + (pend_pos & rb->mask);
		unsigned int hdr_len = READ_ONCE(hdr->len);

		if (hdr_len & (1U << 31))
			break;
		hdr_len &= ~(1U << 30);
		pend_pos += (hdr_len + 8 + 7) & ~7U;
	}
	rb->pending_pos = pend_pos;
	return prod_pos + size;
}
