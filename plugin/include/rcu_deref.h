/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcu_deref.h: the kernel's READ_ONCE()/rcu_dereference() family for C
 * code outside the kernel, marked for the rcu_deref GCC plugin exactly as
 * the kernel patch marks include/linux/rcupdate.h.
 *
 * When the plugin is loaded it defines __RCU_DEREF_PLUGIN__, and each
 * rcu_dereference() tells the plugin which load is a dependency head with
 * a call to __rcu_deref_head().  The plugin removes that call right after
 * GIMPLE is in SSA form, before any optimization, so the generated code is
 * the same as without the plugin.  Without the plugin the marker expands
 * to nothing.
 *
 * This header only orders accesses through address dependencies; it is a
 * model of the kernel's API for tests and user-space code, not an RCU
 * implementation (rcu_read_lock() and friends are compiler barriers).
 */
#ifndef RCU_DEREF_H
#define RCU_DEREF_H

#define barrier() __asm__ __volatile__("" : : : "memory")

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)						\
	do {								\
		*(volatile __typeof__(x) *)&(x) = (val);		\
	} while (0)

#ifdef __RCU_DEREF_PLUGIN__
void __rcu_deref_head(const char *primitive, ...)
	__attribute__((__nothrow__, __leaf__));
#define __rcu_deref_mark(primitive, p) __rcu_deref_head(primitive, p)
#else
#define __rcu_deref_mark(primitive, p) ((void)0)
#endif

/*
 * Load p once and mark the load as a dependency head.  Unlike the kernel's,
 * p may also be an integer (an index), as in rcu_dereference.rst's examples.
 */
#define __rcu_dereference_marked(p, primitive)				\
	({								\
		__auto_type __rcu_deref_p = READ_ONCE(p);		\
		__rcu_deref_mark(primitive, __rcu_deref_p);		\
		__rcu_deref_p;						\
	})

#define rcu_dereference(p)	__rcu_dereference_marked(p, "rcu_dereference")
#define rcu_dereference_bh(p)	__rcu_dereference_marked(p, "rcu_dereference_bh")
#define rcu_dereference_sched(p) __rcu_dereference_marked(p, "rcu_dereference_sched")
#define rcu_dereference_raw(p)	__rcu_dereference_marked(p, "rcu_dereference_raw")
#define rcu_dereference_check(p, c) \
	__rcu_dereference_marked(p, "rcu_dereference_check")
#define rcu_dereference_raw_check(p) \
	__rcu_dereference_marked(p, "rcu_dereference_raw_check")
#define srcu_dereference(p, ssp) __rcu_dereference_marked(p, "srcu_dereference")
#define srcu_dereference_check(p, ssp, c) \
	__rcu_dereference_marked(p, "srcu_dereference_check")

/* Not heads: the value is not dereferenced, or updates are excluded. */
#define rcu_dereference_protected(p, c)	((__typeof__(*(p)) *)(p))
#define rcu_access_pointer(p)		((__typeof__(*(p)) *)READ_ONCE(p))

#define rcu_assign_pointer(p, v)	__atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define rcu_read_lock()			barrier()
#define rcu_read_unlock()		barrier()

#endif /* RCU_DEREF_H */
