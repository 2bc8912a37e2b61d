// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: the verdict is the final code.  The GIMPLE check pass hands
 * every access that still depends on its head, or that GIMPLE broke, to
 * the late RTL pass (rcu_deref_rtl.c), and defers each break it found.
 * Once the RTL pass knows what the final code did with each access,
 * rtl_final_verdict() reports a break, and in fix-up mode protects its
 * head, exactly when the final code has it:
 *
 *  - a GIMPLE break the final code does not have (RTL gave the dependency
 *    back) is traced (dump file, verbose), not warned, and not fixed;
 *  - a break only RTL made is warned with the RTL pass that made it;
 *  - an address derived only through a comparison or boolean result is a
 *    rule warning, counted apart, when the final code still carries it;
 *  - an access the final code no longer has, or whose head the RTL check
 *    cannot follow, keeps the GIMPLE verdict.
 */

#include "rcu_deref_internal.h"
#include "rcu_deref_rtl.h"

/* A break the GIMPLE check found, waiting for the final code. */
struct pending_break {
	location_t loc;
	int head;
	const struct access_rec *rec;
	enum break_kind kind;
	tree base;		/* a declared object, which outlives the function */
	location_t early;	/* merged: the load its value now comes from */
	int rtl;		/* the access as tracked in RTL, or -1 */
};

/* The current function's breaks, heads to fix, and tracked accesses. */
static struct {
	vec<pending_break> breaks;
	vec<int> unused_heads;	/* heads nothing uses: fixed whatever RTL does */
	vec<const struct access_rec *> rec_of_rtl;	/* by RTL access */
	hash_set<key_hash> *twin_keys;	/* a tracked access's line and field */
	hash_set<gimple> *tracked;	/* the statements of tracked accesses */
	vec<gimple> untracked;	/* loads of a field that depend on no head */
	tree fndecl;
} verdict;

void verdict_begin(void)
{
	verdict.fndecl = current_function_decl;
	verdict.breaks.truncate(0);
	verdict.unused_heads.truncate(0);
	verdict.rec_of_rtl.truncate(0);
	if (!verdict.twin_keys)
		verdict.twin_keys = new hash_set<key_hash>;
	verdict.twin_keys->empty();
	if (!verdict.tracked)
		verdict.tracked = new hash_set<gimple>;
	verdict.tracked->empty();
	verdict.untracked.truncate(0);
	rtl_track_begin();
}

/*
 * Push the operands an assignment's value can take an arm from: every
 * operand of a value no head reaches (pfn_to_page(): the constant vmemmap
 * plus an offset from a parameter), but of a value a head reaches only the
 * operands a head reaches too (a ring walk advanced by each head's value:
 * the loop's PHI, not the ring's base or its mask).  A minimum or maximum
 * chooses one of its operands, as a PHI does: one no head reaches is an
 * arm (net/packet/af_packet.c: min_t(int, po->rollover->sock, num - 1)).
 * The base of an address stands for the address.
 */
static void push_arm_operands(struct chain_walk *w, gimple def, bool arm,
			      vec<std::pair<tree, bool> > *todo)
{
	int src;
	bool dependent = strength_of(w, gimple_assign_lhs(def), &src) != DEP_NONE;
	enum tree_code code = gimple_assign_rhs_code(def);
	bool choice = code == MIN_EXPR || code == MAX_EXPR;
	unsigned int i;

	for (i = 1; i < gimple_num_ops(def); i++) {
		tree op = gimple_op(def, i);

		if (!op)
			continue;
		if (TREE_CODE(op) == ADDR_EXPR && base_pointer(op))
			op = base_pointer(op);
		if (dependent && strength_of(w, op, &src) == DEP_NONE) {
			if (choice)
				todo->safe_push(std::make_pair(op, true));
			continue;
		}
		todo->safe_push(std::make_pair(op, arm));
	}
}

/*
 * The store that last wrote the local object obj before stmt, or NULL:
 * the walk up the virtual definitions stops at a join or at a store to
 * obj that may write something else than ref.
 */
static gimple last_store_to(tree obj, tree ref, gimple stmt)
{
	tree vuse = gimple_vuse(stmt);
	unsigned int steps;

	for (steps = 0; vuse && steps < 16; steps++) {
		gimple st = SSA_NAME_DEF_STMT(vuse);
		tree lhs;

		if (gimple_nop_p(st) || gimple_code(st) == GIMPLE_PHI)
			return NULL;
		lhs = gimple_get_lhs(st);
		if (lhs && get_base_address(lhs) == obj)
			return lhs == obj || operand_equal_p(lhs, ref, 0) ? st : NULL;
		vuse = gimple_vuse(st);
	}
	return NULL;
}

/*
 * A load from a structure no pointer reaches (a parameter passed by value,
 * a local whose address is never taken): in the final code such a
 * structure lives in registers, with no load to take for an arm.  Its
 * value is the parameter's incoming registers (a pmd_t), or what the last
 * store to the local wrote: a call's result (pte = huge_ptep_get(...)),
 * a value, or a load.
 */
static void track_register_aggregate(gimple load,
				     vec<std::pair<tree, bool> > *todo)
{
	tree ref = gimple_assign_rhs1(load);
	tree obj = get_base_address(ref);
	gimple st;

	if (!obj || !DECL_P(obj) || TREE_ADDRESSABLE(obj) || ref == obj)
		return;
	if (TREE_CODE(obj) == PARM_DECL) {
		rtl_track_arm_param(obj);
		return;
	}
	if (!VAR_P(obj) || is_global_var(obj))
		return;
	st = last_store_to(obj, ref, load);
	if (!st)
		return;
	if (is_gimple_call(st))
		rtl_track_arm_call(st);
	else if (gimple_assign_load_p(st))
		rtl_track_arm_load(gimple_assign_rhs1(st));
	else if (gimple_assign_single_p(st))
		todo->safe_push(std::make_pair(gimple_assign_rhs1(st), true));
}

/*
 * A builtin or internal function that expands inline (ffz() is
 * __builtin_ctzl(~word): "rbit; clz" on arm64) leaves no call insn for
 * RTL to find as an arm: its arguments are the arm's values then, and
 * the arithmetic that RTL makes of them keeps them arms.  They go through
 * the walk's checks (a load that depended on a head is no arm).
 */
static void push_inline_call_args(gimple call,
				  vec<std::pair<tree, bool> > *todo)
{
	unsigned int i;

	if (!gimple_call_builtin_p(call, BUILT_IN_NORMAL) && !gimple_call_internal_p(call))
		return;
	for (i = 0; i < gimple_call_num_args(call); i++)
		todo->safe_push(std::make_pair(gimple_call_arg(call, i), true));
}

/*
 * A call's result that a head reaches takes it from its arguments (RTL
 * assumes so, as GIMPLE does): the arms of those arguments are the
 * result's (net/ipv6/tcp_ipv6.c: ipv6_dup_options(newsk, opt), opt
 * ireq->ipv6_opt or the head).
 */
static void push_dependent_call_args(struct chain_walk *w, gimple call,
				     vec<std::pair<tree, bool> > *todo)
{
	unsigned int i;
	int src;

	for (i = 0; i < gimple_call_num_args(call); i++) {
		tree arg = gimple_call_arg(call, i);

		if (strength_of(w, arg, &src) != DEP_NONE)
			todo->safe_push(std::make_pair(arg, false));
	}
}

/*
 * The values that a PHI merges with head values into the base pointer of
 * an access, and that never depended on a head (a parameter, a plain
 * load, a call's result, an asm's output, a declared object's address,
 * static or on the stack):
 * on their paths the source had no dependency to keep, so the final code
 * needs none there either (kernel/cgroup/cgroup.c: a cgroup pointer that
 * is &root->cgrp, another cgroup, or NULL).  A short walk up the
 * definitions, through copies, casts, pointer arithmetic and PHIs.
 */
static void track_arms(struct chain_walk *w, tree base, bool arm_base)
{
	auto_vec<std::pair<tree, bool>, 16> todo;
	hash_set<tree> seen;
	unsigned int steps = 0;

	if (!base || TREE_CODE(base) != SSA_NAME)
		return;
	todo.safe_push(std::make_pair(base, arm_base));
	while (!todo.is_empty() && ++steps <= 64) {
		tree v = todo.last().first;
		bool arm = todo.pop().second;	/* reached through a PHI */
		struct access_rec *rec;
		gimple def;
		unsigned int i;

		if (arm && TREE_CODE(v) == ADDR_EXPR) {
			tree obj = get_base_address(TREE_OPERAND(v, 0));

			if (obj && (VAR_P(obj) || TREE_CODE(obj) == FUNCTION_DECL))
				rtl_track_arm_decl(obj);
			continue;
		}
		if (TREE_CODE(v) != SSA_NAME || seen.add(v))
			continue;
		def = SSA_NAME_DEF_STMT(v);
		if (SSA_NAME_IS_DEFAULT_DEF(v)) {
			if (arm && SSA_NAME_VAR(v) && TREE_CODE(SSA_NAME_VAR(v)) == PARM_DECL)
				rtl_track_arm_param(SSA_NAME_VAR(v));
		} else if (gimple_code(def) == GIMPLE_PHI) {
			for (i = 0; i < gimple_phi_num_args(def); i++)
				todo.safe_push(std::make_pair(gimple_phi_arg_def(def, i), true));
		} else if (stmt_head(def) >= 0) {
			continue;
		} else if (is_gimple_call(def) || gimple_code(def) == GIMPLE_ASM) {
			/* A call's result, an asm's output (current): no head here. */
			int src = -1;

			if (!arm && is_gimple_call(def))
				push_dependent_call_args(w, def, &todo);
			if (!arm || (strength_of(w, v, &src) != DEP_NONE &&
				     resolve_source(src, gimple_block(def), 0) >= 0))
				continue;
			if (is_gimple_call(def)) {
				rtl_track_arm_call(def);
				push_inline_call_args(def, &todo);
			} else {
				rtl_track_arm_asm(def);
			}
		} else if (gimple_assign_load_p(def)) {
			/*
			 * A load that depended on a head in the source is no
			 * arm; one through a parameter or a call's result is,
			 * unless that stands for a head here.
			 */
			rec = find_record(access_key(def, gimple_assign_rhs1(def), false));
			if (!arm || (rec && resolve_source(rec->source, gimple_block(def), 0) >= 0))
				continue;
			rtl_track_arm_load(gimple_assign_rhs1(def));
			track_register_aggregate(def, &todo);
		} else if (is_gimple_assign(def)) {
			push_arm_operands(w, def, arm, &todo);
		}
	}
}

/*
 * The arms of the operands of ref's address: its base pointer, and the
 * array indices that carry a head's value (panthor_vm_active(): "slots[as]",
 * with as a head's field, ffz() of a mask, or 0), or a value GIMPLE found
 * broken (broken, the walk from those): RTL may restore it, and then its
 * other arms are what the source merged with it (an index that is a
 * bit-field, or a field loaded through the head after a comparison that
 * GIMPLE substituted, survey/repro/arm_bitfield_merge.c).  An index that depended
 * on a head only through a comparison or boolean result in the source
 * (flags_only: "a[r1 && f]") has no arms, even where GCC made it a PHI of
 * the head and "f != 0": on every path the source's index is what the
 * head's test chose, which the rule says the final code does not order.
 */
static void track_address_arms(struct chain_walk *w, struct chain_walk *broken, tree ref,
			       bool flags_only)
{
	auto_vec<tree, 8> ops;
	tree base = base_pointer(ref);
	unsigned int i;
	int src;

	track_arms(w, base, false);
	if (flags_only)
		return;
	address_operands(ref, &ops);
	for (i = 0; i < ops.length(); i++) {
		if (ops[i] != base && (strength_of(w, ops[i], &src) == DEP_ADDR ||
				       (broken && strength_of(broken, ops[i], &src) == DEP_ADDR)))
			track_arms(w, ops[i], false);
	}
}

/*
 * The key of a load of a field at loc: the source line and the field.  0
 * for an access that is not a field's.
 */
static unsigned HOST_WIDE_INT twin_key(location_t loc, tree ref)
{
	expanded_location xl = expand_location(loc);

	if (TREE_CODE(ref) != COMPONENT_REF || !xl.file)
		return 0;
	return pair_key(xl.line, DECL_UID(TREE_OPERAND(ref, 1))) ^ htab_hash_string(xl.file);
}

/*
 * A load that depends on no head, for verdict_twins(): a load of the same
 * field on the same line as a tracked access may be merged with it.
 */
void verdict_untracked(gimple stmt, tree ref)
{
	if (TREE_CODE(ref) == COMPONENT_REF && gimple_assign_single_p(stmt) &&
	    gimple_assign_rhs1(stmt) == ref)
		verdict.untracked.safe_push(stmt);
}

/*
 * The twins of the tracked accesses: "dst ? dst->dev->ifindex :
 * br->dev->ifindex" (net/bridge/br_fdb.c) loads ifindex on both arms, and
 * RTL may make the two loads one insn (cross-jumping), which keeps the
 * tracked access's MEM_EXPR: on the other arm's path its address is
 * br->dev, which the source never derived from a head.  The base pointer
 * of a load of the same field on the same line that depends on no head is
 * an arm of the tracked access (survey/repro/twin_field_merge.c).
 */
void verdict_twins(struct chain_walk *w)
{
	unsigned HOST_WIDE_INT key;
	unsigned int i;

	if (verdict.twin_keys->is_empty())
		return;
	for (i = 0; i < verdict.untracked.length(); i++) {
		gimple stmt = verdict.untracked[i];
		tree ref = gimple_assign_rhs1(stmt);

		/* The second round visits a tracked access again. */
		if (verdict.tracked->contains(stmt))
			continue;
		key = twin_key(gimple_location(stmt), ref);
		if (key && verdict.twin_keys->contains(key))
			track_arms(w, base_pointer(ref), true);
	}
}

/*
 * Hand an access to the final-code check: one that still depends on its
 * head here (RTL may break it) or that GIMPLE broke (RTL may restore it).
 * Accesses that share their record with independent ones are not judged
 * by GIMPLE and not handed over either.  The RTL access, or -1.
 */
int verdict_track(struct chain_walk *w, struct chain_walk *broken, gimple stmt, tree ref,
		  bool store, const struct access_rec *rec, enum break_kind kind)
{
	unsigned HOST_WIDE_INT key;
	int head, src, access;

	if (rec->source < 0 ||
	    (kind == BREAK_NONE && address_dep(w, ref, &src) < DEP_FLAGS)) {
		/* Its record's location may be a tracked access's. */
		if (!store)
			verdict_untracked(stmt, ref);
		return -1;
	}
	head = resolve_source(kind == BREAK_BASE ? rec->base_source : rec->source,
			      gimple_block(stmt), 0);
	if (head < 0)
		return -1;
	access = rtl_track_access(stmt, ref, store, head, head_leader(head),
				  kind != BREAK_NONE);
	verdict.tracked->add(stmt);
	key = store ? 0 : twin_key(gimple_location(stmt), ref);
	if (key)
		verdict.twin_keys->add(key);
	/*
	 * A loop's loss has arms too, its values from before the loop; but
	 * the loop advances them by what took the head's place, and in RTL
	 * an arm's value stays one through that arithmetic: the arms would
	 * hide the break on the back edge.  Without them, the final code
	 * keeps the dependency only where a head reaches the address on
	 * every path.
	 */
	if (kind != BREAK_LOOP)
		track_address_arms(w, broken, ref, rec->flags_only);
	if (verdict.rec_of_rtl.length() <= (unsigned int)access)
		verdict.rec_of_rtl.safe_grow_cleared(access + 1);
	verdict.rec_of_rtl[access] = rec;
	return access;
}

void verdict_defer(location_t loc, int head, const struct access_rec *rec,
		   enum break_kind kind, tree base, location_t early, int rtl)
{
	struct pending_break p = {
		.loc = loc, .head = head, .rec = rec, .kind = kind, .base = base,
		.early = early, .rtl = rtl,
	};

	if (kind == BREAK_UNUSED)
		verdict.unused_heads.safe_push(head);
	else
		verdict.breaks.safe_push(p);
}

/* Tell that a GIMPLE break is gone from the final code. */
static void trace_restored(const struct pending_break *p)
{
	expanded_location xl = expand_location(p->loc);
	const char *pass = blamed_pass(pair_key(pure_loc(p->loc), source_at(p->head)->loc));

	count_one(COUNT_RTL_RESTORED);
	if (dump_file)
		fprintf(dump_file,
			"rcu_deref: %s:%d:%d: broken in GIMPLE (by %s), intact in the final code\n",
			xl.file, xl.line, xl.column, pass ? pass : "?");
	if (rcu_deref_options.verbose)
		fprintf(stderr,
			"rcu_deref: %s:%d:%d: in %s, the break GIMPLE made (by %s) is gone from the final code\n",
			xl.file, xl.line, xl.column, function_name(cfun), pass ? pass : "?");
}

/*
 * Whether, with lazy blame, the final code alone cannot settle the fate of
 * the access tracked in RTL: no insn makes it any more, and only a probe
 * could have seen which access's insn it was merged into (combine moved
 * that insn to another statement's location).  The second compile, which
 * probes, settles it (rcu_deref_lazy.c).
 */
static bool unsettled(int rtl)
{
	return lazy_defers() && rtl_fate_of(rtl) == RTL_VANISHED;
}

/*
 * Whether the current function has a break in the final code, or one
 * whose fate is unsettled: then an access merged into another's insn may
 * be broken too.
 */
static bool function_breaks(void)
{
	unsigned int i;

	for (i = 0; i < verdict.breaks.length(); i++) {
		if (rtl_fate_of(verdict.breaks[i].rtl) != RTL_INTACT)
			return true;
	}
	for (i = 0; i < verdict.rec_of_rtl.length(); i++) {
		if (rtl_fate_of(i) == RTL_BROKEN)
			return true;
	}
	return false;
}

void rtl_final_verdict(void)
{
	auto_vec<int> fix;
	auto_bitmap judged;
	unsigned int i;
	bool breaks;

	if (verdict.fndecl != current_function_decl)
		return;
	breaks = lazy_defers() && function_breaks();
	for (i = 0; i < verdict.breaks.length(); i++) {
		const struct pending_break *p = &verdict.breaks[i];
		bool broken = rtl_fate_of(p->rtl) != RTL_INTACT;

		if (p->rtl >= 0)
			bitmap_set_bit(judged, p->rtl);
		if (!broken && p->kind != BREAK_FLAGS) {
			trace_restored(p);
			continue;
		}
		report_break(p->loc, p->head, p->rec, p->kind, p->base, p->early, NULL, broken,
			     unsettled(p->rtl));
		if (broken)
			fix.safe_push(p->head);
	}
	for (i = 0; i < verdict.rec_of_rtl.length(); i++) {
		bool unsure = breaks && unsettled(i);

		if ((rtl_fate_of(i) != RTL_BROKEN && !unsure) || bitmap_bit_p(judged, i))
			continue;
		report_break(rtl_location_of(i), rtl_head_of(i), verdict.rec_of_rtl[i],
			     BREAK_FINAL, NULL_TREE, UNKNOWN_LOCATION, rtl_blamed_pass(i), true,
			     unsure);
		if (!unsure)
			fix.safe_push(rtl_head_of(i));
	}
	for (i = 0; i < verdict.unused_heads.length(); i++)
		fix.safe_push(verdict.unused_heads[i]);
	if (rcu_deref_options.mode == RCU_DEREF_FIXUP)
		fix_heads_in_final_code(fix.address(), fix.length());
	consume_final_code(fix.address(), fix.length());
	verdict.breaks.truncate(0);
	verdict.unused_heads.truncate(0);
	verdict.fndecl = NULL_TREE;
}
