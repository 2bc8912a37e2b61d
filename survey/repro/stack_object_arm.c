/*
 * FALSE POSITIVE of the final-code check (fixed): an arm that is the
 * address of a local object (net/ipv4/tcp_bpf.c, tcp_bpf_sendmsg():
 * "msg_tx = psock->cork" through the head psock, else "msg_tx = &tmp",
 * a struct sk_msg on the stack; Linux 6.12).
 *
 * The source merges &tmp with a value loaded through the head, so the
 * accesses through msg on the &tmp path never depended on the head.  In
 * the final code the arm is the stack pointer plus the object's offset
 * ("add x1, sp, 16"), no symbol: the plugin took the join of the two
 * paths, or the select, for a lost dependency and warned at every level.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/stack_object_arm.c
 */
#include "rcu_deref.h"

struct msg {
	unsigned int size;
	unsigned int start, end;
	void *data[4];
};

struct psock {
	struct msg *cork;
	unsigned int cork_bytes;
};

struct sock {
	struct psock *user_data;
};

extern int fill(struct msg *m, unsigned int len);
extern void send(struct sock *sk, struct msg *m);

int sendmsg(struct sock *sk, unsigned int len)
{
	struct psock *psock;
	struct msg tmp, *msg;
	unsigned int osize;

	rcu_read_lock();
	psock = rcu_dereference(sk->user_data);		/* rcu:head */
	if (psock->cork) {					/* rcu:dep */
		msg = psock->cork;				/* rcu:dep */
	} else {
		msg = &tmp;
		__builtin_memset(msg, 0, sizeof(*msg));
	}
	osize = msg->size;					/* rcu:dep */
	if (fill(msg, osize + len))
		len = msg->size - osize;			/* rcu:dep */
	if (msg->end - msg->start >= len)			/* rcu:dep */
		send(sk, msg);
	rcu_read_unlock();
	return len;
}
