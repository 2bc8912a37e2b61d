/*
 * A helper's result that derives from two of its parameters stands for
 * one of them only, whichever the mark pass's walk reaches first; when
 * that is a parameter the call passes a constant, the head that reaches
 * the result through the other parameter is lost, and its broken
 * dependency is not reported (nor fixed).  Found while writing the
 * corpus's narrow-head cases (tests/corpus/narrow_u16_mod_hazard.c was
 * first this program), minimised by hand.
 *
 * (Fixed: such a value now stands for either parameter, rcu_deref_chain.c
 * either_source(), and the plugin warns.)
 *
 * bucket(h, 1) is inlined, hash % 1 folds to 0, and the final code loads
 * buckets[0].first at a constant address (aarch64, every level:
 * "ldr w0, [x1, 20]" with x1 the section anchor; rcuderef/asmcheck says
 * line 51 broken).  The plugin gave no warning.  In bucket(), hash is
 * converted to unsigned int first (_1 = (unsigned int) hash), so the walk
 * (a stack) visits "_1 % nbuckets" from nbuckets before _1 is seeded and
 * records the result as standing for parameter nbuckets; _1 later brings
 * a source of the same rank, which does not replace it.  The call passes
 * the constant 1 for nbuckets, so the access resolves to no head.  With
 * the parameters swapped (bucket(1, h)), or hash an unsigned int, the
 * plugin warns.
 *
 *   aarch64-linux-gnu-gcc -O2 -I plugin/include -S -o - fuzz/repro/two_params_one_helper.c \
 *       -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so
 */
#include <stdint.h>
#include "rcu_deref.h"

struct bucket {
	int count;
	int first;
};

struct bucket buckets[8];
uint16_t ghash;

static inline unsigned int bucket(uint16_t hash, unsigned int nbuckets)
{
	return hash % nbuckets;
}

int reader(void)
{
	uint16_t h;
	int v;

	rcu_read_lock();
	h = rcu_dereference(ghash); /* rcu:head */
	v = buckets[bucket(h, 1)].first; /* rcu:dep */
	rcu_read_unlock();
	return v;
}
