// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: the check pass, after the last GIMPLE optimization.  It
 * follows the chains again from the heads in the final code and finds
 * each recorded dependent access that lost its dependency; decide_break()
 * decides what to do about each break: it waits for the final code's
 * verdict (rcu_deref_verdict.c), to which the pass also hands every access
 * that still depends on its head.  The same check runs between
 * passes, for blame (rcu_deref_blame.c), without reporting.
 */

#include "rcu_deref_internal.h"
#include "rcu_deref_rtl.h"

/* A head load of the function, for the merged-load check. */
struct head_stmt {
	gimple stmt;
	int head;
};

/* One check of the current function. */
struct check_ctx {
	/* recorded access keys present */
	hash_set<key_hash> keys_here;
	/* line -> location of a new constant load */
	hash_map<key_hash, location_t> new_loads;
	/* the head loads in the function */
	auto_vec<struct head_stmt> head_stmts;
	const char *pass;	/* probing: the pass that ran last */
	bool report;		/* report the breaks found, or blame them */
	bitmap heads_here;	/* head sources present in the function */
	struct chain_walk *broken;	/* values loaded by broken accesses */
	bool chained;		/* second round: look for BREAK_CHAIN */
};

/* A break found in the final code: which access, from which head, how. */
struct found_break {
	location_t loc;		/* the access (the head for BREAK_UNUSED) */
	int head;
	const struct access_rec *rec;
	enum break_kind kind;
	tree base;		/* the object the access now uses, or NULL */
	gimple early;		/* merged: the load its value now comes from */
	bool orderable;		/* an acquire at the head can order the access */
	int rtl_access;		/* the access as tracked in RTL, plus one; 0: none */
};

/*
 * The verdict on each break the check pass finds, and the only place that
 * makes it: report the break and, in fix-up mode, fix its head, or refuse
 * when an acquire at the head cannot order the access.
 */
static void decide_break(struct check_ctx *ctx, const struct found_break *b)
{
	if (rcu_deref_options.mode == RCU_DEREF_FIXUP && !b->orderable) {
		refuse_fixup(b->loc, b->head, b->early);
		return;
	}
	/* The final code decides whether to report it and fix its head. */
	verdict_defer(b->loc, b->head, b->rec, b->kind, b->base,
		      b->early ? gimple_location(b->early) : UNKNOWN_LOCATION,
		      b->rtl_access - 1);
}

/*
 * Whether value is computed, by arithmetic alone, from constants and the
 * function's parameters: values fixed before any head is loaded.  The
 * walk looks at a few statements only.
 */
static bool known_at_entry(tree value)
{
	tree todo[16];
	unsigned int ntodo = 0, steps = 0;

	todo[ntodo++] = value;
	while (ntodo) {
		tree v = todo[--ntodo];
		gimple def;
		unsigned int i;

		if (!v || is_gimple_min_invariant(v))
			continue;
		if (TREE_CODE(v) != SSA_NAME || ++steps > 16)
			return false;
		if (SSA_NAME_IS_DEFAULT_DEF(v)) {
			if (!SSA_NAME_VAR(v) || TREE_CODE(SSA_NAME_VAR(v)) != PARM_DECL)
				return false;
			continue;
		}
		def = SSA_NAME_DEF_STMT(v);
		if (!is_gimple_assign(def) || gimple_assign_load_p(def) ||
		    gimple_has_volatile_ops(def))
			return false;
		for (i = 1; i < gimple_num_ops(def); i++) {
			if (ntodo == ARRAY_SIZE(todo))
				return false;
			todo[ntodo++] = gimple_op(def, i);
		}
	}
	return true;
}

/*
 * Whether the address of ref, based on a global object, has only indexes
 * known at entry: it cannot depend on a head loaded in the function.
 */
static bool address_known_at_entry(tree ref)
{
	if (!object_base(ref))
		return false;
	if (TREE_CODE(ref) == ADDR_EXPR)
		ref = TREE_OPERAND(ref, 0);
	if (TREE_CODE(ref) == TARGET_MEM_REF)
		return known_at_entry(TMR_INDEX(ref)) && known_at_entry(TMR_INDEX2(ref));
	while (handled_component_p(ref)) {
		if ((TREE_CODE(ref) == ARRAY_REF || TREE_CODE(ref) == ARRAY_RANGE_REF) &&
		    !known_at_entry(TREE_OPERAND(ref, 1)))
			return false;
		ref = TREE_OPERAND(ref, 0);
	}
	return true;
}

/*
 * Whether the constant address of ref is the one the access takes when
 * its pointer is the constant a PHI merged with the head values: a copy
 * of the path on which it never depended on a head (loop header copying
 * peels the first iteration of a walk that starts at a static element).
 */
static bool on_headless_path(const struct access_rec *rec, tree ref)
{
	HOST_WIDE_INT offset = 0;

	return rec->alt_uid && constant_address(ref, &offset) == rec->alt_uid &&
	       offset == rec->alt_offset;
}

/* Whether the address of ref is based on an SSA pointer value. */
static bool pointer_based(tree ref)
{
	tree base = base_pointer(ref);

	return base && TREE_CODE(base) == SSA_NAME;
}

static bool head_here(struct check_ctx *ctx, int head)
{
	return bitmap_bit_p(ctx->heads_here, head);
}

/*
 * Whether phi, in a loop's header, takes on the back edge a value the loop
 * computes (advances), not the PHI's own value.
 */
static bool advanced_on_back_edge(gphi *phi)
{
	basic_block header = gimple_bb(phi);
	unsigned int i;

	for (i = 0; i < gimple_phi_num_args(phi); i++) {
		edge e = gimple_phi_arg_edge(phi, i);
		tree arg = gimple_phi_arg_def(phi, i);

		if (!dominated_by_p(CDI_DOMINATORS, e->src, header) ||
		    TREE_CODE(arg) != SSA_NAME || arg == gimple_phi_result(phi) ||
		    SSA_NAME_IS_DEFAULT_DEF(arg) ||
		    !gimple_bb(SSA_NAME_DEF_STMT(arg)) ||
		    !dominated_by_p(CDI_DOMINATORS, gimple_bb(SSA_NAME_DEF_STMT(arg)), header))
			continue;
		return true;
	}
	return false;
}

/* Whether head is loaded in the loop of header (in a block it dominates). */
static bool head_in_loop(struct check_ctx *ctx, int head, basic_block header)
{
	struct head_stmt *h;
	unsigned int i;

	FOR_EACH_VEC_ELT(ctx->head_stmts, i, h) {
		if (h->head == head &&
		    dominated_by_p(CDI_DOMINATORS, gimple_bb(h->stmt), header))
			return true;
	}
	return false;
}

/*
 * Whether load reads memory as it was before the loop of header: its
 * virtual operand is defined outside the loop (no store in the loop comes
 * before it), so it cannot read a value the loop stored from a head.
 */
static bool memory_from_before(gimple load, basic_block header)
{
	tree vuse = gimple_vuse(load);
	gimple def;

	if (!vuse || SSA_NAME_IS_DEFAULT_DEF(vuse))
		return true;
	def = SSA_NAME_DEF_STMT(vuse);
	return gimple_bb(def) && !dominated_by_p(CDI_DOMINATORS, gimple_bb(def), header);
}

/*
 * Whether a loop no longer carries the dependency of the access ref on
 * head, which no head reaches any more: its address is computed, by
 * arithmetic and PHIs, from constants, parameters and loads of memory as
 * it was before a loop that loads head (memory_from_before()), through
 * the PHI of that loop's header whose value on the back edge the loop
 * advances.  In the source the access depended on the head (it is
 * recorded so): the loop carried the dependency from one iteration's
 * head to the next iteration's address, and an optimization put what it
 * deduced in the head value's place ("pend_pos += hdr_len" after
 * "hdr_len == 16": survey/repro/loop_carried_equality.c).  Such an address
 * cannot depend on the head in a way the walk does not see: no call, no
 * memory the loop wrote.  A short walk; loops are found by dominance.
 */
static bool loop_carried_loss(struct check_ctx *ctx, tree ref, int head)
{
	auto_vec<tree, 16> todo;
	auto_vec<gimple, 4> loads;
	auto_vec<basic_block, 4> headers;
	hash_set<tree> seen;
	unsigned int steps = 0, i, j;
	basic_block header;
	gimple def;

	address_operands(ref, &todo);
	while (!todo.is_empty()) {
		tree v = todo.pop();

		if (is_gimple_min_invariant(v))
			continue;
		if (++steps > 32)
			return false;
		/* &p->field: the pointer it is based on. */
		if (TREE_CODE(v) == ADDR_EXPR) {
			address_operands(v, &todo);
			continue;
		}
		if (TREE_CODE(v) != SSA_NAME)
			return false;
		if (seen.add(v))
			continue;
		def = SSA_NAME_DEF_STMT(v);
		if (SSA_NAME_IS_DEFAULT_DEF(v)) {
			if (SSA_NAME_VAR(v) && TREE_CODE(SSA_NAME_VAR(v)) == PARM_DECL)
				continue;
			return false;
		}
		if (gimple_code(def) == GIMPLE_PHI) {
			if (advanced_on_back_edge(as_a<gphi *>(def)))
				headers.safe_push(gimple_bb(def));
			for (i = 0; i < gimple_phi_num_args(def); i++)
				todo.safe_push(gimple_phi_arg_def(def, i));
			continue;
		}
		if (!is_gimple_assign(def) || stmt_head(def) >= 0)
			return false;
		if (gimple_assign_load_p(def)) {
			loads.safe_push(def);	/* its value, not its address */
			continue;
		}
		if (gimple_has_volatile_ops(def))
			return false;
		for (i = 1; i < gimple_num_ops(def); i++)
			todo.safe_push(gimple_op(def, i));
	}
	FOR_EACH_VEC_ELT(headers, i, header) {
		bool before = head_in_loop(ctx, head, header);

		for (j = 0; before && j < loads.length(); j++)
			before = memory_from_before(loads[j], header);
		if (before)
			return true;
	}
	return false;
}

/*
 * Whether the recorded access ref lost to a loop the dependency it had
 * on its head (loop_carried_loss()), with that head loaded in the
 * function and no head reaching the address now.
 */
static bool lost_in_loop(struct chain_walk *w, struct check_ctx *ctx,
			 const struct access_rec *rec, gimple stmt, tree ref)
{
	int src, head;

	if (rec->independent || rec->ambiguous || rec->assumed || ctx->head_stmts.is_empty() ||
	    address_dep(w, ref, &src) != DEP_NONE)
		return false;
	head = resolve_source(rec->source, gimple_block(stmt), 0);
	if (head < 0 || !head_here(ctx, head))
		return false;
	calculate_dominance_info(CDI_DOMINATORS);
	return loop_carried_loss(ctx, ref, head);
}

/* Whether bb can be reached from the block from (itself included). */
static bool reaches(basic_block from, basic_block bb)
{
	auto_vec<basic_block, 16> work;
	auto_bitmap seen;
	edge_iterator ei;
	edge e;

	work.safe_push(from);
	bitmap_set_bit(seen, from->index);
	while (!work.is_empty()) {
		basic_block b = work.pop();

		if (b == bb)
			return true;
		FOR_EACH_EDGE(e, ei, b->succs) {
			if (bitmap_set_bit(seen, e->dest->index))
				work.safe_push(e->dest);
		}
	}
	return false;
}

/*
 * Whether ptr, a pointer no head reaches, is compared for (in)equality
 * with a value the walk from the heads reaches, and stmt can be reached
 * from the path on which the two are equal: there the compiler may use one
 * for the other.  Not when ptr is merged with heads' values by a PHI (an
 * arm), nor for a stmt before the comparison only (a list walk that
 * starts at p and stops when it is back at p: the first step, peeled,
 * loads through p).
 */
static bool equal_path_reaches(struct chain_walk *w, tree ptr, gimple stmt)
{
	imm_use_iterator it;
	gimple use;
	bool found = false;
	int src;

	FOR_EACH_IMM_USE_STMT(use, it, ptr) {
		tree other;
		edge yes, no;

		if (gimple_code(use) == GIMPLE_PHI &&
		    strength_of(w, gimple_phi_result(use), &src) != DEP_NONE)
			return false;
		if (found || gimple_code(use) != GIMPLE_COND ||
		    (gimple_cond_code(use) != EQ_EXPR && gimple_cond_code(use) != NE_EXPR))
			continue;
		other = gimple_cond_lhs(use) == ptr ? gimple_cond_rhs(use) : gimple_cond_lhs(use);
		if (strength_of(w, other, &src) == DEP_NONE)
			continue;
		extract_true_false_edges_from_block(gimple_bb(use), &yes, &no);
		found = reaches((gimple_cond_code(use) == EQ_EXPR ? yes : no)->dest,
				gimple_bb(stmt));
	}
	return found;
}

/*
 * Whether the base pointer of ref, an access the source made through a
 * head's value, is now a pointer that no head reaches and that the
 * function compares with a head's value: after "p == q" the compiler used
 * q for p (survey/repro/eq_pointer_merge_miss.c).  The final code decides
 * (RTL may give p back).
 */
static bool substituted_pointer(struct chain_walk *w, const struct access_rec *rec, gimple stmt,
				tree ref)
{
	tree ptr = base_pointer(ref);
	int src;

	/*
	 * Only a record made through a head's own value: one made through a
	 * parameter (or a call's result) standing for a head elsewhere has that
	 * parameter for its base pointer, which no head of this function
	 * reaches (a clone's, rt6_fill_node.constprop's rt).
	 */
	return rec->via_base && !rec->independent && !rec->ambiguous && !rec->assumed &&
	       source_at(rec->source)->kind == SRC_HEAD &&
	       ptr && TREE_CODE(ptr) == SSA_NAME && strength_of(w, ptr, &src) == DEP_NONE &&
	       equal_path_reaches(w, ptr, stmt);
}

/*
 * How the access ref, recorded as dependent, lost its dependency in the
 * current code, if it did.
 */
static enum break_kind classify(struct chain_walk *w, struct check_ctx *ctx,
				const struct access_rec *rec, gimple stmt, tree ref,
				tree *base)
{
	int src;

	*base = NULL_TREE;
	if (rec->flags_only)
		return BREAK_FLAGS;
	/*
	 * An address based on a pointer value, as most are, has no object
	 * base, so no object, constant or value known at entry can stand in
	 * it: only a loop's loss or the second round can find it broken
	 * (BREAK_LOOP, BREAK_CHAIN).
	 */
	if (!ctx->chained && pointer_based(ref)) {
		if (substituted_pointer(w, rec, stmt, ref))
			return BREAK_POINTER;
		return lost_in_loop(w, ctx, rec, stmt, ref) ? BREAK_LOOP : BREAK_NONE;
	}
	/*
	 * The base pointer carried a head (another head may still reach the
	 * index, q->a[p->i]): an object's address in its place is a break of
	 * the base's head.
	 */
	if (rec->via_base && rec->base_source != rec->source &&
	    !rec->independent && !rec->ambiguous &&
	    strength_of(w, base_pointer(ref), &src) < DEP_ASSUMED) {
		*base = object_base(ref);
		if (*base && !on_headless_path(rec, ref))
			return BREAK_BASE;
		*base = NULL_TREE;
	}
	if (address_dep(w, ref, &src) >= DEP_ASSUMED)
		return BREAK_NONE;
	/* Several accesses of this shape at one place: not ours to judge. */
	if (rec->independent || rec->ambiguous)
		return BREAK_NONE;
	*base = constant_address_base(ref);
	/*
	 * A copy of the path on which the pointer was a static object from the
	 * start, or NULL (a path isolated for its NULL dereference): no head.
	 */
	if (*base && (on_headless_path(rec, ref) || TREE_CODE(*base) == INTEGER_CST))
		return BREAK_NONE;
	/* A call's result may legitimately not derive from its arguments. */
	if (rec->assumed)
		return *base ? BREAK_CONSTANT : BREAK_NONE;
	if (ctx->chained)
		return address_dep(ctx->broken, ref, &src) == DEP_ADDR ?
		       BREAK_CHAIN : BREAK_NONE;
	/* The pointer that carried the dependency became an object's address. */
	if (!*base && rec->via_base) {
		*base = object_base(ref);
		return *base ? BREAK_OBJECT : BREAK_NONE;
	}
	/* The index that carried it now comes from values known at entry. */
	if (!*base && address_known_at_entry(ref)) {
		*base = object_base(ref);
		return BREAK_ENTRY;
	}
	if (*base)
		return BREAK_CONSTANT;
	/*
	 * An address derived from some other value is not reported: the
	 * value may still depend on the head in ways the walk cannot see
	 * (through memory, through a call).  Only a constant, or a loop's
	 * values from before it, is proof.
	 */
	return lost_in_loop(w, ctx, rec, stmt, ref) ? BREAK_LOOP : BREAK_NONE;
}

static unsigned HOST_WIDE_INT line_key(location_t loc)
{
	expanded_location xl = expand_location(loc);

	return xl.file ? pair_key(xl.line, htab_hash_string(xl.file)) : 0;
}

/*
 * A load from a constant address at a location where the mark pass saw no
 * access: made by an optimization (phiprop turns *(c ? &a : &b) into two
 * loads).  Remember it by source line.
 */
static void note_new_load(struct check_ctx *ctx, gimple stmt, tree ref, bool store)
{
	unsigned HOST_WIDE_INT line;
	location_t loc;
	tree base;

	/* The tests that cost least first: most accesses fail one of them. */
	if (store)
		return;
	base = constant_address_base(ref);
	if (!base || TREE_CODE(base) == INTEGER_CST)
		return;
	loc = pure_loc(gimple_location(stmt));
	if (!known_loc(loc) || access_at(loc))
		return;
	line = line_key(loc);
	if (!line)
		return;
	ctx->new_loads.put(line, loc);
	if (!ctx->report)
		blame_first(pair_key(loc, 0), ctx->pass);
}

/* Whether a comes before b on every path to b. */
static bool stmt_dominates(gimple a, gimple b)
{
	gimple_stmt_iterator gsi;

	if (gimple_bb(a) != gimple_bb(b))
		return dominated_by_p(CDI_DOMINATORS, gimple_bb(b), gimple_bb(a));
	if (gimple_code(b) == GIMPLE_PHI)
		return false;
	for (gsi = gsi_for_stmt(a); !gsi_end_p(gsi); gsi_next(&gsi)) {
		if (gsi_stmt(gsi) == b)
			return true;
	}
	return false;
}

/* The size in bits of the access a record key stands for. */
static unsigned int key_size(unsigned HOST_WIDE_INT key)
{
	return (unsigned int)(key >> 8) & 0xffffff;
}

/* Whether stmt loads size bits from the object uid, at a constant address. */
static bool loads_object(gimple stmt, unsigned int uid, unsigned int size)
{
	tree ref, base, type;

	if (!gimple_assign_load_p(stmt) || gimple_has_volatile_ops(stmt))
		return false;
	ref = gimple_assign_rhs1(stmt);
	base = constant_address_base(ref);
	type = TREE_TYPE(ref);
	return base && DECL_P(base) && DECL_UID(base) == uid &&
	       TYPE_SIZE(type) && tree_fits_uhwi_p(TYPE_SIZE(type)) &&
	       tree_to_uhwi(TYPE_SIZE(type)) == size;
}

/* Whether stmt executes before every load of head in the function. */
static bool before_head(struct check_ctx *ctx, gimple stmt, int head)
{
	struct head_stmt *h;
	unsigned int i;
	bool seen = false;

	FOR_EACH_VEC_ELT(ctx->head_stmts, i, h) {
		if (h->head != head)
			continue;
		if (h->stmt == stmt || !stmt_dominates(stmt, h->stmt))
			return false;
		seen = true;
	}
	return seen;
}

/*
 * A load of the same size from the object uid made before head (a
 * candidate for the load the access was merged with), or NULL.  Value
 * numbering merges a load with one that dominates it; the access came
 * after its head, so that load dominates the head too (one in a branch
 * before the head, another chain's, is no candidate).  Heads, and all
 * volatile loads, are never merged.
 */
static gimple load_before_head(struct check_ctx *ctx, int head, unsigned int uid,
			       unsigned int size)
{
	basic_block bb;
	gimple_stmt_iterator gsi;

	calculate_dominance_info(CDI_DOMINATORS);
	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);

			if (loads_object(stmt, uid, size) && before_head(ctx, stmt, head))
				return stmt;
		}
	}
	return NULL;
}

/*
 * A dependent load that vanished while its head was compared equal with an
 * object's address: value numbering may have substituted the object for
 * the pointer and merged the access with another load of that object.
 * When such a load may come before the head, the value no longer depends
 * on the head at all, and no acquire at the head can order it.  Decided on
 * the final code alone, as every verdict (the probes' history is only for
 * blame): without such a load, the access was dead, or merged with a load
 * after the head, which the assembly shows as no access at its line (a
 * vanished access is no broken one to the assembly checker either).
 */
static void check_merged(struct check_ctx *ctx, location_t loc, int head,
			 const struct access_rec *rec)
{
	struct found_break b = {
		.loc = loc, .head = head, .rec = rec, .kind = BREAK_MERGED,
	};
	unsigned int object = source_at(head)->compared_uid ?
			      source_at(head)->compared_uid :
			      source_at(rec->source)->compared_uid;

	if (!object)
		return;
	b.early = load_before_head(ctx, head, object, key_size(rec->key));
	if (!b.early)
		return;
	b.orderable = false;
	decide_break(ctx, &b);
}

/*
 * The dependent loads recorded in the current function that are gone,
 * while new loads from constant addresses appeared on their line, or
 * after their address became a constant.
 */
static void check_vanished(struct check_ctx *ctx)
{
	unsigned HOST_WIDE_INT line;
	location_t *new_load;
	const char *pass;
	int i, head;

	for (i = first_record_of(DECL_UID(current_function_decl)); i >= 0;
	     i = record_at(i)->next) {
		struct access_rec *rec = record_at(i);
		location_t loc = rec->key >> 32;

		if (!rec->load || rec->source < 0 || rec->independent ||
		    rec->ambiguous || ctx->keys_here.contains(rec->key))
			continue;
		head = resolve_source(rec->source, NULL_TREE, 0);
		if (head < 0 || !head_here(ctx, head))
			continue;
		line = line_key(loc);
		new_load = line ? ctx->new_loads.get(line) : NULL;
		if (!new_load) {
			if (ctx->report)
				check_merged(ctx, loc, head, rec);
			continue;
		}
		if (ctx->report) {
			struct found_break b = {
				.loc = loc, .head = head, .rec = rec, .kind = BREAK_VANISHED,
				.base = NULL_TREE, .early = NULL, .orderable = true,
			};

			decide_break(ctx, &b);
			continue;
		}
		/* Blame the pass that made the new loads. */
		pass = blamed_name(pair_key(*new_load, 0));
		blame_first(pair_key(loc, source_at(head)->loc), pass ? pass : ctx->pass);
	}
}

/*
 * Whether a probe must classify the recorded access.  After the IPA
 * inliner, one whose record (its pointer's, or its base's) stands for no
 * head in this function can name no warning here, and no other function
 * gets this code any more (function_relevant() in rcu_deref_blame.c):
 * not classified.  Before it, its break is blamed by location, for the
 * functions it will be inlined into.
 */
static bool stands_for_a_head(const struct access_rec *rec, gimple stmt)
{
	tree block = gimple_block(stmt);

	if (!cfun->after_inlining || rcu_deref_options.probe_all)
		return true;
	return resolve_after_inlining(rec->source, block) >= 0 ||
	       (rec->via_base && rec->base_source >= 0 &&
		resolve_after_inlining(rec->base_source, block) >= 0);
}

static void check_access(struct chain_walk *w, gimple stmt, tree ref, bool store,
			 void *data)
{
	unsigned HOST_WIDE_INT key = access_key(stmt, ref, store);
	struct check_ctx *ctx = (struct check_ctx *)data;
	struct access_rec *rec = find_record(key);
	enum break_kind kind;
	tree base;
	int head, rtl_access = 0;

	if (!rec) {
		note_new_load(ctx, stmt, ref, store);
		if (ctx->report && !store)
			verdict_untracked(stmt, ref);
		return;
	}
	/* Only check_vanished() asks, and only with a head here. */
	if (!bitmap_empty_p(ctx->heads_here))
		ctx->keys_here.add(key);
	if (rec->source < 0)
		return;
	if (!ctx->report && !stands_for_a_head(rec, stmt))
		return;
	kind = classify(w, ctx, rec, stmt, ref, &base);
	if (ctx->report)
		rtl_access = verdict_track(w, ctx->broken, stmt, ref, store, rec, kind) + 1;
	if ((kind == BREAK_CONSTANT || kind == BREAK_OBJECT || kind == BREAK_ENTRY ||
	     kind == BREAK_BASE || kind == BREAK_LOOP || kind == BREAK_POINTER) &&
	    !ctx->report)
		blame_first(pair_key(pure_loc(gimple_location(stmt)), 0), ctx->pass);
	if (kind == BREAK_NONE)
		return;
	head = resolve_source(kind == BREAK_BASE ? rec->base_source : rec->source,
			      gimple_block(stmt), 0);
	if (head < 0)
		return;
	/* Without its head in the function, a chain proves nothing. */
	if (kind == BREAK_CHAIN && !head_here(ctx, head))
		return;
	if (!store && is_gimple_assign(stmt) && kind != BREAK_FLAGS)
		seed(ctx->broken, gimple_assign_lhs(stmt), head, DEP_ADDR);
	if (ctx->report) {
		struct found_break b = {
			.loc = gimple_location(stmt), .head = head, .rec = rec, .kind = kind,
			.base = base, .early = NULL, .orderable = true, .rtl_access = rtl_access,
		};

		decide_break(ctx, &b);
	} else if (kind != BREAK_FLAGS) {
		blame_first(pair_key(pure_loc(gimple_location(stmt)), source_at(head)->loc),
			    ctx->pass);
	}
}

/* Remember a head load of the function, for the merged-load check. */
static void note_head_stmt(struct check_ctx *ctx, gimple stmt, int head)
{
	struct head_stmt h = { stmt, head };

	ctx->head_stmts.safe_push(h);
}

/* A head whose value nothing uses is present: fix-up mode fixes it. */
static void unused_head(struct check_ctx *ctx, gimple stmt, int head)
{
	struct found_break b = {
		.loc = gimple_location(stmt), .head = head, .rec = NULL, .kind = BREAK_UNUSED,
		.base = NULL_TREE, .early = NULL, .orderable = true,
	};

	decide_break(ctx, &b);
}

/*
 * Whether stmt can be a head, or a call that returns one: a head is a
 * load or a call, and either reads memory (it has a virtual use).  The
 * test that costs nothing before the one that looks the head up.
 */
static inline bool may_hold_head(gimple stmt)
{
	return is_gimple_call(stmt) || gimple_vuse(stmt);
}

/*
 * Seed the heads present in the current function's code, and the results
 * of calls to functions that return a head's value (getters).  Results of
 * clones that lost a head go to the walk of broken values.
 */
static void seed_late_heads(struct chain_walk *w, struct check_ctx *ctx)
{
	basic_block bb;
	gimple_stmt_iterator gsi;

	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);
			int src;

			if (!may_hold_head(stmt))
				continue;
			src = stmt_head(stmt);
			if (src < 0 && is_gimple_call(stmt))
				src = returned_head(stmt);
			if (src < 0 && is_gimple_call(stmt)) {
				src = call_lost_head(stmt);
				if (src >= 0) {
					seed(ctx->broken, gimple_call_lhs(stmt), src, DEP_ADDR);
					bitmap_set_bit(ctx->heads_here, src);
				}
				continue;
			}
			if (src < 0)
				continue;
			if (!is_gimple_call(stmt) || is_consume_load(stmt))
				note_head_stmt(ctx, stmt, src);
			if (ctx->report && (!is_gimple_call(stmt) || is_consume_load(stmt)))
				rtl_track_head(stmt, src, head_leader(src));
			else if (ctx->report)
				rtl_track_call(stmt, src, head_leader(src));
			if (ctx->report && source_at(src)->unused)
				unused_head(ctx, stmt, src);
			seed(w, gimple_get_lhs(gsi_stmt(gsi)), src, DEP_ADDR);
			bitmap_set_bit(ctx->heads_here, src);
		}
	}
}

/* Check every access of the function; a probe looks at memory statements only. */
static void visit_accesses(struct chain_walk *w, struct check_ctx *ctx)
{
	if (ctx->report)
		visit_function_accesses(w, check_access, ctx);
	else
		visit_memory_accesses(w, check_access, ctx);
}

/*
 * Check the current function against the records.  A second round finds
 * the accesses whose address was loaded by an access found broken.  Only
 * heads and calls (a getter, a clone that lost a head) seed the walks:
 * without heads (known to be none), the walk for them is not made.
 */
static unsigned int check_with(const char *pass, bool report, bool heads)
{
	struct chain_walk w, broken;
	struct check_ctx ctx;
	auto_bitmap heads_here;

	ctx.pass = pass;
	ctx.report = report;
	ctx.heads_here = heads_here;
	ctx.broken = &broken;
	ctx.chained = false;
	if (report)
		verdict_begin();

	walk_init(&w);
	walk_init(&broken);
	if (heads)
		seed_late_heads(&w, &ctx);
	/* Nothing seeded: the walk would visit every access and reach none. */
	if (!w.work.is_empty())
		walk_function(&w);
	visit_accesses(&w, &ctx);
	if (!broken.work.is_empty()) {
		walk_function(&broken);
		ctx.chained = true;
		visit_accesses(&w, &ctx);
	}
	check_vanished(&ctx);
	if (report)
		verdict_twins(&w);
	walk_release(&broken);
	walk_release(&w);
	return 0;
}

unsigned int check_function(const char *pass, bool report)
{
	return check_with(pass, report, true);
}

/*
 * A probe between passes: check_function() in probing mode, told whether
 * the function holds a head (function_has_heads()).
 */
void probe_function(const char *pass, bool heads)
{
	check_with(pass, false, heads);
}

/* Whether stmt is a head, or a call that returns a head's value or lost one. */
static bool seeds_walk(gimple stmt)
{
	return stmt_head(stmt) >= 0 ||
	       (is_gimple_call(stmt) &&
		(returned_head(stmt) >= 0 || call_lost_head(stmt) >= 0));
}

/*
 * Whether the current function holds a head, a call that returns a head's
 * value or a call to a clone that lost one: what seeds a probe's walks.
 * As for function_has_records(), only code brought from another function
 * can add one.
 */
bool function_has_heads(void)
{
	gimple_stmt_iterator gsi;
	basic_block bb;

	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);

			if (may_hold_head(stmt) && seeds_walk(stmt))
				return true;
		}
	}
	return false;
}

static void note_recorded(struct chain_walk *w, gimple stmt, tree ref, bool store,
			  void *data)
{
	if (find_record(access_key(stmt, ref, store)))
		*(bool *)data = true;
}

/*
 * Whether a probe can find anything in the current function: it holds a
 * head, a call that returns a head's value (or lost it), a recorded access,
 * or the records of its own accesses (which may have vanished).  One walk,
 * the first half of what a probe does.
 */
bool function_has_records(void)
{
	bool found = first_record_of(DECL_UID(current_function_decl)) >= 0;
	gimple_stmt_iterator gsi;
	basic_block bb;

	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !found && !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);

			count_one(COUNT_WALK_STEPS);
			if (is_gimple_debug(stmt))
				continue;
			if (seeds_walk(stmt))
				return true;
			visit_stmt_accesses(NULL, stmt, note_recorded, &found);
		}
		if (found)
			return true;
	}
	return found;
}

static bool rcu_deref_check_gate(void)
{
	return optimize && (any_records() || rcu_deref_options.consume_dependency);
}

static unsigned int rcu_deref_check_execute(void)
{
	check_function(NULL, true);
	consume_decide();
	return 0;
}

#define PASS_NAME rcu_deref_check
#define PROPERTIES_REQUIRED PROP_ssa
#include "gcc-generate-gimple-pass.h"
