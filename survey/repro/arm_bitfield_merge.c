// SPDX-License-Identifier: GPL-2.0
/*
 * The shape of iwl_mvm_mac_ctxt_get_lowest_rate()
 * (drivers/net/wireless/intel/iwlwifi/mvm/mac-ctxt.c:921-932, Linux 6.12
 * defconfig survey, slice drivers-net): `band` is the bitfield
 * info->band, or the band of the channel loaded through the head; the
 * access indexes bands[] with it.  GCC 12 -O2 duplicates the tail, and
 * on the head's path the address derives from the head (`ldrb w1, [x0];
 * ldr x0, [x2, w1, sxtw 3]`); on the other paths `band` is info->band,
 * which the source never derived from a head: no break.  The plugin
 * warned "no register of its address holds a value derived from the load"
 * (broken by expand), a false positive: the bit-field load is an arm of
 * the merge, but its insn's MEM_EXPR names the word that holds the
 * bit-field ("*info"), not info->band, so RTL did not take it for the arm.
 * Fixed: bitfield_word() in rcu_deref_rtl.c
 * (tests/test_plugin_regressions.py::test_arm_bitfield_merge).
 */
#include "rcu_deref.h"

struct chan { unsigned char band; };
struct conf { unsigned long rates; struct chan *chan; };
struct info { unsigned int flags:28; unsigned int band:3; };
struct sband { int *bitrates; };
struct wiphy { struct sband *bands[8]; };


int lowest(struct conf **pp, struct info *info, struct wiphy *w, int link)
{
	unsigned char band = info->band;
	struct conf *c;

	if (link < 15) {
		rcu_read_lock();
		c = rcu_dereference(pp[link]);	/* rcu:head */
		if (c && c->chan)
			band = c->chan->band;
		rcu_read_unlock();
	}
	return w->bands[band]->bitrates[0];	/* rcu:dep */
}
