// SPDX-License-Identifier: GPL-2.0
/*
 * The shape of __fdb_flush_matches() inlined in br_fdb_flush()
 * (net/bridge/br_fdb.c:596, and fdb_fill_info() at :117, Linux 6.12
 * defconfig survey, slice drivers-usb--handshake): `dst ?
 * dst->dev->ifindex : br->dev->ifindex` loads ifindex on both arms, dst
 * through the head f, br a parameter.  Read by hand in GCC 12's aarch64
 * code: at -Os cross-jumping makes the two ifindex loads one insn, `.L16:
 * ldr w0, [x0, 224]`, reached from `ldr x0, [x19, 8]; cbz x0, .L3; ldr
 * x0, [x0, 8]` (dst->dev, x19 the head f) and from `.L3: ldr x0, [x21, 8]`
 * (br->dev, x21 the parameter br); at -O1, -O2 and -O3 each arm keeps its
 * own load, dst's through the head.  On the br path the source never
 * derived the address from a head: no break at any level.  The merged insn
 * keeps dst's MEM_EXPR, and the plugin warned "no register of its address
 * holds a value derived from the load" (broken by peephole2) at -Os: br's
 * load of the same field on the same line is now an arm of dst's
 * (verdict_twins() in rcu_deref_verdict.c;
 * tests/test_plugin_regressions.py::test_twin_field_merge).
 */
#include "rcu_deref.h"

struct net_device { char pad[224]; int ifindex; };
struct bridge { long x; struct net_device *dev; };
struct port { long x; struct net_device *dev; };
struct fdb { struct fdb *next; struct port *dst; unsigned long flags; int vid; };
struct desc { int port_ifindex; int vlan_id; unsigned long flags; unsigned long mask; };

static inline int matches(struct bridge *br, const struct fdb *f, const struct desc *d)
{
	const struct port *dst = READ_ONCE(f->dst);
	int port_ifidx = dst ? dst->dev->ifindex : br->dev->ifindex;	/* rcu:dep */

	if (d->vlan_id && d->vlan_id != f->vid)
		return 0;
	if (d->port_ifindex && d->port_ifindex != port_ifidx)
		return 0;
	if ((f->flags & d->mask) != d->flags)
		return 0;
	return 1;
}

void del(struct bridge *br, struct fdb *f);

void flush(struct bridge *br, struct fdb **list, const struct desc *d)
{
	struct fdb *f;

	rcu_read_lock();
	for (f = rcu_dereference(*list); f; f = rcu_dereference(f->next)) {	/* rcu:head */
		if (!matches(br, f, d))
			continue;
		del(br, f);
	}
	rcu_read_unlock();
}
