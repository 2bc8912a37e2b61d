// SPDX-License-Identifier: GPL-2.0
/*
 * routes.c: a routing table in a liburcu RCU list (cds_list_*_rcu).
 *
 * Readers find the route for a destination address with
 * cds_list_for_each_entry_rcu() and read its gateway and its egress
 * interface.  The updater thread adds, replaces and deletes routes
 * (cds_list_add_tail_rcu, cds_list_replace_rcu, cds_list_del_rcu) and frees
 * the old ones after a grace period.  The default route is a static node:
 * the updater sets its gateway while it is not in the list and links it at
 * the tail, and unlinks it again after a while (waiting for a grace
 * period before it changes it).  The uplink interface is brought up (its
 * MTU set) before the first route through it is added.
 *
 * Sites the plugin should report are marked rcu:expect-warning; site:NAME
 * comments name the head and dependent lines whose assembly the report
 * reads.
 */
#include <stdint.h>
#include <urcu.h>
#include <urcu/rculist.h>

#include "harness.h"

#define LOCAL_METRIC	10

struct iface {
	unsigned int mtu;
	unsigned int index;
};

struct route {
	uint32_t prefix;
	uint32_t mask;
	uint32_t gateway;
	unsigned int metric;
	unsigned int ifindex;
	struct cds_list_head node;
	struct rcu_head rcu;
};

static CDS_LIST_HEAD(routes);
static pthread_mutex_t routes_lock = PTHREAD_MUTEX_INITIALIZER;
static struct route default_route = { .prefix = 0, .mask = 0 };
static unsigned long default_hits;

/* [0]: the local interface, [1]: the uplink, up only once configured. */
static struct iface ifaces[2] = { { .mtu = 1500, .index = 0 } };

/*
 * The gateway for dst, or 0.  Traffic through the default route is
 * counted (racy statistics are good enough here).
 */
static LOOKUP uint32_t route_gateway(uint32_t dst)
{
	struct route *r;

	/* Wrongly reported in consume builds: repro/list_walk_merged_fp.c. */
	cds_list_for_each_entry_rcu(r, &routes, node) {		/* site:default head, site:walk head */
		if ((dst & r->mask) != r->prefix)		/* site:walk dep */
			continue;
		if (r == &default_route) {
			default_hits++;
			return r->gateway | 1;			/* site:default dep (RTL restores it) */
		}
		return r->gateway;				/* site:walk dep */
	}
	return 0;
}

/*
 * The MTU towards dst.  Routes with a small metric leave through the local
 * interface, the others through the uplink: the comparison picks the
 * interface, so its MTU does not depend on the route's address.
 */
static LOOKUP unsigned int route_mtu(uint32_t dst)
{
	struct route *r;

	cds_list_for_each_entry_rcu(r, &routes, node) {		/* site:tier head */
		if ((dst & r->mask) == r->prefix)
			return ifaces[r->metric > LOCAL_METRIC].mtu;	/* site:tier dep, rcu:expect-warning */
	}
	return 0;
}

/* Safe: the route names its interface by index, a real dependency. */
static LOOKUP unsigned int route_mtu_safe(uint32_t dst)
{
	struct route *r;

	cds_list_for_each_entry_rcu(r, &routes, node) {		/* site:ifindex head */
		if ((dst & r->mask) == r->prefix)
			return ifaces[r->ifindex & 1].mtu;	/* site:ifindex dep */
	}
	return 0;
}

/* Safe: read the gateway through the route, then compare. */
static LOOKUP uint32_t route_gateway_safe(uint32_t dst)
{
	struct route *r;

	cds_list_for_each_entry_rcu(r, &routes, node) {		/* site:default_safe head */
		uint32_t gw;

		if ((dst & r->mask) != r->prefix)
			continue;
		gw = r->gateway;				/* site:default_safe dep */
		if (r == &default_route) {
			default_hits++;
			gw |= 1;
		}
		return gw;
	}
	return 0;
}

static void *reader(void *arg)
{
	struct reader_state *st = arg;
	uint32_t dst = 0;

	rcu_register_thread();
	while (!readers_stopped()) {
		uint32_t gw, gw2;
		unsigned int mtu, mtu2;

		dst = dst * 1103515245u + 12345u;
		rcu_read_lock();
		gw = route_gateway(dst);
		gw2 = route_gateway_safe(dst);
		mtu = route_mtu(dst);
		mtu2 = route_mtu_safe(dst);
		rcu_read_unlock();
		/* Every route has a gateway; an interface is up before use. */
		if ((gw && !(gw & ~1u)) || (gw2 && !(gw2 & ~1u)) ||
		    (mtu && mtu < 576) || (mtu2 && mtu2 < 576))
			st->errors++;
		st->lookups++;
		reader_round();
	}
	rcu_unregister_thread();
	return NULL;
}

static struct route *new_route(uint32_t prefix, int len, uint32_t gw,
			       unsigned int metric)
{
	struct route *r = calloc(1, sizeof(*r));

	if (!r)
		die("calloc");
	r->mask = len ? ~0u << (32 - len) : 0;
	r->prefix = prefix & r->mask;
	r->gateway = gw;
	r->metric = metric;
	r->ifindex = metric > LOCAL_METRIC;
	return r;
}

static void free_route(struct rcu_head *head)
{
	free(caa_container_of(head, struct route, rcu));
}

static void *updater(void *arg)
{
	struct route *r, *old;
	unsigned int round;

	(void)arg;
	rcu_register_thread();
	for (round = 0; round < 1000; round++) {
		pace();
		uint32_t net = (round % 64) << 24;

		pthread_mutex_lock(&routes_lock);
		if (round == 10)
			ifaces[1].mtu = 9000;	/* bring the uplink up */
		if (round % 50 == 20) {
			/* (Re)configure the default route: it is unlinked. */
			default_route.gateway = 0x0a000001u + (round << 8);
			default_route.metric = 100;
			default_route.ifindex = 1;
			cds_list_add_tail_rcu(&default_route.node, &routes);
		} else if (round % 50 == 45) {
			cds_list_del_rcu(&default_route.node);
			pthread_mutex_unlock(&routes_lock);
			synchronize_rcu();	/* before default_route changes */
			pthread_mutex_lock(&routes_lock);
		}
		if (round % 3 == 0) {
			r = new_route(net, 8, net | 0x0101u,
				      round < 10 ? 1 : round % 20);
			/* Keep the default route last. */
			cds_list_add_rcu(&r->node, &routes);
		} else if (round % 3 == 1 && !cds_list_empty(&routes)) {
			old = cds_list_entry(routes.next, struct route, node);
			if (old != &default_route) {
				r = new_route(old->prefix, 8, old->gateway + 1,
					      old->metric);
				cds_list_replace_rcu(&old->node, &r->node);
				call_rcu(&old->rcu, free_route);
			}
		} else if (!cds_list_empty(&routes)) {
			old = cds_list_entry(routes.next, struct route, node);
			if (old != &default_route) {
				cds_list_del_rcu(&old->node);
				call_rcu(&old->rcu, free_route);
			}
		}
		pthread_mutex_unlock(&routes_lock);
	}
	rcu_unregister_thread();
	return NULL;
}

int main(void)
{
	unsigned long lookups = 0, errors;

	errors = run(&lookups);
	printf("routes: %lu lookups, %lu default-route hits, %lu errors\n",
	       lookups, default_hits, errors);
	return errors != 0;
}
