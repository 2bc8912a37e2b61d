/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcu_deref: the final-code verdict.  The GIMPLE check hands the heads and
 * dependent accesses of each function to rcu_deref_rtl.c, which finds them
 * in the RTL after register allocation and scheduling and decides, on hard
 * registers, which accesses still depend on their head.
 */
#ifndef RCU_DEREF_RTL_H
#define RCU_DEREF_RTL_H

/* What the final code did with one tracked access. */
enum rtl_fate {
	RTL_UNTRACKED,	/* never handed to the RTL check */
	RTL_INTACT,	/* in the final code, its address derives from its head */
	RTL_BROKEN,	/* in the final code, on some path it does not */
	RTL_VANISHED,	/* no instruction of the final code makes it */
	RTL_UNKNOWN,	/* its head has no instruction the check can follow */
};

/* Recording, at the end of GIMPLE, for the current function. */
void rtl_track_begin(void);
void rtl_track_head(gimple stmt, int head, int leader);
void rtl_track_call(gimple stmt, int head, int leader);
int rtl_track_access(gimple stmt, tree ref, bool store, int head, int leader,
		     bool gimple_broken);
void rtl_track_arm_param(tree parm);
void rtl_track_arm_load(tree ref);
void rtl_track_arm_call(gimple stmt);
void rtl_track_arm_decl(tree decl);
void rtl_track_arm_asm(gimple stmt);
bool rtl_tracking(void);

/* The verdict, valid while rtl_final_verdict() runs for the function. */
enum rtl_fate rtl_fate_of(int access);
const char *rtl_blamed_pass(int access);
int rtl_head_of(int access);
location_t rtl_location_of(int access);
const char *rtl_fate_name(enum rtl_fate fate);

/*
 * Fix-up in the final code: make each load of a head with this leader a
 * load-acquire, or follow it with an acquire fence; fence after each
 * tracked call that returned such a head.  Returns the number of sites
 * fixed; each is passed to the site callback with its location and how.
 */
typedef void (*rtl_site_fn)(location_t loc, int head, const char *how, const char *text);
unsigned int rtl_fix_head(int leader, rtl_site_fn site);
void rtl_fence_at_entry(void);

/*
 * consume=dependency: whether the target can make a relaxed atomic load of
 * mode an acquire again in the final code; and, for each relaxed atomic
 * load of head in the final code, make it an acquire again (restore) or
 * not, passing each to site.  Returns how many there were.
 */
bool rtl_can_restore_acquire(machine_mode mode);
unsigned int rtl_consume_loads(int head, bool restore, rtl_site_fn site);

/*
 * Provided by the verdict: called by the late pass once the fates of the
 * current function's accesses are known.
 */
void rtl_final_verdict(void);

/* Registration, from plugin_init. */
void rtl_register(const char *plugin_name);

/* Counters for the stats option. */
struct rtl_counts {
	unsigned int functions;		/* functions checked in RTL */
	unsigned int accesses;		/* tracked accesses */
	unsigned int intact;
	unsigned int broken;
	unsigned int vanished;
	unsigned int unknown;
	unsigned int merged;		/* judged by the insn another access took */
	unsigned int fallback_functions;	/* not analysable: GIMPLE verdict kept */
	unsigned long long steps;	/* insns visited by the RTL walks */
};

extern struct rtl_counts rtl_counts;

#endif
