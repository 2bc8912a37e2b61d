// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: the mark pass, right after "ssa", before any optimization.
 * It follows the chains from each head, parameter and call result, and
 * records every dependent access by its source location, the call
 * arguments that carry a dependency, the values functions return, and the
 * heads compared with an object's address.
 */

#include "rcu_deref_internal.h"

static void dump_source(FILE *f, int src)
{
	const struct dep_source *s = source_at(src);
	expanded_location xl = expand_location(s->loc);

	switch (s->kind) {
	case SRC_HEAD:
		fprintf(f, "head %s at %s:%d:%d", s->primitive, xl.file, xl.line, xl.column);
		break;
	case SRC_PARAM:
		fprintf(f, "parameter %d", s->index);
		break;
	case SRC_CALL:
		fprintf(f, "call result at %s:%d:%d", xl.file, xl.line, xl.column);
		break;
	case SRC_EITHER:
		dump_source(f, s->either[0]);
		fprintf(f, " or ");
		dump_source(f, s->either[1]);
		break;
	}
}

/*
 * Report a head or a dependent access: in the dump file always, on stderr
 * with the verbose option when it depends on a head.  what is NULL for a
 * head.
 */
static void trace(const char *what, const_gimple stmt, int src)
{
	expanded_location xl = expand_location(gimple_location(stmt));

	if (dump_file) {
		fprintf(dump_file, "rcu_deref: %s ", what ? what : "head");
		if (what) {
			fprintf(dump_file, "from ");
			dump_source(dump_file, src);
		}
		fprintf(dump_file, ": ");
		print_gimple_stmt(dump_file, CONST_CAST_GIMPLE(stmt), 0, TDF_LINENO);
	}
	if (!rcu_deref_options.verbose || src < 0 || source_at(src)->kind != SRC_HEAD)
		return;
	fprintf(stderr, "rcu_deref: %s:%d:%d: ", xl.file, xl.line, xl.column);
	if (what) {
		fprintf(stderr, "%s in %s depends on ", what, function_name(cfun));
		dump_source(stderr, src);
	} else {
		fprintf(stderr, "head %s in %s", source_at(src)->primitive,
			function_name(cfun));
	}
	fprintf(stderr, "\n");
}

static void note_head(struct chain_walk *w, tree value)
{
	if (!value || TREE_CODE(value) != SSA_NAME)
		return;
	w->heads.safe_push(value);
}

/* The source made for parameter index of the current function. */
static int param_source(int index)
{
	int src = new_source(SRC_PARAM, UNKNOWN_LOCATION);

	source_at(src)->fn_uid = DECL_UID(current_function_decl);
	source_at(src)->index = index;
	return src;
}

static void seed_params(struct chain_walk *w)
{
	tree parm;
	int index = 0;

	for (parm = DECL_ARGUMENTS(current_function_decl); parm;
	     parm = DECL_CHAIN(parm), index++) {
		tree name;

		if (!is_scalar_type(TREE_TYPE(parm)))
			continue;
		name = ssa_default_def(cfun, parm);
		if (name && !has_zero_uses(name))
			seed(w, name, param_source(index), DEP_ADDR);
	}
}

/* The loads a blanket approach would make acquire, for the stats option. */
static void count_loads(const_gimple stmt)
{
	if (is_volatile_scalar_load(stmt))
		count_one(COUNT_VOLATILE_LOADS);
	else if (is_consume_load(stmt))
		count_one(COUNT_CONSUME_LOADS);
}

/* Seed the heads, parameters and call results of the current function. */
static void seed_function(struct chain_walk *w)
{
	basic_block bb;
	gimple_stmt_iterator gsi;

	seed_params(w);
	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi);) {
			gimple stmt = gsi_stmt(gsi);
			int src;

			gsi_next(&gsi);
			count_loads(stmt);
			src = stmt_head(stmt);
			if (src >= 0) {
				source_at(src)->early = true;
				count_one(COUNT_HEADS);
				if (rcu_deref_options.records_path)
					listing_note_head(src);
				seed(w, gimple_get_lhs(stmt), src, DEP_ADDR);
				if (is_consume_load(stmt) || source_at(src)->marked)
					note_head(w, gimple_get_lhs(stmt));
				trace(NULL, stmt, src);
				continue;
			}
			if (is_gimple_call(stmt) && gimple_call_lhs(stmt) &&
			    TREE_CODE(gimple_call_lhs(stmt)) == SSA_NAME &&
			    is_scalar_type(TREE_TYPE(gimple_call_lhs(stmt))) &&
			    !gimple_call_internal_p(stmt)) {
				src = new_source(SRC_CALL,
						 pure_loc(gimple_location(stmt)));
				source_at(src)->fn_uid = gimple_call_fndecl(stmt) ?
					DECL_UID(gimple_call_fndecl(stmt)) : 0;
				seed(w, gimple_call_lhs(stmt), src, DEP_ADDR);
			}
		}
	}
}

/*
 * The constant address a reference's base pointer can take without any
 * head: through copies, conversions and constant pointer offsets, a PHI
 * argument that is the address of a global object.  Its object's DECL_UID
 * (0 if none) and the byte offset of the access from the object.
 */
static unsigned int alt_address(tree ref, HOST_WIDE_INT *offset)
{
	poly_int64 bitpos, bitsize, maxsize, unit;
	HOST_WIDE_INT delta[16];
	tree base, todo[16], obj;
	unsigned int ntodo = 0, steps = 0;
	bool reverse;

	if (TREE_CODE(ref) == ADDR_EXPR || TREE_CODE(ref) == SSA_NAME)
		return 0;
	base = get_ref_base_and_extent(ref, &bitpos, &bitsize, &maxsize, &reverse);
	if (TREE_CODE(base) != MEM_REF || !bitpos.is_constant() ||
	    TREE_CODE(TREE_OPERAND(base, 0)) != SSA_NAME)
		return 0;
	unit = mem_ref_offset(base).force_shwi();
	if (!unit.is_constant())
		return 0;
	todo[ntodo] = TREE_OPERAND(base, 0);
	delta[ntodo++] = bitpos.to_constant() / BITS_PER_UNIT + unit.to_constant();
	/* Through copies, constant offsets and PHIs, to the first object. */
	while (ntodo && steps++ < 32) {
		tree value = todo[--ntodo];
		HOST_WIDE_INT d = delta[ntodo];
		gimple def;
		unsigned int i;

		/* Right after "ssa", constants are still copied in. */
		if (TREE_CODE(value) == SSA_NAME &&
		    gimple_assign_single_p(SSA_NAME_DEF_STMT(value)) &&
		    TREE_CODE(gimple_assign_rhs1(SSA_NAME_DEF_STMT(value))) == ADDR_EXPR)
			value = gimple_assign_rhs1(SSA_NAME_DEF_STMT(value));
		if (TREE_CODE(value) == ADDR_EXPR) {
			obj = get_addr_base_and_unit_offset(TREE_OPERAND(value, 0), &unit);
			if (obj && DECL_P(obj) && is_global_var(obj) && unit.is_constant()) {
				*offset = unit.to_constant() + d;
				return DECL_UID(obj);
			}
			continue;
		}
		if (TREE_CODE(value) != SSA_NAME)
			continue;
		def = SSA_NAME_DEF_STMT(value);
		if (gimple_code(def) == GIMPLE_PHI) {
			for (i = 0; i < gimple_phi_num_args(def) &&
			     ntodo < ARRAY_SIZE(todo); i++) {
				todo[ntodo] = gimple_phi_arg_def(def, i);
				delta[ntodo++] = d;
			}
			continue;
		}
		if (!is_gimple_assign(def))
			continue;
		if (gimple_assign_rhs_code(def) == POINTER_PLUS_EXPR &&
		    tree_fits_shwi_p(gimple_assign_rhs2(def)))
			d += tree_to_shwi(gimple_assign_rhs2(def));
		else if (!gimple_assign_ssa_name_copy_p(def) &&
			 !CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def)))
			continue;
		todo[ntodo] = gimple_assign_rhs1(def);
		delta[ntodo++] = d;
	}
	return 0;
}

/*
 * An access to an object that nobody writes while the program runs (a
 * string literal, a const object): no store can race with it, so its
 * order after a head does not matter (".b"[!!READ_ONCE(t)]).
 */
static bool read_only_object(tree ref)
{
	tree base = get_base_address(ref);

	if (!base)
		return false;
	if (TREE_CODE(base) == MEM_REF && TREE_CODE(TREE_OPERAND(base, 0)) == ADDR_EXPR)
		base = TREE_OPERAND(TREE_OPERAND(base, 0), 0);
	if (TREE_CODE(base) == STRING_CST)
		return true;
	return VAR_P(base) && is_global_var(base) && TREE_READONLY(base) &&
	       !TREE_THIS_VOLATILE(base);
}

/*
 * A load that reads back the store the statement before made to the same
 * reference: the gimplifier's reload of an assignment used as a value
 * ("x = (*p = v)" becomes "*p = v; x = *p;").  The source reads nothing
 * there (an assignment's value is the value stored), and the reload is
 * ordered after the store by coherence in any case; the store is recorded
 * itself.  Value numbering often gives the reload the stored value, and a
 * vanished reload must not count as a broken access.  (operand_equal_p()
 * never matches volatile references: a READ_ONCE() stays recorded.)
 */
static bool reads_back_store(const_gimple stmt, tree ref)
{
	tree vuse = gimple_vuse(stmt);
	gimple def;

	if (!vuse || TREE_CODE(vuse) != SSA_NAME)
		return false;
	/* The virtual use's definition: the store (a single assignment) before. */
	def = SSA_NAME_DEF_STMT(vuse);
	return gimple_assign_single_p(def) && gimple_bb(def) == gimple_bb(stmt) &&
	       operand_equal_p(gimple_assign_lhs(def), ref, 0);
}

static void record_access(struct chain_walk *w, gimple stmt, tree ref, bool store,
			  void *data)
{
	unsigned HOST_WIDE_INT key = access_key(stmt, ref, store);
	struct access_rec *rec;
	enum dep_strength st;
	int src, bsrc;
	tree bp;

	if (!key)
		return;
	note_access_loc(key >> 32);
	if (!store && (read_only_object(ref) || reads_back_store(stmt, ref)))
		return;
	st = address_dep(w, ref, &src);
	rec = record_for(key, store);
	if (st == DEP_NONE) {
		rec->independent = true;
		return;
	}
	if (rec->source >= 0 && rec->source != src)
		rec->ambiguous = true;
	bp = base_pointer(ref);
	if (bp && strength_of(w, bp, &bsrc) == DEP_ADDR && !rec->via_base) {
		rec->via_base = true;
		rec->base_source = bsrc;
	}
	if (!rec->alt_uid)
		rec->alt_uid = alt_address(ref, &rec->alt_offset);
	if (source_rank(src) > source_rank(rec->source)) {
		rec->source = src;
		rec->flags_only = st == DEP_FLAGS;
		rec->assumed = st == DEP_ASSUMED;
	}
	trace(store ? "dependent store" : "dependent load", stmt, src);
}

/*
 * Remember a value compared for equality with an object's address, or an
 * integer with a non-zero constant: on the equal path the compiler may use
 * the object or the constant in its place.  (GCC turns slot < 1 into
 * slot == 0: comparing with zero stays the masking and range rules'.)
 */
static void note_comparison(struct chain_walk *w, enum tree_code code, tree a, tree b)
{
	int src = -1;
	tree object;

	if (strength_of(w, a, &src) < DEP_ASSUMED)
		return;
	if (TREE_CODE(b) == INTEGER_CST && INTEGRAL_TYPE_P(TREE_TYPE(b)) &&
	    !integer_zerop(b) && (code == EQ_EXPR || code == NE_EXPR)) {
		source_at(src)->compared = true;
		return;
	}
	if (TREE_CODE(b) != ADDR_EXPR)
		return;
	source_at(src)->compared = true;
	object = get_base_address(TREE_OPERAND(b, 0));
	if (object && DECL_P(object) && !source_at(src)->compared_uid)
		source_at(src)->compared_uid = DECL_UID(object);
}

static void record_call_args(struct chain_walk *w, gimple call)
{
	location_t loc = pure_loc(gimple_location(call));
	tree fndecl = gimple_call_fndecl(call);
	unsigned int fn_uid = fndecl ? DECL_UID(fndecl) : 0;
	unsigned int i;
	int src = -1;

	if (!known_loc(loc))
		return;
	for (i = 0; i < gimple_call_num_args(call) && i < 256; i++) {
		if (strength_of(w, gimple_call_arg(call, i), &src) == DEP_ADDR)
			set_call_arg(loc, fn_uid, i, src);
	}
}

/* What the current function returns: a head, a call result, a parameter. */
static void record_return(struct chain_walk *w, gimple ret)
{
	int src = -1;

	if (strength_of(w, gimple_return_retval(as_a_greturn(ret)), &src) != DEP_ADDR)
		return;
	note_return(DECL_UID(current_function_decl), src);
}

static void record_comparison(struct chain_walk *w, enum tree_code code, tree a, tree b)
{
	note_comparison(w, code, a, b);
	note_comparison(w, code, b, a);
}

/* Record what crosses function boundaries: call arguments and returns. */
static void record_interfaces(struct chain_walk *w)
{
	basic_block bb;
	gimple_stmt_iterator gsi;

	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);

			switch (gimple_code(stmt)) {
			case GIMPLE_CALL:
				record_call_args(w, stmt);
				break;
			case GIMPLE_RETURN:
				record_return(w, stmt);
				break;
			case GIMPLE_COND:
				record_comparison(w, gimple_cond_code(stmt),
						  gimple_cond_lhs(stmt),
						  gimple_cond_rhs(stmt));
				break;
			case GIMPLE_ASSIGN:
				if (TREE_CODE_CLASS(gimple_assign_rhs_code(stmt)) == tcc_comparison)
					record_comparison(w, gimple_assign_rhs_code(stmt),
							  gimple_assign_rhs1(stmt),
							  gimple_assign_rhs2(stmt));
				break;
			default:
				break;
			}
		}
	}
}

/*
 * An error pointer constant: ERR_PTR(-e), 0 < e <= MAX_ERRNO.  NULL is not
 * one (a register set to it is an arm only where RTL marks it a pointer:
 * null_pointer_set()), so that a zero index stays a value to check.
 */
static bool error_pointer(tree cst)
{
	/* Pointers are unsigned: ERR_PTR(-11) is 2^N - 11. */
	return POINTER_TYPE_P(TREE_TYPE(cst)) && tree_fits_uhwi_p(cst) &&
	       error_pointer_value(sext_hwi(tree_to_uhwi(cst),
					    TYPE_PRECISION(TREE_TYPE(cst))));
}

/*
 * An integer constant, or an SSA name set to one (as right after "ssa"),
 * or an error pointer ("return ERR_PTR(-EAGAIN)" beside a head): the
 * code never reads memory through it, so nothing it addresses needs order.
 */
static void note_constant_operand(tree op)
{
	op = invariant_value(op);
	if (op && TREE_CODE(op) == INTEGER_CST &&
	    (INTEGRAL_TYPE_P(TREE_TYPE(op)) || error_pointer(op)))
		note_merged_constant(op);
}

static bool dependent_value(struct chain_walk *w, tree name)
{
	int src;

	return TREE_CODE(name) == SSA_NAME && strength_of(w, name, &src) >= DEP_ASSUMED;
}

/*
 * The integer constants the source merges with a dependent value: a clamp
 * ("if (i > N) i = N", a PHI), min(), max(), "c ? i : N".  Where the code
 * takes the constant, nothing it addresses depended on the head, in the
 * source as in the final code: the final-code check counts them as arms.
 * A comparison's result is no such value (its constants stay arms of
 * nothing: DEP_FLAGS is weaker than DEP_ASSUMED).
 */
static void record_merged_constants(struct chain_walk *w)
{
	basic_block bb;
	gphi_iterator gpi;
	gimple_stmt_iterator gsi;
	unsigned int i;

	FOR_EACH_BB_FN(bb, cfun) {
		for (gpi = gsi_start_phis(bb); !gsi_end_p(gpi); gsi_next(&gpi)) {
			gphi *phi = gpi.phi();

			if (!dependent_value(w, gimple_phi_result(phi)))
				continue;
			for (i = 0; i < gimple_phi_num_args(phi); i++)
				note_constant_operand(gimple_phi_arg_def(phi, i));
		}
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);
			enum tree_code code;

			if (!is_gimple_assign(stmt) ||
			    !dependent_value(w, gimple_assign_lhs(stmt)))
				continue;
			code = gimple_assign_rhs_code(stmt);
			if (code != MIN_EXPR && code != MAX_EXPR && code != COND_EXPR)
				continue;
			for (i = code == COND_EXPR ? 2 : 1; i < gimple_num_ops(stmt); i++)
				note_constant_operand(gimple_op(stmt, i));
		}
	}
}

static unsigned int rcu_deref_mark_execute(void)
{
	struct chain_walk w;

	if (!optimize)
		return 0;
	walk_init(&w);
	w.merge = true;
	count_one(COUNT_FUNCTIONS);
	seed_function(&w);
	check_heads_used(&w);
	walk_function(&w);
	visit_function_accesses(&w, record_access, NULL);
	record_interfaces(&w);
	record_merged_constants(&w);
	walk_release(&w);
	return 0;
}

#define PASS_NAME rcu_deref_mark
#define NO_GATE
#include "gcc-generate-gimple-pass.h"
