/*
 * FALSE POSITIVE of the final-code check (fixed): panthor_vm_active() of
 * drivers/gpu/drm/panthor/panthor_mmu.c (read-once-heads; the 6.12
 * whole-defconfig slice drivers-gpu-drm, 1 warning at panthor_mmu.c:766),
 * reduced.  The slot index is a field read through the head
 * (list_first_entry_or_null()'s READ_ONCE()), or ffz() of a mask, or 0:
 * on the last two paths the index never depended on the head (arms), and
 * the source has no dependency there to keep.  The plugin looked for arms
 * only in the base pointer of the access, not in its array index; and
 * ffz() is __builtin_ctzl(~word), which expands inline ("rbit; clz" on
 * arm64): RTL finds no call insn for an arm recorded as a call's result.
 * Arms are now followed from every operand of the address (its indices
 * too), and an inline builtin's arguments stand for its result
 * (track_address_arms(), push_inline_call_args() in rcu_deref_verdict.c).
 *
 * aarch64-linux-gnu-gcc -O2 -fplugin=build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so \
 *	-fplugin-arg-rcu_deref_plugin-read-once-heads -S survey/repro/inline_builtin_arm.c
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct vm {
	long pad[3];
	int id;
};
struct slot {
	struct vm *vm;
	long pad;
};
struct mmu {
	unsigned long alloc_mask;
	struct slot slots[16];
};

struct vm *lru_first;
void release(struct vm *vm);

static inline unsigned long ffz(unsigned long word)
{
	return __builtin_ctzl(~word);
}

int activate(struct mmu *mmu, struct vm *vm)
{
	struct vm *lru = READ_ONCE(lru_first);
	int as;

	if (lru) {
		as = lru->id;
		release(lru);
	} else if (mmu->alloc_mask != ~0UL) {
		as = ffz(mmu->alloc_mask | 1UL);
	} else {
		as = 0;
	}
	mmu->slots[as].vm = vm;
	return as;
}
