// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: the final-code verdict.
 *
 * Whether an access is ordered after its head by the address dependency
 * is decided by the machine code, not by GIMPLE: RTL passes can give a
 * dependency back (CSE picks the head's register again, if-conversion
 * turns a branch into a conditional select) or take it away (CSE picks
 * the equal register of another pointer after "p == q").  So the verdict
 * is taken here, in a late RTL pass (after register allocation, the
 * second scheduling pass and basic-block reordering, before variable
 * tracking and the end of the CFG), on hard registers.
 *
 * Identity.  The GIMPLE check hands over, for the current function, each
 * head load and each dependent access by its memory reference tree.
 * Expansion gives every MEM it makes from that reference the tree as
 * MEM_EXPR, and RTL passes that copy or rewrite a MEM keep it; so an
 * access is found again, in every copy RTL made of it, by pointer
 * equality of MEM_EXPR.  A consume load has no reference tree (it is a
 * call of __atomic_load_N in GIMPLE): its insn is the volatile
 * memory-barrier MEM at the call's location.  An access whose MEM lost
 * its MEM_EXPR is the one at the insn's location.  One that RTL merged
 * into another tracked access's insn (that insn keeps the other's
 * MEM_EXPR but takes its location, as if-conversion and cse1 plus
 * cross-jumping do with "p == &x ? x : *p") has that insn's fate, also
 * after a later pass moved the merged insn (the probes between passes
 * see the merge).  A recorded access that no insn carries any more has
 * vanished (deleted, or merged where this cannot tell); one whose head
 * has no insn here (a parameter, a call) is unknown: the GIMPLE verdict
 * stands for both, and the stats count them.
 *
 * The rule (a must-analysis over the RTL CFG).  A register or stack slot
 * holds a value derived from a head when, on every path from the entry,
 * it was written by an insn that read such a value: the head load itself,
 * moves, arithmetic, extensions, loads whose address is derived (a chain
 * of pointers), spills and reloads through stack slots, and calls (a
 * result is assumed to derive from the arguments, as in GIMPLE).  An
 * access depends on its head when a register of its address holds a
 * value derived from it.
 *
 * Condition flags carry nothing, and a conditional select passes on only
 * what both of its choices hold.  In the Arm memory model (Arm ARM, DDI
 * 0487, B2.3, "Pick dependencies"), what CSEL, CSET and the other
 * conditional selects take from NZCV is a pick dependency, which orders a
 * later write but not a later read; herdtools7's aarch64-pick catalogue,
 * maintained with the model, allows the reader shape "ldr; cmp; csel;
 * ldr through the result" (T9).  A conditional branch gives only a
 * control dependency, which orders no read either, and the insn that
 * sets the pc is not followed.  A comparison whose result is computed in
 * a general register (RISC-V's slt) is ordinary data flow.  On x86-64
 * every load is ordered after earlier loads (TSO), so no dependency is
 * needed there; the same rule is applied so that the x86-64 verdict says
 * what the x86-64 code keeps.
 *
 * Blame.  Between RTL passes (before the CFG goes), functions with
 * tracked accesses are checked the same way, cheaply (one walk), and an
 * access broken in the final code names the RTL pass after which it was
 * last seen broken for good.
 */

/* GCC's RTL headers before the plugin's, which hides what follows it. */
#include "gcc-common.h"
#include "rtl-iter.h"
#include "regs.h"
#include "function-abi.h"
#include "insn-config.h"
#include "insn-codes.h"
#include "recog.h"
#include "rcu_deref_internal.h"
#include "rcu_deref_rtl.h"

struct rtl_counts rtl_counts;

/* From optabs.h, which needs a header GCC does not install for plugins. */
#pragma GCC visibility push(default)
extern void expand_mem_thread_fence(enum memmodel);
#pragma GCC visibility pop

struct head_rec {
	int head;
	int leader;
	tree ref;		/* a load's memory reference, or NULL (consume) */
	location_t loc;		/* the statement's location */
	location_t ploc;	/* ... without its block */
};

struct call_rec {
	int head;
	int leader;
	location_t loc;
	location_t ploc;	/* loc without its block */
	tree callee;
};

struct asm_rec {
	location_t loc;
	const char *templ;
};

struct access_rec_rtl {
	int head;
	int leader;
	tree ref;
	location_t loc;
	location_t ploc;	/* loc without its block */
	int next_at_loc;	/* the access made before it at ploc, or -1 */
	bool store;
	bool seen;		/* some insn of the final code makes it */
	enum rtl_fate fate;
	enum rtl_fate merged;	/* judged where another access took its place */
	int merged_with;	/* ... that access, in this walk, or -1 */
	int merged_into;	/* ... in an earlier walk (a probe), or -1 */
	const char *blame;	/* the RTL pass after which it broke, or NULL */
	const char *probe_blame;	/* probing: broken since that pass */
};

/* The records of the function being compiled, and the probing state. */
static struct {
	vec<head_rec> heads;
	vec<call_rec> calls;
	vec<access_rec_rtl> accesses;
	hash_map<tree, int> *access_by_ref;
	hash_map<key_hash, int> *last_access_at;	/* a location -> its last access */
	hash_map<tree, int> *head_by_ref;
	vec<call_rec> arm_calls;	/* calls whose results are merged with heads */
	vec<asm_rec> arm_asms;		/* asms whose outputs are merged with heads */
	vec<tree> arm_params;		/* parameters merged with heads */
	vec<unsigned int> arm_hard_regs;	/* register variables merged with heads */
	hash_set<tree> *arm_loads;	/* plain loads merged with heads */
	vec<tree> arm_local_loads;	/* ... those from a local variable */
	vec<tree> arm_bitfield_loads;	/* ... those of a bit-field */
	hash_set<tree> *arm_decls;	/* objects whose address is merged with heads */
	vec<rtx_insn *> head_insns;	/* late pass: the head loads found */
	vec<int> head_insn_rec;		/* ... and their record */
	hash_map<tree, HARD_REG_SET> *callee_regs;	/* a callee -> the registers it clobbers */
	tree fndecl;
	const char *last_pass;	/* the last RTL pass run on the function */
	bool arm_frame;		/* a local object's address is merged with heads */
	bool need_blame;	/* some access was intact at the end of GIMPLE */
	bool decided;		/* the late pass ran: stop probing */
} rtl;

/*
 * The recorded trees are kept alive for the garbage collector until the
 * late pass has run: a collected tree's address could be reused by a new
 * MEM_EXPR and be taken for a recorded one.
 */
static GTY(()) vec<tree, va_gc> *rtl_keep;

static const struct ggc_root_tab rtl_roots[] = {
	{ &rtl_keep, 1, sizeof(rtl_keep), &gt_ggc_mx_vec_tree_va_gc_, &gt_pch_nx_vec_tree_va_gc_ },
	LAST_GGC_ROOT_TAB
};

static location_t pure(location_t loc)
{
	return get_pure_location(line_table, loc);
}

void rtl_track_begin(void)
{
	rtl.fndecl = current_function_decl;
	rtl.heads.truncate(0);
	rtl.calls.truncate(0);
	rtl.accesses.truncate(0);
	if (!rtl.access_by_ref)
		rtl.access_by_ref = new hash_map<tree, int>;
	if (!rtl.head_by_ref)
		rtl.head_by_ref = new hash_map<tree, int>;
	if (!rtl.arm_loads)
		rtl.arm_loads = new hash_set<tree>;
	rtl.access_by_ref->empty();
	if (!rtl.last_access_at)
		rtl.last_access_at = new hash_map<key_hash, int>;
	rtl.last_access_at->empty();
	rtl.head_by_ref->empty();
	rtl.arm_loads->empty();
	if (!rtl.arm_decls)
		rtl.arm_decls = new hash_set<tree>;
	rtl.arm_decls->empty();
	if (!rtl.callee_regs)
		rtl.callee_regs = new hash_map<tree, HARD_REG_SET>;
	rtl.callee_regs->empty();
	rtl.arm_frame = false;
	rtl.arm_params.truncate(0);
	rtl.arm_hard_regs.truncate(0);
	rtl.arm_local_loads.truncate(0);
	rtl.arm_bitfield_loads.truncate(0);
	rtl.arm_calls.truncate(0);
	rtl.arm_asms.truncate(0);
	rtl.last_pass = NULL;
	rtl.decided = false;
	rtl.need_blame = false;
	vec_safe_truncate(rtl_keep, 0);
}

bool rtl_tracking(void)
{
	return rtl.fndecl && rtl.fndecl == current_function_decl && !rtl.decided &&
	       (rtl.accesses.length() || rtl.heads.length());
}

void rtl_track_head(gimple stmt, int head, int leader)
{
	head_rec h;

	h.head = head;
	h.leader = leader;
	h.loc = gimple_location(stmt);
	h.ploc = pure(h.loc);
	h.ref = is_gimple_assign(stmt) ? gimple_assign_rhs1(stmt) : NULL_TREE;
	if (h.ref) {
		rtl.head_by_ref->put(h.ref, rtl.heads.length());
		vec_safe_push(rtl_keep, h.ref);
	}
	rtl.heads.safe_push(h);
}

void rtl_track_call(gimple stmt, int head, int leader)
{
	call_rec c;

	c.head = head;
	c.leader = leader;
	c.loc = gimple_location(stmt);
	c.ploc = pure(c.loc);
	c.callee = gimple_call_fndecl(stmt);
	rtl.calls.safe_push(c);
}

int rtl_track_access(gimple stmt, tree ref, bool store, int head, int leader,
		     bool gimple_broken)
{
	access_rec_rtl a;
	int *old = rtl.access_by_ref->get(ref), *last;
	bool existed;

	/* One reference tree per statement: a second sighting is the same access. */
	if (old)
		return *old;
	memset(&a, 0, sizeof(a));
	a.head = head;
	a.leader = leader;
	a.ref = ref;
	a.loc = gimple_location(stmt);
	a.ploc = pure(a.loc);
	a.store = store;
	a.fate = RTL_UNTRACKED;
	a.merged_into = -1;
	a.next_at_loc = -1;
	if (a.ploc != UNKNOWN_LOCATION) {
		last = &rtl.last_access_at->get_or_insert(a.ploc, &existed);
		if (existed)
			a.next_at_loc = *last;
		*last = rtl.accesses.length();
	}
	rtl.need_blame |= !gimple_broken;
	rtl.access_by_ref->put(ref, rtl.accesses.length());
	vec_safe_push(rtl_keep, ref);
	rtl.accesses.safe_push(a);
	return rtl.accesses.length() - 1;
}

void rtl_track_arm_param(tree parm)
{
	if (!rtl.arm_params.contains(parm))
		rtl.arm_params.safe_push(parm);
}

void rtl_track_arm_call(gimple stmt)
{
	call_rec c;

	c.head = -1;
	c.leader = -1;
	c.loc = gimple_location(stmt);
	c.ploc = pure(c.loc);
	c.callee = gimple_call_fndecl(stmt);
	rtl.arm_calls.safe_push(c);
}

void rtl_track_arm_asm(gimple stmt)
{
	asm_rec a;

	a.loc = gimple_location(stmt);
	a.templ = gimple_asm_string(as_a<gasm *>(stmt));
	rtl.arm_asms.safe_push(a);
}

void rtl_track_arm_decl(tree decl)
{
	if (!is_global_var(decl)) {
		rtl.arm_frame = true;
		return;
	}
	if (!rtl.arm_decls->add(decl))
		vec_safe_push(rtl_keep, decl);
}

void rtl_track_arm_load(tree ref)
{
	rtx reg = VAR_P(ref) && DECL_HARD_REGISTER(ref) ? DECL_RTL_IF_SET(ref) : NULL_RTX;
	tree base;

	/* A global register variable (riscv's current task in tp): no MEM. */
	if (reg && REG_P(reg) && HARD_REGISTER_P(reg)) {
		if (!rtl.arm_hard_regs.contains(REGNO(reg)))
			rtl.arm_hard_regs.safe_push(REGNO(reg));
		return;
	}
	if (rtl.arm_loads->add(ref))
		return;
	vec_safe_push(rtl_keep, ref);
	base = get_base_address(ref);
	if (base && VAR_P(base) && auto_var_in_fn_p(base, current_function_decl))
		rtl.arm_local_loads.safe_push(ref);
	if (TREE_CODE(ref) == COMPONENT_REF && DECL_BIT_FIELD(TREE_OPERAND(ref, 1)))
		rtl.arm_bitfield_loads.safe_push(ref);
}

enum rtl_fate rtl_fate_of(int access)
{
	if (access < 0 || (unsigned int)access >= rtl.accesses.length())
		return RTL_UNTRACKED;
	return rtl.accesses[access].fate;
}

const char *rtl_blamed_pass(int access)
{
	if (access < 0 || (unsigned int)access >= rtl.accesses.length())
		return NULL;
	return rtl.accesses[access].blame;
}

int rtl_head_of(int access)
{
	return rtl.accesses[access].head;
}

location_t rtl_location_of(int access)
{
	return rtl.accesses[access].loc;
}

const char *rtl_fate_name(enum rtl_fate fate)
{
	switch (fate) {
	case RTL_INTACT:
		return "intact in the final code";
	case RTL_BROKEN:
		return "broken in the final code";
	case RTL_VANISHED:
		return "gone from the final code";
	case RTL_UNKNOWN:
		return "not followed in the final code";
	default:
		return "not tracked";
	}
}

/* ---------------------------------------------------------------------- */
/* The walk: which registers and stack slots hold values derived from     */
/* which head, on every path                                              */
/* ---------------------------------------------------------------------- */

/*
 * A state is one bitmap: bit unit says that unit (a register number, the
 * low part of a hard register, or a stack slot numbered after them) holds
 * a value derived from a head of the function, or a value the source
 * merged with head values that never depended on a head (an arm): an
 * address holding it on every path is as the source made it.  Bitmaps are
 * sparse, so a state costs what it holds, not the function's size; what a
 * value an insn computes holds is one bool ("ok").
 */

/*
 * A constant address: a symbol (a section anchor or not) plus bytes, or,
 * with no symbol, an address in the frame (a local object's).
 */
struct sym_offset {
	rtx sym;
	HOST_WIDE_INT off;
};

/* Register number -> the symbol plus offset it holds. */
struct const_map : hash_map<int_hash<unsigned int, UINT_MAX, UINT_MAX - 1>, struct sym_offset> {
};

/* The mode of a generic address (the target's Pmode). */
static machine_mode address_mode(void)
{
	return targetm.addr_space.address_mode(ADDR_SPACE_GENERIC);
}

/* The units (each whole and low part) of the registers a call clobbers. */
struct clobber_units {
	HARD_REG_SET regs;
	bitmap units;
};

struct rtl_walk {
	hash_map<int_hash<HOST_WIDE_INT, -1, -2>, unsigned int> *slots;
	vec<unsigned int> sp_slots;	/* slots addressed from the stack pointer */
	unsigned int nregs;
	bool arm_values;		/* arm_value() can hold: arms to look for */
	bool arm_consts;		/* arm_constant() can hold: constants to track */
	bool mem_seen;			/* rtx_ok() met a MEM, or a select it looks into */
	bitmap_obstack ob;
	bitmap *in;			/* by basic block index; NULL: not reached */
	bitmap scratch;
	bitmap leaders_seen;		/* leaders whose head insn or call was met */
	bitmap heads_seen;		/* head records whose load insn was met */
	bool check;			/* the final round: decide the accesses */
	/* Registers holding a symbol's address plus an offset, in this block. */
	struct const_map *consts;
	/* The units the calls' clobber sets clear, by set: calls share few. */
	vec<struct clobber_units> clobbers;
	/* ... and by callee, where the callee alone decides the set */
	hash_map<tree, bitmap> *callee_clobbers;
};

/*
 * Whether regno is a base of frame and spill slots.  Without a frame
 * pointer, its hard register is an ordinary one once registers are
 * allocated (riscv64's s0, powerpc64le's r31, x86-64's %rbp): a pointer
 * there addresses the heap, not a slot.
 */
static bool frame_base(unsigned int regno)
{
	if (regno == HARD_FRAME_POINTER_REGNUM && reload_completed && !frame_pointer_needed)
		return false;
	return regno == STACK_POINTER_REGNUM || regno == FRAME_POINTER_REGNUM ||
	       regno == HARD_FRAME_POINTER_REGNUM || regno == ARG_POINTER_REGNUM ||
	       (regno >= FIRST_VIRTUAL_REGISTER && regno <= LAST_VIRTUAL_REGISTER);
}

/* The unit of the stack slot mem is, or -1 when mem is not one. */
static int slot_unit(struct rtl_walk *w, rtx mem)
{
	rtx addr = XEXP(mem, 0);
	HOST_WIDE_INT off = 0, key;
	unsigned int base, *unit;
	bool existed;

	if (GET_CODE(addr) == PLUS && CONST_INT_P(XEXP(addr, 1))) {
		off = INTVAL(XEXP(addr, 1));
		addr = XEXP(addr, 0);
	}
	if (!REG_P(addr) || !frame_base(REGNO(addr)) ||
	    !GET_MODE_SIZE(GET_MODE(mem)).is_constant() ||
	    off <= -((HOST_WIDE_INT)1 << 39) || off >= ((HOST_WIDE_INT)1 << 39))
		return -1;
	base = REGNO(addr);
	key = ((off + ((HOST_WIDE_INT)1 << 39)) << 20) |
	      ((HOST_WIDE_INT)(GET_MODE_SIZE(GET_MODE(mem)).to_constant() & 0x3ff) << 10) |
	      (base & 0x3ff);
	unit = &w->slots->get_or_insert(key, &existed);
	if (!existed) {
		*unit = w->nregs + FIRST_PSEUDO_REGISTER + w->slots->elements() - 1;
		if (base == STACK_POINTER_REGNUM)
			w->sp_slots.safe_push(*unit);
	}
	return *unit;
}

/* A write of unit: a partial write keeps what the unit held. */
static void set_unit(bitmap state, unsigned int unit, bool ok, bool partial)
{
	if (ok)
		bitmap_set_bit(state, unit);
	else if (!partial)
		bitmap_clear_bit(state, unit);
}

/*
 * Whether reg is the low part of a hard register that a write of its
 * width leaves the rest of: on x86, an 8- or 16-bit register (setcc %dl
 * keeps bits 8-63 of %rdx, which a 64-bit read still carries, while a read
 * of %dl sees only what was written).  Elsewhere (arm64, and 32-bit writes
 * on x86-64) a write extends into the whole register.
 */
static bool narrow_part(rtx reg)
{
#ifdef IX86_HLE_ACQUIRE
	return HARD_REGISTER_P(reg) && GET_MODE_SIZE(GET_MODE(reg)).to_constant() < 4;
#else
	return false;
#endif
}

/* The unit of what the last write of a narrow part of hard register r wrote. */
static unsigned int low_unit(struct rtl_walk *w, unsigned int r)
{
	return w->nregs + r;
}

/* Whether some unit of reg holds an ok value in state. */
static bool reg_ok(struct rtl_walk *w, bitmap state, rtx reg)
{
	unsigned int r;
	bool ok = false;

	for (r = REGNO(reg); r < END_REGNO(reg); r++)
		ok |= bitmap_bit_p(state, narrow_part(reg) ? low_unit(w, r) : r);
	return ok;
}

/*
 * Whether expr, made by expansion for a local variable that shares its
 * stack slot with others, is the reference ref (an arm's or a head's) of
 * that variable.  Expansion
 * rewrites such a variable's references through a pointer whose points-to
 * set holds the slot's variables, so that RTL alias analysis sees the
 * sharing ("arg.page" becomes "MEM[(struct walk_arg *)_17].page":
 * mm/ksm.c's ksm_next_page_arg.page): the same components down to a
 * MEM_REF of such a pointer, at offset zero, of the variable's type (or
 * of the type of a volatile read of it, MEM[(volatile T *)&var]), and the
 * variable in its points-to set.
 */
static bool same_slot_ref(const_tree expr, const_tree ref)
{
	struct ptr_info_def *pi;
	tree ptr;

	while (handled_component_p(expr) && TREE_CODE(expr) == TREE_CODE(ref)) {
		if (!operand_equal_p(TREE_OPERAND(expr, 1), TREE_OPERAND(ref, 1), 0))
			return false;
		expr = TREE_OPERAND(expr, 0);
		ref = TREE_OPERAND(ref, 0);
	}
	if (TREE_CODE(expr) != MEM_REF || TREE_CODE(TREE_OPERAND(expr, 0)) != SSA_NAME ||
	    !integer_zerop(TREE_OPERAND(expr, 1)) ||
	    TYPE_MAIN_VARIANT(TREE_TYPE(expr)) != TYPE_MAIN_VARIANT(TREE_TYPE(ref)))
		return false;
	/* A volatile read of the variable: MEM[(volatile T *)&var]. */
	if (TREE_CODE(ref) == MEM_REF && TREE_CODE(TREE_OPERAND(ref, 0)) == ADDR_EXPR &&
	    integer_zerop(TREE_OPERAND(ref, 1)))
		ref = TREE_OPERAND(TREE_OPERAND(ref, 0), 0);
	if (!VAR_P(ref))
		return false;
	ptr = TREE_OPERAND(expr, 0);
	pi = SSA_NAME_PTR_INFO(ptr);
	return pi && pt_solution_includes(&pi->pt, ref);
}

/* The head leader a head record stands for, if insn loads it; -1 if not. */
static int head_in_mem(rtx mem)
{
	tree expr = MEM_EXPR(mem);
	int *h = expr ? rtl.head_by_ref->get(expr) : NULL;
	unsigned int i;

	if (h)
		return *h;
	/* A head on a local variable that shares its stack slot. */
	if (!expr || !MEM_VOLATILE_P(mem))
		return -1;
	for (i = 0; i < rtl.heads.length(); i++) {
		if (rtl.heads[i].ref && same_slot_ref(expr, rtl.heads[i].ref))
			return i;
	}
	return -1;
}

/*
 * The consume head that insn performs, by its location, or -1.  The
 * inlined copies of one C++ load() share a location: the inlined call
 * that the insn's block comes from tells them apart.
 */
static int consume_head_at(rtx_insn *insn, rtx mem)
{
	location_t loc = pure(INSN_LOCATION(insn));
	int call = -1;
	unsigned int i;

	if (!MEM_VOLATILE_P(mem) || MEM_ALIAS_SET(mem) != ALIAS_SET_MEMORY_BARRIER)
		return -1;
	if (rcu_deref_options.consume_dependency)
		call = inlined_consume_head(LOCATION_BLOCK(INSN_LOCATION(insn)));
	for (i = 0; i < rtl.heads.length(); i++) {
		if (!rtl.heads[i].ref && rtl.heads[i].ploc == loc &&
		    (call < 0 || rtl.heads[i].head == call))
			return i;
	}
	return -1;
}

/*
 * A volatile MEM that lost its MEM_EXPR (cross-jumping merges the copies
 * of a head load that GIMPLE put in two branches) stands for the head
 * loaded at the insn's location, if exactly one is.
 */
static int head_at_location(rtx_insn *insn, rtx mem)
{
	location_t loc = pure(INSN_LOCATION(insn));
	unsigned int i;
	int found = -1;

	if (MEM_EXPR(mem) || !MEM_VOLATILE_P(mem) || loc == UNKNOWN_LOCATION)
		return -1;
	for (i = 0; i < rtl.heads.length(); i++) {
		if (!rtl.heads[i].ref || rtl.heads[i].ploc != loc)
			continue;
		if (found >= 0 && rtl.heads[found].leader != rtl.heads[i].leader)
			return -1;
		found = i;
	}
	return found;
}

/* The head record loaded by a MEM in x (a SET_SRC), or -1. */
static int head_loaded(rtx_insn *insn, rtx x)
{
	subrtx_iterator::array_type array;
	int h;

	if (rtl.heads.is_empty())
		return -1;
	FOR_EACH_SUBRTX(iter, array, x, NONCONST) {
		if (!MEM_P(*iter))
			continue;
		h = head_in_mem(CONST_CAST_RTX(*iter));
		if (h < 0)
			h = consume_head_at(insn, CONST_CAST_RTX(*iter));
		if (h < 0)
			h = head_at_location(insn, CONST_CAST_RTX(*iter));
		if (h >= 0)
			return h;
	}
	return -1;
}

static bool rtx_ok(struct rtl_walk *w, bitmap state, rtx x);

/*
 * Whether x is an integer constant the source merged with dependent
 * values (a clamp, min(), "c ? i : N"): an arm, as the GIMPLE walk treats
 * it; where the code takes it, the source had no dependency either.
 */
static bool merged_constant_rtx(const_rtx x)
{
	return CONST_INT_P(x) && merged_constant(INTVAL(x));
}

/*
 * A conditional select passes on only what both of its choices hold: the
 * condition gives a pick dependency, which orders no later read.
 */
static bool select_ok(struct rtl_walk *w, bitmap state, rtx x)
{
	bool a = rtx_ok(w, state, XEXP(x, 1));
	bool b = rtx_ok(w, state, XEXP(x, 2));

	a |= merged_constant_rtx(XEXP(x, 1));
	b |= merged_constant_rtx(XEXP(x, 2));
	return a && b;
}

/*
 * Whether set makes a pointer register NULL or an error pointer: such an
 * arm merged with heads ("p = NULL; if (...) p = rcu_dereference(...)",
 * "return ERR_PTR(-EAGAIN)" beside a head in rhashtable_try_insert())
 * is never dereferenced on the paths where it holds that value (the last
 * page of the address space is never mapped), and nothing through it
 * needs ordering.
 */
static bool null_pointer_set(rtx set)
{
	rtx dest = SET_DEST(set), src = SET_SRC(set);

	return REG_P(dest) && REG_POINTER(dest) && CONST_INT_P(src) &&
	       (INTVAL(src) == 0 || error_pointer_value(INTVAL(src)));
}

/* Whether an asm's output is an arm, by its location and template. */
static bool arm_asm(const_rtx x)
{
	location_t loc = pure(ASM_OPERANDS_SOURCE_LOCATION(x));
	unsigned int i;

	for (i = 0; i < rtl.arm_asms.length(); i++) {
		if (pure(rtl.arm_asms[i].loc) == loc &&
		    !strcmp(rtl.arm_asms[i].templ, ASM_OPERANDS_TEMPLATE(x)))
			return true;
	}
	return false;
}

/*
 * The object at byte offset off from a section anchor: with
 * -fsection-anchors, "&tcp_reno" is ".LANCHOR1 + 64", and the anchor's
 * block lists the objects placed in it with their offsets.  The object
 * whose bytes hold the address, or NULL.
 */
static tree anchored_decl(const_rtx anchor, HOST_WIDE_INT off)
{
	struct object_block *block = SYMBOL_REF_BLOCK(anchor);
	HOST_WIDE_INT at = SYMBOL_REF_BLOCK_OFFSET(anchor) + off, start, size;
	unsigned int i;
	rtx sym;

	if (!block || SYMBOL_REF_BLOCK_OFFSET(anchor) < 0)
		return NULL_TREE;
	FOR_EACH_VEC_SAFE_ELT(block->objects, i, sym) {
		tree decl = SYMBOL_REF_DECL(sym);

		start = SYMBOL_REF_BLOCK_OFFSET(sym);
		if (!decl || !DECL_P(decl) || start < 0 || at < start)
			continue;
		size = int_size_in_bytes(TREE_TYPE(decl));
		if (at < start + MAX(size, 1))
			return decl;
	}
	return NULL_TREE;
}

/* Whether the constant x refers to a section anchor. */
static bool anchored(const_rtx x)
{
	subrtx_iterator::array_type array;

	FOR_EACH_SUBRTX(iter, array, x, ALL) {
		if (GET_CODE(*iter) == SYMBOL_REF && SYMBOL_REF_ANCHOR_P(*iter))
			return true;
	}
	return false;
}

/* Whether the address sym + off is in an arm's object. */
static bool arm_object(const_rtx sym, HOST_WIDE_INT off)
{
	if (SYMBOL_REF_ANCHOR_P(sym)) {
		tree decl = anchored_decl(sym, off);

		return decl && rtl.arm_decls->contains(decl);
	}
	return SYMBOL_REF_DECL(sym) && rtl.arm_decls->contains(SYMBOL_REF_DECL(sym));
}

/* Whether y, a symbol or symbol + offset, addresses an arm's object. */
static bool arm_address(const_rtx y)
{
	HOST_WIDE_INT off = 0;

	if (GET_CODE(y) == CONST)
		y = XEXP(y, 0);
	if (GET_CODE(y) == PLUS && CONST_INT_P(XEXP(y, 1))) {
		off = INTVAL(XEXP(y, 1));
		y = XEXP(y, 0);
	}
	return GET_CODE(y) == SYMBOL_REF && arm_object(y, off);
}

/*
 * Whether expr, a MEM's expression, is the word that holds the bit-field
 * ref: expansion loads a bit-field through the whole object it is in
 * ("*info", for info->band) or through the field's representative, and
 * extracts the bits from the register.
 */
static bool bitfield_word(const_tree expr, const_tree ref)
{
	tree object = TREE_OPERAND(ref, 0);
	tree repr = DECL_BIT_FIELD_REPRESENTATIVE(TREE_OPERAND(ref, 1));

	if (operand_equal_p(expr, object, 0))
		return true;
	return repr && TREE_CODE(expr) == COMPONENT_REF && TREE_OPERAND(expr, 1) == repr &&
	       operand_equal_p(TREE_OPERAND(expr, 0), object, 0);
}

/* Whether a MEM's expression is an arm load's. */
static bool arm_load_expr(tree expr)
{
	unsigned int i;
	tree ref;

	if (rtl.arm_loads->contains(expr))
		return true;
	FOR_EACH_VEC_ELT(rtl.arm_local_loads, i, ref) {
		if (same_slot_ref(expr, ref))
			return true;
	}
	FOR_EACH_VEC_ELT(rtl.arm_bitfield_loads, i, ref) {
		if (bitfield_word(expr, ref))
			return true;
	}
	return false;
}

/*
 * Whether x is an arm: a plain load the source merged with heads, or the
 * address of an object it merged with them (a list walk that starts at
 * &init_task), or an asm's output (while_each_thread from current).
 */
static bool arm_value(rtx x)
{
	subrtx_iterator::array_type array;

	FOR_EACH_SUBRTX(iter, array, x, ALL) {
		const_rtx y = *iter;

		if (MEM_P(y)) {
			if (MEM_EXPR(y) && arm_load_expr(MEM_EXPR(y)))
				return true;
			iter.skip_subrtxes();
		} else if (GET_CODE(y) == CONST || GET_CODE(y) == SYMBOL_REF) {
			if (arm_address(y))
				return true;
			/* An anchor's offset is the CONST's, not zero. */
			if (GET_CODE(y) == CONST && anchored(y))
				iter.skip_subrtxes();
		} else if (GET_CODE(y) == ASM_OPERANDS && arm_asm(y)) {
			return true;
		}
	}
	return false;
}

/*
 * Whether x computes a constant address, *c, from what this block set:
 * "adrp x1, .LANCHOR0; add x1, x1, :lo12:.LANCHOR0; add x1, x1, 24"
 * is the anchor plus 24, the address of the object placed there, with
 * no note to say so; "add x1, sp, 16" is a local object's address.
 * Only within a block: a base register set in
 * another block is not followed (the value then has no arm, which can
 * only give a warning, never hide a break).
 */
static bool const_address(struct rtl_walk *w, const_rtx x, struct sym_offset *c)
{
	struct sym_offset *known;

	switch (GET_CODE(x)) {
	case SYMBOL_REF:
		c->sym = CONST_CAST_RTX(x);
		c->off = 0;
		return true;
	case CONST:
		x = XEXP(x, 0);
		if (GET_CODE(x) != PLUS || !CONST_INT_P(XEXP(x, 1)) ||
		    GET_CODE(XEXP(x, 0)) != SYMBOL_REF)
			return false;
		c->sym = XEXP(x, 0);
		c->off = INTVAL(XEXP(x, 1));
		return true;
	case LO_SUM:
		return const_address(w, XEXP(x, 1), c);
	case PLUS:
		if (!CONST_INT_P(XEXP(x, 1)) || !REG_P(XEXP(x, 0)) ||
		    !const_address(w, XEXP(x, 0), c))
			return false;
		c->off += INTVAL(XEXP(x, 1));
		return true;
	case REG:
		if (frame_base(REGNO(x))) {
			c->sym = NULL_RTX;	/* the frame */
			c->off = 0;
			return true;
		}
		known = w->consts->get(REGNO(x));
		if (!known)
			return false;
		*c = *known;
		return true;
	default:
		return false;
	}
}

/*
 * Whether the constant set computes is an arm's address, by insn's note
 * or by what this block put in the registers it reads: an anchor's base
 * register plus the object's offset ("add x0, x0, 64" after ".LANCHOR1"
 * was loaded) is that object's address only so.  Asked only for a value
 * that no head reaches, so that it can never hide a register the code
 * takes from a head.
 */
static bool arm_constant(struct rtl_walk *w, rtx_insn *insn, rtx set)
{
	rtx note = find_reg_equal_equiv_note(insn);
	struct sym_offset c;

	if (note && CONSTANT_P(XEXP(note, 0)) && arm_address(XEXP(note, 0)))
		return true;
	if (!const_address(w, SET_SRC(set), &c))
		return false;
	return c.sym ? arm_object(c.sym, c.off) : rtl.arm_frame;
}

/* Record what a set of registers leaves in them for const_address(). */
static void track_constants(struct rtl_walk *w, rtx set)
{
	rtx dest = SET_DEST(set);
	struct sym_offset c;
	unsigned int r;

	if (!REG_P(dest)) {
		while (GET_CODE(dest) == SUBREG || GET_CODE(dest) == STRICT_LOW_PART ||
		       GET_CODE(dest) == ZERO_EXTRACT)
			dest = XEXP(dest, 0);
		if (REG_P(dest)) {
			for (r = REGNO(dest); r < END_REGNO(dest); r++)
				w->consts->remove(r);
		}
		return;
	}
	for (r = REGNO(dest); r < END_REGNO(dest); r++)
		w->consts->remove(r);
	if (GET_CODE(set) == SET && GET_MODE(dest) == address_mode() &&
	    const_address(w, SET_SRC(set), &c))
		w->consts->put(REGNO(dest), c);
}

/*
 * Whether some value x reads is ok: registers, stack slots, and through
 * the address of any other memory it loads (a chain of pointers).
 */
static bool rtx_ok(struct rtl_walk *w, bitmap state, rtx x)
{
	subrtx_iterator::array_type array;
	bool ok = false;

	FOR_EACH_SUBRTX(iter, array, x, NONCONST) {
		rtx y = CONST_CAST_RTX(*iter);
		int unit;

		if (REG_P(y)) {
			if (GET_MODE_CLASS(GET_MODE(y)) != MODE_CC)
				ok |= reg_ok(w, state, y);
		} else if (GET_CODE(y) == IF_THEN_ELSE) {
			w->mem_seen = true;
			ok |= select_ok(w, state, y);
			iter.skip_subrtxes();
		} else if (MEM_P(y)) {
			w->mem_seen = true;
			unit = slot_unit(w, y);
			if (unit >= 0) {
				ok |= bitmap_bit_p(state, unit);
				iter.skip_subrtxes();
			}
		}
	}
	return ok;
}

/* Forget the slots addressed from the stack pointer: it moved. */
static void forget_sp_slots(struct rtl_walk *w, bitmap state)
{
	unsigned int i;

	for (i = 0; i < w->sp_slots.length(); i++)
		bitmap_clear_bit(state, w->sp_slots[i]);
}

static void write_dest(struct rtl_walk *w, bitmap state, rtx dest, bool ok)
{
	bool partial = false;
	unsigned int r;
	int unit;

	while (GET_CODE(dest) == SUBREG || GET_CODE(dest) == STRICT_LOW_PART ||
	       GET_CODE(dest) == ZERO_EXTRACT) {
		partial = true;
		dest = XEXP(dest, 0);
	}
	if (REG_P(dest)) {
		if (REGNO(dest) == STACK_POINTER_REGNUM)
			forget_sp_slots(w, state);
		for (r = REGNO(dest); HARD_REGISTER_P(dest) && r < END_REGNO(dest); r++)
			set_unit(state, low_unit(w, r), ok, partial);
		if (narrow_part(dest))
			partial = true;
		for (r = REGNO(dest); r < END_REGNO(dest); r++)
			set_unit(state, r, ok, partial);
	} else if (MEM_P(dest)) {
		unit = slot_unit(w, dest);
		if (unit >= 0)
			set_unit(state, unit, ok, partial);
	}
}

/*
 * The tracked access a MEM of insn makes, or -1.  A tracked access whose
 * reference is an object itself ("v = a" where GIMPLE put a in place of
 * *p) shares its MEM_EXPR with every plain access of that object in the
 * function ("return v + a;"): such a MEM makes it only at its location
 * (or where the insn has none).
 */
static int access_in_mem(rtx_insn *insn, const_rtx mem)
{
	tree expr = MEM_EXPR(mem);
	int *a = expr ? rtl.access_by_ref->get(expr) : NULL;
	location_t loc;

	if (!a)
		return -1;
	if (!DECL_P(expr))
		return *a;
	loc = pure(INSN_LOCATION(insn));
	return loc == UNKNOWN_LOCATION || loc == rtl.accesses[*a].ploc ? *a : -1;
}

/* Whether mem is addressed from the stack or frame pointer by a constant. */
static bool frame_slot(const_rtx mem)
{
	const_rtx addr = XEXP(mem, 0);

	if (GET_CODE(addr) == PLUS && CONST_INT_P(XEXP(addr, 1)))
		addr = XEXP(addr, 0);
	return REG_P(addr) && frame_base(REGNO(addr));
}

/*
 * consume=dependency: whether two locations come from the same inlined
 * C++ consume load() (its inlined copies share one location in the
 * library's header), or from none.
 */
static bool same_consume_call(location_t a, location_t b)
{
	return !rcu_deref_options.consume_dependency ||
	       inlined_consume_head(LOCATION_BLOCK(a)) == inlined_consume_head(LOCATION_BLOCK(b));
}

/* The one tracked access of that direction made at insn's location, or -1. */
static int unique_access_at(rtx_insn *insn, bool store)
{
	location_t loc = pure(INSN_LOCATION(insn));
	int found = -1, *last, i;

	if (loc == UNKNOWN_LOCATION)
		return -1;
	last = rtl.last_access_at->get(loc);
	for (i = last ? *last : -1; i >= 0; i = rtl.accesses[i].next_at_loc) {
		rtl_counts.steps++;
		if (rtl.accesses[i].store != store ||
		    !same_consume_call(rtl.accesses[i].loc, INSN_LOCATION(insn)))
			continue;
		if (found >= 0)
			return -1;
		found = i;
	}
	return found;
}

/*
 * A MEM that lost its MEM_EXPR (if-conversion merges the loads of both
 * arms into one through a conditional address) stands for the tracked
 * access of the same direction made at the insn's location, if exactly
 * one is.  A register save or restore of the prologue or epilogue, which
 * takes the location of the statement beside it (ext4_get_group_info():
 * "ldr x21, [sp, 32]" at "return grp_info[indexh];"), and a spill slot
 * are no access through a pointer.
 */
static int access_at_location(rtx_insn *insn, const_rtx mem, bool store)
{
	/* A read-only MEM (a GOT load under -fPIC) is no merged access. */
	if (MEM_EXPR(mem) || MEM_READONLY_P(mem) || RTX_FRAME_RELATED_P(insn) ||
	    frame_slot(mem))
		return -1;
	return unique_access_at(insn, store);
}

/*
 * A MEM that kept the MEM_EXPR of tracked access other, in an insn at the
 * location of another tracked access of the same direction: the two were
 * merged into one insn (cse1 gives the load of "p == &x ? x : *p" the
 * register of p, cross-jumping keeps one of the two equal loads).  That
 * access, if it has no insn of its own, is made by this one.  The unique
 * such access, or -1.
 */
static int merged_at_location(rtx_insn *insn, bool store, int other)
{
	if (rtl.accesses[other].ploc == pure(INSN_LOCATION(insn)))
		return -1;
	return unique_access_at(insn, store);
}

/* The byte offset of a head's reference from its base pointer, or -1. */
static HOST_WIDE_INT head_ref_offset(tree ref)
{
	poly_int64 off;
	HOST_WIDE_INT bytes;
	tree base = get_addr_base_and_unit_offset(ref, &off);

	if (!base || TREE_CODE(base) != MEM_REF || !off.is_constant(&bytes) ||
	    !tree_fits_shwi_p(TREE_OPERAND(base, 1)))
		return -1;
	return bytes + tree_to_shwi(TREE_OPERAND(base, 1));
}

/*
 * Whether a dependent load is also a head load into which RTL merged
 * another head of its chain that has no insn left: a list walk "for (pos =
 * rcu_dereference(head->first); pos; pos = rcu_dereference(pos->next))"
 * whose first and next pointers both sit at offset 0 becomes one load
 * "ld 31,0(31)" at the loop's head (mm/mmu_notifier.c, hlist walk, -Os).
 * On the entry path that insn is the first head, whose address derives
 * from no head in the source either; on the loop's path it is the next
 * load through the node.  Taken as that head when the vanished head has
 * the same leader, size and offset from its base register.
 */
static bool merged_first_head(struct rtl_walk *w, rtx_insn *insn, const_rtx mem)
{
	rtx addr = XEXP(mem, 0);
	HOST_WIDE_INT disp = 0;
	unsigned int k;
	int h;

	h = head_loaded(insn, CONST_CAST_RTX(mem));
	if (h < 0)
		return false;
	if (GET_CODE(addr) == PLUS && CONST_INT_P(XEXP(addr, 1))) {
		disp = INTVAL(XEXP(addr, 1));
		addr = XEXP(addr, 0);
	}
	if (!REG_P(addr))
		return false;
	for (k = 0; k < rtl.heads.length(); k++) {
		tree ref = rtl.heads[k].ref;

		if ((int)k == h || !ref || bitmap_bit_p(w->heads_seen, k) ||
		    rtl.heads[k].leader != rtl.heads[h].leader ||
		    int_size_in_bytes(TREE_TYPE(ref)) !=
		    (HOST_WIDE_INT)GET_MODE_SIZE(GET_MODE(mem)).to_constant())
			continue;
		if (head_ref_offset(ref) == disp)
			return true;
	}
	return false;
}

/* Whether mem is written by insn (a store, or an asm's output), not read. */
static bool stored_mem(rtx_insn *insn, const_rtx mem)
{
	rtx pat = PATTERN(insn);
	int i;

	if (GET_CODE(pat) == SET)
		return SET_DEST(pat) == mem;
	if (GET_CODE(pat) != PARALLEL)
		return false;
	for (i = 0; i < XVECLEN(pat, 0); i++) {
		rtx x = XVECEXP(pat, 0, i);

		if (GET_CODE(x) == SET && SET_DEST(x) == mem)
			return true;
	}
	return false;
}

/*
 * Cross-jumping (jump2) keeps one of two equal insns that end two blocks,
 * and merge_memattrs() drops the MEM_EXPR their MEMs do not share: "p ==
 * &x ? *p : *p" on a structure, once cse1 gave both copies the head's
 * register back, is one copy at the else arm's location whose MEMs have
 * no MEM_EXPR.  Access i, found there by location, then stands for the
 * other arm's access too: the unique other tracked access of the same
 * direction, leader and size, at another location.  (Only an insn equal
 * to i's, the same address, could be cross-jumped with it; that access,
 * if some insn still makes it, keeps that insn's fate: settle_unseen().)
 */
static int crossjumped_access(bool store, int i)
{
	access_rec_rtl *a = &rtl.accesses[i];
	HOST_WIDE_INT size = int_size_in_bytes(TREE_TYPE(a->ref));
	unsigned int k;
	int found = -1;

	if (size <= 0)
		return -1;
	for (k = 0; k < rtl.accesses.length(); k++) {
		access_rec_rtl *b = &rtl.accesses[k];

		if ((int)k == i || b->store != store || b->leader != a->leader ||
		    b->ploc == a->ploc ||
		    int_size_in_bytes(TREE_TYPE(b->ref)) != size)
			continue;
		if (found >= 0)
			return -1;
		found = k;
	}
	return found;
}

/*
 * The tracked access that mem, in insn, makes, or -1; *merged: the access
 * merged into it, or -1.
 */
static int mem_access(rtx_insn *insn, const_rtx mem, int *merged)
{
	bool store = stored_mem(insn, mem);
	int i = access_in_mem(insn, mem);

	*merged = -1;
	if (i >= 0) {
		*merged = merged_at_location(insn, store, i);
	} else {
		i = access_at_location(insn, mem, store);
		if (i >= 0)
			*merged = crossjumped_access(store, i);
	}
	return i;
}

/*
 * Decide every tracked access insn makes, in the state before it: intact
 * when a register of its address holds a value derived from a head of
 * the function.  Any head will do: after "p == q", with q loaded by
 * rcu_dereference() too, the access through q is ordered after q's head
 * (the rule on comparisons with another rcu_dereference() pointer).
 */
static void check_insn(struct rtl_walk *w, rtx_insn *insn, bitmap state)
{
	subrtx_iterator::array_type array;

	FOR_EACH_SUBRTX(iter, array, PATTERN(insn), NONCONST) {
		const_rtx mem = *iter;
		access_rec_rtl *a;
		bool ok;
		int i, j;

		/* A clobbered memory (an asm's "memory") is no access. */
		if (GET_CODE(mem) == CLOBBER) {
			iter.skip_subrtxes();
			continue;
		}
		if (!MEM_P(mem) || GET_CODE(XEXP(mem, 0)) == SCRATCH)
			continue;
		i = mem_access(insn, mem, &j);
		if (i < 0)
			continue;
		a = &rtl.accesses[i];
		a->seen = true;
		/* Its head's load not found here: the GIMPLE verdict stands. */
		if (!bitmap_bit_p(w->leaders_seen, a->leader)) {
			a->fate = RTL_UNKNOWN;
			continue;
		}
		ok = rtx_ok(w, state, XEXP(mem, 0)) || merged_first_head(w, insn, mem);
		if (!ok)
			a->fate = RTL_BROKEN;
		else if (a->fate != RTL_BROKEN)
			a->fate = RTL_INTACT;
		if (j < 0 || !bitmap_bit_p(w->leaders_seen, rtl.accesses[j].leader))
			continue;
		a = &rtl.accesses[j];
		a->merged_with = i;
		if (!ok)
			a->merged = RTL_BROKEN;
		else if (a->merged != RTL_BROKEN)
			a->merged = RTL_INTACT;
	}
}

/*
 * Whether some insn of bb makes a tracked access (as check_insn() finds
 * them): the final walk, which decides them, needs only such blocks.
 */
static bool block_makes_access(basic_block bb)
{
	subrtx_iterator::array_type array;
	rtx_insn *insn;
	int merged;

	FOR_BB_INSNS(bb, insn) {
		if (!NONDEBUG_INSN_P(insn))
			continue;
		FOR_EACH_SUBRTX(iter, array, PATTERN(insn), NONCONST) {
			const_rtx mem = *iter;

			if (GET_CODE(mem) == CLOBBER) {
				iter.skip_subrtxes();
				continue;
			}
			if (MEM_P(mem) && GET_CODE(XEXP(mem, 0)) != SCRATCH &&
			    mem_access(insn, mem, &merged) >= 0)
				return true;
		}
	}
	return false;
}

/* The call of calls that insn is, by location and callee, or -1. */
static int call_in(const vec<call_rec> &calls, rtx_insn *insn)
{
	location_t loc = pure(INSN_LOCATION(insn));
	tree callee = NULL_TREE;
	rtx call = get_call_rtx_from(insn);
	unsigned int i;

	if (call && GET_CODE(XEXP(XEXP(call, 0), 0)) == SYMBOL_REF)
		callee = SYMBOL_REF_DECL(XEXP(XEXP(call, 0), 0));
	for (i = 0; i < calls.length(); i++) {
		if (calls[i].ploc == loc && calls[i].callee == callee)
			return i;
	}
	return -1;
}

/* The tracked call (returning a head) that insn is, or -1. */
static int tracked_call(rtx_insn *insn)
{
	return call_in(rtl.calls, insn);
}

/* The SET of a call's value, in a pattern that may hold other elements. */
static rtx call_value_set(rtx_insn *insn)
{
	rtx pat = PATTERN(insn);
	int i;

	if (GET_CODE(pat) == SET)
		return pat;
	if (GET_CODE(pat) != PARALLEL)
		return NULL_RTX;
	for (i = 0; i < XVECLEN(pat, 0); i++) {
		if (GET_CODE(XVECEXP(pat, 0, i)) == SET)
			return XVECEXP(pat, 0, i);
	}
	return NULL_RTX;
}

/*
 * Whether insn calls an allocator (the malloc attribute: the kernel's
 * __alloc_size() carries it, so kmalloc() and its kind do): the result is
 * a new object that no other pointer reaches, so nothing read through it
 * needs ordering after a head, even where its size came from one
 * (fs/aio.c, ioctx_add_table(): "kzalloc(... table->nr * 4 ...)").
 */
static bool fresh_object_call(rtx_insn *insn)
{
	rtx call = get_call_rtx_from(insn);
	rtx fn = call ? XEXP(XEXP(call, 0), 0) : NULL_RTX;

	return fn && GET_CODE(fn) == SYMBOL_REF && SYMBOL_REF_DECL(fn) &&
	       TREE_CODE(SYMBOL_REF_DECL(fn)) == FUNCTION_DECL &&
	       DECL_IS_MALLOC(SYMBOL_REF_DECL(fn));
}

/*
 * The units a call that clobbers the registers regs clears in a state:
 * made once per clobber set and walk, then cleared in one bitmap
 * operation instead of one per register.
 */
static bitmap clobbered_units(struct rtl_walk *w, const HARD_REG_SET *regs)
{
	struct clobber_units *c, made;
	unsigned int i, r;

	FOR_EACH_VEC_ELT(w->clobbers, i, c) {
		if (c->regs == *regs)
			return c->units;
	}
	made.regs = *regs;
	made.units = BITMAP_ALLOC(&w->ob);
	for (r = 0; r < FIRST_PSEUDO_REGISTER; r++) {
		if (!TEST_HARD_REG_BIT(*regs, r))
			continue;
		bitmap_set_bit(made.units, r);
		bitmap_set_bit(made.units, low_unit(w, r));
	}
	w->clobbers.safe_push(made);
	return made.units;
}

/*
 * The units the call insn clobbers.  With -fipa-ra, the clobbers of a call
 * to a known function are that function's (insn_callee_abi() asks
 * fndecl_abi()): found once per callee and function (they do not change
 * while it is compiled), and made units once per walk.
 */
static bitmap call_clobbers(struct rtl_walk *w, rtx_insn *insn)
{
	tree fndecl = flag_ipa_ra ? get_call_fndecl(insn) : NULL_TREE;
	bitmap *known = fndecl ? w->callee_clobbers->get(fndecl) : NULL;
	HARD_REG_SET regs, *kept;
	bitmap units;

	if (known)
		return *known;
	kept = fndecl ? rtl.callee_regs->get(fndecl) : NULL;
	if (kept) {
		regs = *kept;
	} else {
		regs = insn_callee_abi(insn).full_and_partial_reg_clobbers();
		if (fndecl)
			rtl.callee_regs->put(fndecl, regs);
	}
	units = clobbered_units(w, &regs);
	if (fndecl)
		w->callee_clobbers->put(fndecl, units);
	return units;
}

/*
 * The global register variables that are arms hold ok values: at the
 * entry, and after every call, which GCC lets change a global register
 * (regs_invalidated_by_call has them): what a callee leaves there is
 * still the variable's value, which never depended on a head (riscv64's
 * current in tp, read after a call: Linux 6.1's check_unsafe_exec()).
 */
static void seed_arm_hard_regs(struct rtl_walk *w, bitmap state)
{
	unsigned int i;

	for (i = 0; i < rtl.arm_hard_regs.length(); i++)
		write_dest(w, state, regno_reg_rtx[rtl.arm_hard_regs[i]], true);
}

static void transfer_call(struct rtl_walk *w, rtx_insn *insn, bitmap state)
{
	bool args = false;
	rtx link, set;
	int c;

	for (link = CALL_INSN_FUNCTION_USAGE(insn); link; link = XEXP(link, 1)) {
		rtx use = XEXP(link, 0);

		if (GET_CODE(use) == USE && REG_P(XEXP(use, 0)))
			args |= reg_ok(w, state, XEXP(use, 0));
	}
	c = tracked_call(insn);
	if (c >= 0) {
		args = true;
		bitmap_set_bit(w->leaders_seen, rtl.calls[c].leader);
	} else if (call_in(rtl.arm_calls, insn) >= 0 || fresh_object_call(insn)) {
		args = true;
	}
	bitmap_and_compl_into(state, call_clobbers(w, insn));
	seed_arm_hard_regs(w, state);
	set = call_value_set(insn);
	if (set)
		write_dest(w, state, SET_DEST(set), args);
}

/* The SETs and CLOBBERs of insn's pattern (at most 16), in sets; their number. */
static int insn_sets(rtx_insn *insn, rtx *sets)
{
	rtx pat = PATTERN(insn);
	int nsets = 0, i;

	if (GET_CODE(pat) == COND_EXEC)
		pat = COND_EXEC_CODE(pat);
	if (GET_CODE(pat) == SET || GET_CODE(pat) == CLOBBER) {
		sets[nsets++] = pat;
	} else if (GET_CODE(pat) == PARALLEL) {
		for (i = 0; i < XVECLEN(pat, 0) && nsets < 16; i++) {
			rtx x = XVECEXP(pat, 0, i);

			if (GET_CODE(x) == SET || GET_CODE(x) == CLOBBER)
				sets[nsets++] = x;
		}
	}
	return nsets;
}

/* A head record's load insn met by the walk. */
static void note_head_seen(struct rtl_walk *w, int h)
{
	bitmap_set_bit(w->leaders_seen, rtl.heads[h].leader);
	bitmap_set_bit(w->heads_seen, h);
}

/* The effect of one insn on state. */
static void transfer(struct rtl_walk *w, rtx_insn *insn, bitmap state)
{
	rtx sets[16];
	bool srcs[16];
	int nsets, i, h;
	rtx note;

	rtl_counts.steps++;
	if (w->check)
		check_insn(w, insn, state);
	if (CALL_P(insn)) {
		if (w->consts->elements())
			w->consts->empty();
		transfer_call(w, insn, state);
		return;
	}
	nsets = insn_sets(insn, sets);
	/* Read every source before any destination is written. */
	for (i = 0; i < nsets; i++) {
		srcs[i] = false;
		if (GET_CODE(sets[i]) != SET)
			continue;
		/* The address of a stored-to memory is not part of the value. */
		w->mem_seen = false;
		srcs[i] = rtx_ok(w, state, SET_SRC(sets[i]));
		if ((w->arm_values && arm_value(SET_SRC(sets[i]))) ||
		    null_pointer_set(sets[i]) || merged_constant_rtx(SET_SRC(sets[i])) ||
		    (!srcs[i] && w->arm_consts && arm_constant(w, insn, sets[i])))
			srcs[i] = true;
		/* No MEM met, none to load a head: the walk is not made again. */
		h = w->mem_seen ? head_loaded(insn, SET_SRC(sets[i])) : -1;
		if (h >= 0) {
			srcs[i] = true;
			note_head_seen(w, h);
		}
	}
	for (i = 0; i < nsets; i++) {
		rtx dest = XEXP(sets[i], 0);

		if (GET_CODE(dest) != PC)
			write_dest(w, state, dest, srcs[i]);
		if (w->arm_consts)
			track_constants(w, sets[i]);
	}
	/* An auto-modified stack pointer moves the slots addressed from it. */
	for (note = REG_NOTES(insn); note; note = XEXP(note, 1)) {
		if (REG_NOTE_KIND(note) == REG_INC && REG_P(XEXP(note, 0)) &&
		    REGNO(XEXP(note, 0)) == STACK_POINTER_REGNUM)
			forget_sp_slots(w, state);
	}
}

static void walk_block(struct rtl_walk *w, basic_block bb, bitmap state)
{
	rtx_insn *insn;

	if (w->consts->elements())
		w->consts->empty();
	FOR_BB_INSNS(bb, insn) {
		if (NONDEBUG_INSN_P(insn))
			transfer(w, insn, state);
	}
}

/*
 * The registers the arm parameters arrive in, and the global register
 * variables that are arms, hold ok values at the entry.
 */
static void seed_arm_params(struct rtl_walk *w, bitmap state)
{
	unsigned int i;

	for (i = 0; i < rtl.arm_params.length(); i++) {
		rtx in = DECL_INCOMING_RTL(rtl.arm_params[i]);

		if (in && REG_P(in))
			write_dest(w, state, in, true);
	}
	seed_arm_hard_regs(w, state);
}

/*
 * An access no insn makes by its MEM_EXPR any more.  Merged into another
 * access's insn, in this walk or in an earlier probe (combine then moved
 * the merged insn to another statement's location), it has that insn's
 * fate, or the fate of the access it went into; else it is gone.
 */
static void settle_unseen(access_rec_rtl *a)
{
	if (a->seen)
		return;
	if (a->merged != RTL_UNTRACKED) {
		a->fate = a->merged;
		a->merged_into = a->merged_with;
	} else if (a->merged_into >= 0 && rtl.accesses[a->merged_into].seen) {
		a->fate = rtl.accesses[a->merged_into].fate;
	} else {
		a->fate = RTL_VANISHED;
	}
}

/*
 * The blocks that make a tracked access (accessing), and the blocks from
 * which one of them can be reached (before): the states of the others
 * decide nothing.  A predecessor of a block of before is in before, so
 * the entry state of each of these blocks is the one the walk of the
 * whole function gives.
 */
static void blocks_before_accesses(sbitmap accessing, sbitmap before)
{
	auto_vec<basic_block, 64> work;
	basic_block bb;
	edge e;
	edge_iterator ei;

	bitmap_clear(accessing);
	bitmap_clear(before);
	FOR_EACH_BB_FN(bb, cfun) {
		if (!block_makes_access(bb))
			continue;
		bitmap_set_bit(accessing, bb->index);
		bitmap_set_bit(before, bb->index);
		work.safe_push(bb);
	}
	while (!work.is_empty()) {
		bb = work.pop();
		FOR_EACH_EDGE(e, ei, bb->preds) {
			if (e->src == ENTRY_BLOCK_PTR_FOR_FN(cfun) ||
			    bitmap_bit_p(before, e->src->index))
				continue;
			bitmap_set_bit(before, e->src->index);
			work.safe_push(e->src);
		}
	}
}

/*
 * The heads and tracked calls of a block the walk passes over (no tracked
 * access after it): an access of the same leader elsewhere is judged, not
 * left to the GIMPLE verdict, as when every block is walked.
 */
static void note_heads_of_block(struct rtl_walk *w, basic_block bb)
{
	rtx_insn *insn;
	rtx sets[16];
	int i, h, c, nsets;

	FOR_BB_INSNS(bb, insn) {
		if (!NONDEBUG_INSN_P(insn))
			continue;
		if (CALL_P(insn)) {
			c = tracked_call(insn);
			if (c >= 0)
				bitmap_set_bit(w->leaders_seen, rtl.calls[c].leader);
			continue;
		}
		nsets = insn_sets(insn, sets);
		for (i = 0; i < nsets; i++) {
			h = GET_CODE(sets[i]) == SET ? head_loaded(insn, SET_SRC(sets[i])) : -1;
			if (h >= 0)
				note_head_seen(w, h);
		}
	}
}

/*
 * The must-analysis: a worklist over basic blocks in reverse postorder;
 * a block's entry state is the intersection of what reaches it, and
 * states only shrink, so it ends.  Only the blocks from which a tracked
 * access can be reached are walked.  Then one more walk of the blocks
 * that make a tracked access decides them in the states of the fixpoint.
 */
static void analyse(void)
{
	struct rtl_walk w;
	int *rpo = XNEWVEC(int, n_basic_blocks_for_fn(cfun));
	int *order_of = XNEWVEC(int, last_basic_block_for_fn(cfun));
	int n = pre_and_rev_post_order_compute(NULL, rpo, false), i;
	sbitmap accessing = sbitmap_alloc(last_basic_block_for_fn(cfun));
	sbitmap before = sbitmap_alloc(last_basic_block_for_fn(cfun));
	auto_bitmap pending;
	basic_block bb;
	unsigned int k;

	memset(&w, 0, sizeof(w));
	w.slots = new hash_map<int_hash<HOST_WIDE_INT, -1, -2>, unsigned int>;
	w.consts = new const_map;
	w.callee_clobbers = new hash_map<tree, bitmap>;
	w.nregs = max_reg_num();
	/* Without arms of these kinds, their tests cannot hold: not made. */
	w.arm_values = rtl.arm_loads->elements() || rtl.arm_decls->elements() ||
		       rtl.arm_asms.length();
	w.arm_consts = rtl.arm_decls->elements() || rtl.arm_frame;
	bitmap_obstack_initialize(&w.ob);
	w.in = XCNEWVEC(bitmap, last_basic_block_for_fn(cfun));
	w.scratch = BITMAP_ALLOC(&w.ob);
	w.leaders_seen = BITMAP_ALLOC(&w.ob);
	w.heads_seen = BITMAP_ALLOC(&w.ob);
	for (i = 0; i < n; i++)
		order_of[rpo[i]] = i;
	for (k = 0; k < rtl.accesses.length(); k++) {
		rtl.accesses[k].seen = false;
		rtl.accesses[k].fate = RTL_VANISHED;
		rtl.accesses[k].merged = RTL_UNTRACKED;
		rtl.accesses[k].merged_with = -1;
	}

	blocks_before_accesses(accessing, before);
	for (i = 0; i < n; i++) {
		bb = BASIC_BLOCK_FOR_FN(cfun, rpo[i]);
		if (!bitmap_bit_p(before, bb->index))
			note_heads_of_block(&w, bb);
	}

	bb = single_succ(ENTRY_BLOCK_PTR_FOR_FN(cfun));
	w.in[bb->index] = BITMAP_ALLOC(&w.ob);
	seed_arm_params(&w, w.in[bb->index]);
	bitmap_set_bit(pending, order_of[bb->index]);
	while (!bitmap_empty_p(pending)) {
		int first = bitmap_first_set_bit(pending);
		edge e;
		edge_iterator ei;

		bitmap_clear_bit(pending, first);
		bb = BASIC_BLOCK_FOR_FN(cfun, rpo[first]);
		bitmap_copy(w.scratch, w.in[bb->index]);
		walk_block(&w, bb, w.scratch);
		FOR_EACH_EDGE(e, ei, bb->succs) {
			basic_block dest = e->dest;
			bool changed;

			if (dest == EXIT_BLOCK_PTR_FOR_FN(cfun) ||
			    !bitmap_bit_p(before, dest->index))
				continue;
			if (!w.in[dest->index]) {
				w.in[dest->index] = BITMAP_ALLOC(&w.ob);
				bitmap_copy(w.in[dest->index], w.scratch);
				changed = true;
			} else {
				changed = bitmap_and_into(w.in[dest->index], w.scratch);
			}
			if (changed)
				bitmap_set_bit(pending, order_of[dest->index]);
		}
	}

	w.check = true;
	for (i = 0; i < n; i++) {
		bb = BASIC_BLOCK_FOR_FN(cfun, rpo[i]);
		if (!w.in[bb->index] || !bitmap_bit_p(accessing, bb->index))
			continue;
		bitmap_copy(w.scratch, w.in[bb->index]);
		walk_block(&w, bb, w.scratch);
	}
	for (k = 0; k < rtl.accesses.length(); k++)
		settle_unseen(&rtl.accesses[k]);

	bitmap_obstack_release(&w.ob);
	sbitmap_free(accessing);
	sbitmap_free(before);
	free(w.in);
	free(rpo);
	free(order_of);
	w.sp_slots.release();
	w.clobbers.release();
	delete w.callee_clobbers;
	delete w.slots;
	delete w.consts;
}

/* ---------------------------------------------------------------------- */
/* Blame: probe the function between RTL passes                           */
/* ---------------------------------------------------------------------- */

static bool analysable(void)
{
	return cfun && (cfun->curr_properties & PROP_rtl) &&
	       (cfun->curr_properties & PROP_cfg) && cfun->cfg &&
	       n_basic_blocks_for_fn(cfun) > NUM_FIXED_BLOCKS;
}

/*
 * The RTL passes that can change which register an address is computed
 * from, or merge, move or duplicate loads: the function is checked right
 * after each of them (and after expansion), not after every pass.
 */
static const char * const checkpoints[] = {
	"expand", "cse1", "fwprop1", "cprop", "rtl pre", "hoist", "ce1",
	"loop2_invariant", "cse2", "fwprop2", "combine", "ce2", "ira", "reload",
	"ree", "peephole2", "ce3", "cprop_hardreg", "bbro",
};

static bool is_checkpoint(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(checkpoints); i++) {
		if (!strcmp(name, checkpoints[i]))
			return true;
	}
	return false;
}

/*
 * Before each RTL pass that follows a checkpoint, check a function whose
 * GIMPLE check left some tracked access intact (the others are blamed on
 * their GIMPLE pass), and blame each access newly seen broken on the
 * checkpoint pass that just ran.  No fingerprint tells an unchanged
 * function: made at every checkpoint, it cost more than the analyses it
 * spared (a fifth of them, on kernel objects).
 */
static void rtl_pass_execution(void *gcc_data, void *user_data)
{
	opt_pass *pass = (opt_pass *)gcc_data;
	unsigned int i;

	if (pass->type != RTL_PASS || !rtl_tracking() ||
	    rcu_deref_options.blame != BLAME_PROBES)
		return;
	if (rtl.last_pass && is_checkpoint(rtl.last_pass) && rtl.need_blame &&
	    analysable()) {
		analyse();
		for (i = 0; i < rtl.accesses.length(); i++) {
			access_rec_rtl *a = &rtl.accesses[i];

			if (a->fate == RTL_BROKEN && !a->probe_blame)
				a->probe_blame = rtl.last_pass;
			else if (a->fate == RTL_INTACT)
				a->probe_blame = NULL;
		}
	}
	rtl.last_pass = pass->name;
}

/* ---------------------------------------------------------------------- */
/* Fix-up in the final code                                               */
/* ---------------------------------------------------------------------- */

/* Whether insn, just emitted, is an insn the target accepts as it is. */
static bool valid_insn(rtx_insn *insn)
{
	if (asm_noperands(PATTERN(insn)) >= 0)
		return check_asm_operands(PATTERN(insn));
	if (recog_memoized(insn) < 0)
		return false;
	extract_insn(insn);
	return constrain_operands(1, get_enabled_alternatives(insn));
}

static void remove_insns(rtx_insn *first, rtx_insn *last)
{
	rtx_insn *next;

	for (; first; first = next) {
		next = first == last ? NULL : NEXT_INSN(first);
		delete_insn(first);
	}
}

#ifdef AARCH64_FL_RCPC
/* Whether the target has LDAPR (RCpc, mandatory from Armv8.3-A). */
static bool target_has_rcpc(void)
{
	return aarch64_isa_flags & (AARCH64_FL_RCPC | AARCH64_FL_V8_3);
}

/*
 * dest = LDAPR [base register]: a load-acquire that is only RCpc, as the
 * kernel's own, written as a volatile asm since GCC 12 has no pattern.  No
 * memory clobber is needed: no pass after this one moves memory accesses.
 */
static rtx ldapr_pattern(rtx dest, rtx mem, location_t loc)
{
	HOST_WIDE_INT size = GET_MODE_SIZE(GET_MODE(mem)).to_constant();
	const char *tmpl = size == 1 ? "ldaprb\t%w0, %1" : size == 2 ? "ldaprh\t%w0, %1" :
			   size == 4 ? "ldapr\t%w0, %1" : "ldapr\t%x0, %1";
	rtx constraint = gen_rtx_ASM_INPUT_loc(GET_MODE(mem), "Q", loc);
	rtx body = gen_rtx_ASM_OPERANDS(GET_MODE(dest), tmpl, "=r", 0, gen_rtvec(1, mem),
					gen_rtvec(1, constraint), rtvec_alloc(0), loc);

	MEM_VOLATILE_P(body) = 1;
	return gen_rtx_SET(dest, body);
}
#endif

/*
 * The target's "atomic_load<mode>" pattern when it is an insn, not an
 * expander (which could need new registers after register allocation).
 */
static enum insn_code atomic_load_insn(machine_mode mode)
{
	char name[64];
	const char *m = GET_MODE_NAME(mode);
	unsigned int i, n;

	n = snprintf(name, sizeof(name), "atomic_load");
	for (; *m && n + 1 < sizeof(name); m++)
		name[n++] = TOLOWER(*m);
	name[n] = '\0';
	for (i = 0; i < NUM_INSN_CODES; i++) {
		if (insn_data[i].name && !strcmp(insn_data[i].name, name))
			return insn_data[i].output_format == INSN_OUTPUT_FORMAT_NONE ?
			       CODE_FOR_nothing : (enum insn_code)i;
	}
	return CODE_FOR_nothing;
}

/*
 * Replace the load insn with a load-acquire of the same size and address
 * through the target's atomic_load pattern: an insn (not an expander, which
 * could need new registers), its address in a base register (the loaded
 * register itself holds the address first when there is an offset).
 * Returns the note's text, or NULL when the target cannot: then a fence
 * does it.
 */
static const char *make_acquire(rtx_insn *insn)
{
	rtx set = single_set(insn), dest, mem, addr, base, pat;
	enum insn_code icode;
	machine_mode mode, amode;
	rtx_insn *add = NULL, *load;

	if (!set || !REG_P(SET_DEST(set)) || !MEM_P(SET_SRC(set)) ||
	    !HARD_REGISTER_P(SET_DEST(set)))
		return NULL;
	dest = SET_DEST(set);
	mem = SET_SRC(set);
	mode = GET_MODE(mem);
	if (GET_MODE(dest) != mode || !SCALAR_INT_MODE_P(mode) ||
	    MEM_ALIGN(mem) < GET_MODE_BITSIZE(mode).to_constant())
		return NULL;
	icode = atomic_load_insn(mode);
	if (icode == CODE_FOR_nothing)
		return NULL;
	addr = XEXP(mem, 0);
	amode = get_address_mode(mem);
	if (!REG_P(addr)) {
		if (side_effects_p(addr) || GET_MODE(addr) != amode ||
		    !targetm.hard_regno_mode_ok(REGNO(dest), amode))
			return NULL;
		base = gen_rtx_REG(amode, REGNO(dest));
		add = emit_insn_before(gen_rtx_SET(base, copy_rtx(addr)), insn);
		if (!valid_insn(add)) {
			remove_insns(add, add);
			return NULL;
		}
		addr = base;
	}
	mem = replace_equiv_address_nv(mem, addr);
#ifdef AARCH64_FL_RCPC
	if (target_has_rcpc())
		pat = ldapr_pattern(dest, mem, INSN_LOCATION(insn));
	else
#endif
		pat = insn_data[icode].genfun(dest, mem, GEN_INT(MEMMODEL_ACQUIRE));
	if (!pat) {
		if (add)
			remove_insns(add, add);
		return NULL;
	}
	load = emit_insn_before(pat, insn);
	if (!valid_insn(load)) {
		remove_insns(add ? add : load, load);
		return NULL;
	}
	delete_insn(insn);
#ifdef AARCH64_FL_RCPC
	if (target_has_rcpc())
		return "an LDAPR (RCpc load-acquire) now performs the load of";
#endif
	return "a load-acquire now performs the load of";
}

/* An acquire fence after insn, through the target's own expansion. */
static void fence_after_insn(rtx_insn *insn)
{
	rtx_insn *seq;

	start_sequence();
	expand_mem_thread_fence(MEMMODEL_ACQUIRE);
	seq = get_insns();
	end_sequence();
	if (seq)
		emit_insn_after(seq, insn);
}

void rtl_fence_at_entry(void)
{
	basic_block bb = single_succ(ENTRY_BLOCK_PTR_FOR_FN(cfun));
	rtx_insn *insn = BB_HEAD(bb);

	while (insn != BB_END(bb) && !NONDEBUG_INSN_P(NEXT_INSN(insn)))
		insn = NEXT_INSN(insn);
	fence_after_insn(insn);
}

/* Whether the head insn is already an acquire (a consume load). */
static bool is_atomic_head(rtx_insn *insn)
{
	subrtx_iterator::array_type array;

	FOR_EACH_SUBRTX(iter, array, PATTERN(insn), NONCONST) {
		if (MEM_P(*iter) && MEM_ALIAS_SET(*iter) == ALIAS_SET_MEMORY_BARRIER)
			return true;
	}
	return false;
}

/*
 * The memory-order operand of a relaxed atomic load insn (a consume load
 * that consume=dependency demoted), or NULL.
 */
static rtx *relaxed_model(rtx_insn *insn)
{
	rtx set = single_set(insn), src;
	rtx *model = NULL;
	bool mem = false;
	int i;

	if (!set)
		return NULL;
	src = SET_SRC(set);
	if (GET_CODE(src) == ZERO_EXTEND || GET_CODE(src) == SIGN_EXTEND)
		src = XEXP(src, 0);
	if (GET_CODE(src) != UNSPEC_VOLATILE && GET_CODE(src) != UNSPEC)
		return NULL;
	for (i = 0; i < XVECLEN(src, 0); i++) {
		rtx *x = &XVECEXP(src, 0, i);

		if (MEM_P(*x) && MEM_ALIAS_SET(*x) == ALIAS_SET_MEMORY_BARRIER)
			mem = true;
		else if (CONST_INT_P(*x))
			model = x;
	}
	if (!mem || !model || memmodel_base(INTVAL(*model)) != MEMMODEL_RELAXED)
		return NULL;
	return model;
}

/*
 * Make a relaxed atomic load insn an acquire again, in place: the target's
 * own atomic_load insn with the acquire memory order.  Returns the note's
 * text, or NULL when the target does not accept it (then a fence does it).
 */
static const char *restore_acquire(rtx_insn *insn)
{
	rtx *model = relaxed_model(insn);
	rtx old;

	if (!model)
		return NULL;
	old = *model;
	*model = GEN_INT(MEMMODEL_ACQUIRE);
	INSN_CODE(insn) = -1;
	if (valid_insn(insn))
		return "a load-acquire again performs the load of";
	*model = old;
	INSN_CODE(insn) = -1;
	recog_memoized(insn);
	return NULL;
}

bool rtl_can_restore_acquire(machine_mode mode)
{
	return SCALAR_INT_MODE_P(mode) && atomic_load_insn(mode) != CODE_FOR_nothing;
}

unsigned int rtl_consume_loads(int head, bool restore, rtl_site_fn site)
{
	unsigned int i, n = 0;

	for (i = 0; i < rtl.head_insns.length(); i++) {
		head_rec *h = &rtl.heads[rtl.head_insn_rec[i]];
		rtx_insn *insn = rtl.head_insns[i];
		const char *how;

		if (h->head != head || h->ref || !relaxed_model(insn))
			continue;
		n++;
		if (!restore) {
			site(h->loc, h->head, "demoted", NULL);
			continue;
		}
		how = restore_acquire(insn);
		if (how) {
			site(h->loc, h->head, "acquire", how);
		} else {
			fence_after_insn(insn);
			site(h->loc, h->head, "fence", "an acquire fence now follows");
		}
	}
	return n;
}

unsigned int rtl_fix_head(int leader, rtl_site_fn site)
{
	const char *how;
	unsigned int i, n = 0;
	rtx_insn *insn;
	basic_block bb;

	for (i = 0; i < rtl.head_insns.length(); i++) {
		head_rec *h = &rtl.heads[rtl.head_insn_rec[i]];
		bool relaxed, atomic;

		if (h->leader != leader)
			continue;
		insn = rtl.head_insns[i];
		/* A demoted consume load is made an acquire again. */
		relaxed = relaxed_model(insn);
		atomic = is_atomic_head(insn) && !relaxed;
		how = atomic ? NULL : relaxed ? restore_acquire(insn) : make_acquire(insn);
		if (atomic) {
			site(h->loc, h->head, "acquire",
			     "this load-acquire now performs the load of");
		} else if (how) {
			site(h->loc, h->head, "acquire", how);
		} else {
			fence_after_insn(insn);
			site(h->loc, h->head, "fence", "an acquire fence now follows the load of");
		}
		n++;
	}
	FOR_EACH_BB_FN(bb, cfun) {
		FOR_BB_INSNS(bb, insn) {
			int c;

			if (!CALL_P(insn))
				continue;
			c = tracked_call(insn);
			if (c < 0 || rtl.calls[c].leader != leader)
				continue;
			fence_after_insn(insn);
			site(rtl.calls[c].loc, rtl.calls[c].head, "fence",
			     "an acquire fence after this call orders the accesses through the value of");
			n++;
		}
	}
	return n;
}

/* The head loads of the final code, for fix-up. */
static void find_head_insns(void)
{
	basic_block bb;
	rtx_insn *insn;

	rtl.head_insns.truncate(0);
	rtl.head_insn_rec.truncate(0);
	FOR_EACH_BB_FN(bb, cfun) {
		FOR_BB_INSNS(bb, insn) {
			rtx set;
			int h;

			if (!NONDEBUG_INSN_P(insn) || CALL_P(insn))
				continue;
			set = single_set(insn);
			h = set ? head_loaded(insn, SET_SRC(set)) : -1;
			if (h < 0)
				continue;
			rtl.head_insns.safe_push(insn);
			rtl.head_insn_rec.safe_push(h);
		}
	}
}

/* ---------------------------------------------------------------------- */
/* The late pass                                                          */
/* ---------------------------------------------------------------------- */

/* Whether an access is judged by the insn of another it was merged into. */
static bool merged_access(const access_rec_rtl *a)
{
	return !a->seen && (a->fate == RTL_INTACT || a->fate == RTL_BROKEN);
}

/* The fates of the function's accesses, for the dump file. */
static void dump_fates(FILE *f)
{
	unsigned int i;

	if (!f)
		return;
	for (i = 0; i < rtl.heads.length(); i++) {
		expanded_location xl = expand_location(rtl.heads[i].loc);
		unsigned int k, n = 0;

		for (k = 0; k < rtl.head_insn_rec.length(); k++)
			n += rtl.head_insn_rec[k] == (int)i;
		fprintf(f, "rcu_deref_rtl: head %d (leader %d) at %s:%d: %u insn(s)\n",
			rtl.heads[i].head, rtl.heads[i].leader, xl.file, xl.line, n);
	}
	for (i = 0; i < rtl.calls.length(); i++) {
		expanded_location xl = expand_location(rtl.calls[i].loc);

		fprintf(f, "rcu_deref_rtl: call returning head %d (leader %d) at %s:%d\n",
			rtl.calls[i].head, rtl.calls[i].leader, xl.file, xl.line);
	}
	for (i = 0; i < rtl.accesses.length(); i++) {
		access_rec_rtl *a = &rtl.accesses[i];
		expanded_location xl = expand_location(a->loc);

		fprintf(f, "rcu_deref_rtl: %s at %s:%d:%d of head %d: %s%s%s%s\n",
			a->store ? "store" : "load", xl.file, xl.line, xl.column, a->head,
			rtl_fate_name(a->fate),
			merged_access(a) ? " (merged into another access's insn)" : "",
			a->blame ? ", broken by " : "", a->blame ? a->blame : "");
	}
}

static bool rcu_deref_rtl_gate(void)
{
	return rtl.fndecl && rtl.fndecl == current_function_decl && !rtl.decided;
}

static unsigned int rcu_deref_rtl_execute(void)
{
	unsigned int i;

	rtl_counts.functions++;
	if (analysable()) {
		/* Without a tracked access, there is nothing to decide. */
		if (rtl.accesses.length())
			analyse();
	} else {
		rtl_counts.fallback_functions++;
		for (i = 0; i < rtl.accesses.length(); i++)
			rtl.accesses[i].fate = RTL_UNKNOWN;
	}
	for (i = 0; i < rtl.accesses.length(); i++) {
		access_rec_rtl *a = &rtl.accesses[i];

		a->blame = a->fate != RTL_BROKEN || rcu_deref_options.blame != BLAME_PROBES ?
			   NULL : a->probe_blame ? a->probe_blame : rtl.last_pass;
		rtl_counts.accesses++;
		rtl_counts.intact += a->fate == RTL_INTACT;
		rtl_counts.broken += a->fate == RTL_BROKEN;
		rtl_counts.vanished += a->fate == RTL_VANISHED;
		rtl_counts.unknown += a->fate == RTL_UNKNOWN;
		rtl_counts.merged += merged_access(a);
	}
	find_head_insns();
	dump_fates(dump_file);
	if (rcu_deref_options.verbose)
		dump_fates(stderr);
	rtl_final_verdict();
	rtl.decided = true;
	vec_safe_truncate(rtl_keep, 0);
	return 0;
}

#define PASS_NAME rcu_deref_rtl
#include "gcc-generate-rtl-pass.h"

void rtl_register(const char *plugin_name)
{
	PASS_INFO(rcu_deref_rtl, "vartrack", 1, PASS_POS_INSERT_BEFORE);

	register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL, (void *)rtl_roots);
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &rcu_deref_rtl_pass_info);
	register_callback(plugin_name, PLUGIN_PASS_EXECUTION, rtl_pass_execution, NULL);
}
