/*
 * MISS of the plugin (fixed), beside loop_carried_plain_load_arm.c: the same
 * ring walk, but the loop goes on only while the length each head loaded
 * is 16, and advances by that length.  GCC substitutes the constant for
 * the head's value (equality-based substitution,
 * Documentation/RCU/rcu_dereference.rst), so every iteration after the
 * first addresses its record from the entry value rb->pending_pos plus
 * constants, with no dependency on the previous head, where the source has
 * one (aarch64 -O2, read by hand):
 *
 *	.L7:	add	x2, x2, 16		// pend_pos += hdr_len, hdr_len == 16
 *	.L3:	and	x3, x6, x2
 *		ldr	w3, [x4, x3]		// READ_ONCE(hdr->len), line 51
 *		cmp	w3, 16
 *		beq	.L7
 *
 * The access at line 51 is broken on the loop's back edge: a warning at
 * every level.  The plugin gave none while GIMPLE's check reported a lost
 * dependency only where the address became a constant or an object's
 * ("only a constant is proof"): here it is a value from before the loop
 * plus constants, so the access was neither reported nor handed to the
 * final-code check.  Now a loop's loss is proof too (loop_carried_loss()
 * in rcu_deref_check.c): "its address is now computed from values known
 * before the loop" (broken by evrp at -O2, dom at -O1).
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include \
 *	-S -o /dev/null survey/repro/loop_carried_equality.c
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

		if (hdr_len != 16)
			break;
		pend_pos += hdr_len;
	}
	rb->pending_pos = pend_pos;
	return prod_pos + size;
}
