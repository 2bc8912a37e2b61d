/*
 * FALSE POSITIVE of the final-code check (Linux 6.12 survey, read-once-heads,
 * kernel/bpf/ringbuf.c:434, __bpf_ringbuf_reserve()): a walk whose next
 * address is advanced by the value each READ_ONCE() loaded.  The load of
 * hdr->len is the head, and, through the loop's PHI of pend_pos, a
 * dependent access of the previous iteration's head.  On the first
 * iteration pend_pos is rb->pending_pos, a plain load (an arm: the source
 * has no dependency there); on every later one it is the previous pend_pos
 * plus the length the previous head loaded.  The final code keeps that:
 *
 *	ldr	x3, [x8, 8016]		// pend_pos = rb->pending_pos (the arm)
 *   .L7:	add	x3, x3, x2		// pend_pos += tmp (x2 from w4, the head)
 *   .L3:	and	x2, x7, x3
 *	ldr	w4, [x6, x2]		// READ_ONCE(hdr->len): head and access
 *	and	w2, w4, -1073741825 ...
 *
 * so the access depends on the previous head on every path where the
 * source says it does; the plugin of c3fbc2c warned "no register of its address holds
 * a value derived from the load (broken by expand)".  Expected: no warning.
 * (python3 -m rcuderef.asmcheck survey/repro/ringbuf_loop_arm.c --head 47
 * --dep 47 -I plugin/include says "broken" too: its must-analysis asks for
 * the dependency on the loop's entry path as well.)
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include \
 *	-S -o /dev/null survey/repro/ringbuf_loop_arm.c
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct hdr { unsigned int len; unsigned int pg_off; };
struct rb {
	unsigned long mask;
	unsigned long pad[1000];
	unsigned long producer_pos;
	unsigned long pending_pos;
	char data[] __attribute__((aligned(4096)));
};
#define BUSY (1U << 31)
#define DISCARD (1U << 30)
unsigned long reserve(struct rb *rb, unsigned long len)
{
	unsigned long pend_pos = rb->pending_pos;
	unsigned long prod_pos = rb->producer_pos;
	unsigned int hdr_len, tmp;

	while (prod_pos - pend_pos > 0) {
		struct hdr *hdr = (void *)rb->data + (pend_pos & rb->mask);
		hdr_len = READ_ONCE(hdr->len);
		if (hdr_len & BUSY)
			break;
		tmp = hdr_len & ~DISCARD;
		tmp = (tmp + 8 + 7) & ~7U;
		pend_pos += tmp;
	}
	rb->pending_pos = pend_pos;
	return prod_pos + len;
}
