// SPDX-License-Identifier: GPL-2.0
/*
 * arm_bitfield_merge.c with a break GIMPLE makes: after `c == &defconf`,
 * the optimizers substitute defconf.chan for c->chan (line 34), and the
 * index `band` of line 37 is the bit-field info->band or the band loaded
 * through that broken value.  Read by hand in GCC 12's aarch64 code:
 * at -O1 the break stays (`adrp x0, .LANCHOR0+8; ldr x0, [x0,
 * #:lo12:.LANCHOR0+8]; ldrb w1, [x0]`: lines 34 and 37 broken); at -O2,
 * -O3 and -Os RTL loads chan through the head's register again (`ldr x0,
 * [x0, 8]` or `ldr x0, [x3, 8]`, x0/x3 the head), and on the other paths
 * band is info->band, which the source never derived from a head: no
 * break in the final code
 * (tests/test_plugin_regressions.py::test_arm_bitfield_merge_eq).
 */
#include "rcu_deref.h"

struct chan { unsigned char band; };
struct conf { unsigned long rates; struct chan *chan; };
struct info { unsigned int flags:28; unsigned int band:3; };
struct sband { int *bitrates; };
struct wiphy { struct sband *bands[8]; };

struct conf defconf;

int lowest_eq(struct conf **pp, struct info *info, struct wiphy *w, int link)
{
	unsigned char band = info->band;
	struct conf *c;

	if (link < 15) {
		rcu_read_lock();
		c = rcu_dereference(pp[link]);	/* rcu:head */
		if (c == &defconf)
			band = c->chan->band;	/* rcu:dep */
		rcu_read_unlock();
	}
	return w->bands[band]->bitrates[0];	/* rcu:dep */
}
