/*
 * FALSE POSITIVE of the final-code check (fixed): an epilogue's register
 * restore taken for the access beside it (fs/ext4/balloc.c,
 * ext4_get_group_info(), Linux 6.12; the same in net/ipv4/nexthop.c,
 * kernel/audit.c, mm/shrinker.c, net/core/sock_reuseport.c,
 * net/core/xdp.c).
 *
 * With shrink-wrapping, x21 is saved only on the path that needs it, and
 * restored right after the last access, "ldr x0, [x19, x21, lsl 3];
 * ldr x21, [sp, 32]": the restore has no MEM_EXPR and the location of
 * "return grp_info[indexh];", so the final-code check took it for the
 * access (a MEM that lost its MEM_EXPR, matched by location) and found
 * no dependency in sp.  The access itself depends on the head through
 * x19 (the assembly checker says so).
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include -S survey/repro/epilogue_restore_location.c
 */
#include "rcu_deref.h"

struct info {
	int x;
};

struct sbi {
	unsigned int groups_count;
	void (*lock)(void);
	unsigned long desc_per_block;
	unsigned int desc_bits;
	struct info ***group_info;
};

struct sb {
	struct sbi *fs_info;
};

static inline unsigned int groups_count(struct sb *sb)
{
	unsigned int n = sb->fs_info->groups_count;

	__asm__ __volatile__("dmb ishld" ::: "memory");
	return n;
}

struct info *get_group_info(struct sb *sb, unsigned int group)
{
	struct info ***tbl, **grp_info;
	long indexv, indexh;

	if (__builtin_expect(group >= groups_count(sb), 0))
		return 0;
	if (__builtin_expect(!sb->fs_info->group_info, 0))
		return 0;
	indexv = group >> sb->fs_info->desc_bits;
	indexh = group & (sb->fs_info->desc_per_block - 1);
	sb->fs_info->lock();
	tbl = rcu_dereference(sb->fs_info->group_info);		/* rcu:head */
	grp_info = tbl[indexv];						/* rcu:dep */
	sb->fs_info->lock();
	if (__builtin_expect(!grp_info, 0))
		return 0;
	return grp_info[indexh];					/* rcu:dep */
}
