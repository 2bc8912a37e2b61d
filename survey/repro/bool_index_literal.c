/*
 * BROKEN, HARMLESS (read-once-heads): kernel/rcu/tree_stall.h
 * show_rcu_gp_kthreads() prints
 *	".b"[!!data_race(READ_ONCE(rnp->boost_kthread_task))]
 * With every READ_ONCE() a head, the load of the string literal depends on
 * the head only through a boolean result, and the plugin reports it (the
 * rule on relational and boolean results).  That is the rule's pattern,
 * but the object indexed is a string literal, read-only for the whole run:
 * no store can race with its load, so its order after the head does not
 * matter.  An access to a read-only constant object (STRING_CST, a const
 * object in .rodata) could be left out of the chains.
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -I plugin/include -S \
 *	survey/repro/bool_index_literal.c
 */
#include "rcu_deref.h"

struct rcu_node {
	void *boost_kthread_task;
	void *boost_tasks;
};

void show(char b, char B);

void show_node(struct rcu_node *rnp)
{
	show(".b"[!!READ_ONCE(rnp->boost_kthread_task)],
	     ".B"[!!READ_ONCE(rnp->boost_tasks)]);
}
