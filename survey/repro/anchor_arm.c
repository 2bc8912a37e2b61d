/*
 * FALSE POSITIVE of the final-code check (fixed): an arm that is the
 * address of a static object, reached through a section anchor
 * (net/ipv4/tcp_cong.c, tcp_assign_congestion_control(): "ca = &tcp_reno"
 * when bpf_try_module_get() fails, Linux 6.12).
 *
 * The source merges &reno with the head's value, so the reads through ca
 * on the &reno path never depended on the head (an arm, as for NULL or
 * &init_task).  With -fsection-anchors (the default on arm64) the arm is
 * not reno's symbol but the anchor plus reno's offset in the block: at -O1
 * "adrp x1, .LANCHOR0; add x1, x1, :lo12:.LANCHOR0; add x1, x1, 24;
 * cmp w0, 0; csel x19, x1, x19, eq", weights[] placed first.  The plugin
 * used to take the csel for a pick and warn at every level.
 *
 * aarch64-linux-gnu-gcc -O1 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/anchor_arm.c
 */
#include "rcu_deref.h"

struct ops {
	int flags;
	int key;
	void *owner;
};

struct sk {
	struct ops *ops;
	long priv[4];
};

static int counter[16];
static struct ops reno = { .flags = 1 };
static int weights[6] = { 1, 2, 3, 4, 5, 6 };
struct ops *cur;

void reweigh(int i, int w)
{
	weights[i & 3] = w;
}

extern int try_get(struct ops *o, void *owner);
extern void xmit(struct sk *sk);

void assign(struct sk *sk)
{
	struct ops *ca;

	rcu_read_lock();
	ca = rcu_dereference(cur);			/* rcu:head */
	if (__builtin_expect(!try_get(ca, ca->owner), 0))
		ca = &reno;
	WRITE_ONCE(sk->ops, ca);
	rcu_read_unlock();
	__builtin_memset(sk->priv, 0, sizeof(sk->priv));
	if (ca->flags & 4)				/* rcu:dep */
		xmit(sk);
	counter[ca->key & 15] += weights[ca->key & 3];	/* rcu:dep */
}
