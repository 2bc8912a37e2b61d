/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lfht_head.h: let the rcu_deref plugin see liburcu's hash table lookups
 * as dependency heads.
 *
 * cds_lfht_lookup(), cds_lfht_first(), cds_lfht_next() and friends "act as
 * rcu_dereference()" (urcu/rculfhash.h), but their load is in
 * liburcu-cds.so: the caller only reads the node pointer back from the
 * iterator, a plain load the plugin cannot tell from any other.
 * lfht_node_head(iter) reads it once (a volatile load, as READ_ONCE()
 * does) and marks that load for the plugin with __rcu_deref_head(), the
 * marker that plugin/include/rcu_deref.h's rcu_dereference() uses.  The
 * plugin removes the marker before optimization; without the plugin it
 * expands to nothing.
 */
#ifndef LFHT_HEAD_H
#define LFHT_HEAD_H

#include <urcu/rculfhash.h>

#ifdef __RCU_DEREF_PLUGIN__
void __rcu_deref_head(const char *primitive, ...)
	__attribute__((__nothrow__, __leaf__));
#define __lfht_mark(p)	__rcu_deref_head("cds_lfht_iter_get_node", p)
#else
#define __lfht_mark(p)	((void)0)
#endif

/* A macro, as rcu_dereference() is: the load is on the caller's line. */
#define lfht_node_head(iter)						\
	__extension__ ({						\
		struct cds_lfht_node *__lfht_node =			\
			CMM_LOAD_SHARED((iter)->node);			\
		__lfht_mark(__lfht_node);				\
		__lfht_node;						\
	})

#endif /* LFHT_HEAD_H */
