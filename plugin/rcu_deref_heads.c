// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: dependency heads.  The loads marked by __rcu_deref_head()
 * (the rcu_dereference() family), C11 consume loads and, with
 * read-once-heads, volatile scalar loads; the unmark pass that takes the
 * markers out before anything sees them; heads whose value nothing uses.
 */

#include "rcu_deref_internal.h"

struct heads_state {
	hash_map<key_hash, int> *by_loc;	/* head location -> its source */
	hash_set<key_hash> *consume_calls;	/* consume=dependency: their locations */
};

static struct heads_state heads;

void heads_start(void)
{
	heads.by_loc = new hash_map<key_hash, int>;
	heads.consume_calls = new hash_set<key_hash>;
}

void heads_finish(void)
{
	delete heads.by_loc;
	heads.by_loc = NULL;
	delete heads.consume_calls;
	heads.consume_calls = NULL;
}

static bool is_marker_call(const_gimple stmt)
{
	tree fndecl;

	if (!is_gimple_call(stmt))
		return false;
	fndecl = gimple_call_fndecl(stmt);
	return fndecl && DECL_NAME(fndecl) &&
	       !strcmp(DECL_NAME_POINTER(fndecl), MARKER_NAME);
}

/* A C11 consume load: __atomic_load_N(p, __ATOMIC_CONSUME). */
bool is_consume_load(const_gimple stmt)
{
	tree fndecl, model;

	if (!gimple_call_builtin_p(stmt, BUILT_IN_NORMAL))
		return false;
	fndecl = gimple_call_fndecl(stmt);
	switch (DECL_FUNCTION_CODE(fndecl)) {
	case BUILT_IN_ATOMIC_LOAD_1:
	case BUILT_IN_ATOMIC_LOAD_2:
	case BUILT_IN_ATOMIC_LOAD_4:
	case BUILT_IN_ATOMIC_LOAD_8:
	case BUILT_IN_ATOMIC_LOAD_16:
		break;
	default:
		return false;
	}
	if (gimple_call_num_args(stmt) < 2 || !gimple_call_lhs(stmt))
		return false;
	model = gimple_call_arg(stmt, 1);
	return TREE_CODE(model) == INTEGER_CST && tree_fits_uhwi_p(model) &&
	       memmodel_base(tree_to_uhwi(model)) == MEMMODEL_CONSUME;
}

bool is_scalar_type(tree type)
{
	return POINTER_TYPE_P(type) || INTEGRAL_TYPE_P(type);
}

/* A volatile load of a pointer or integer into an SSA name. */
bool is_volatile_scalar_load(const_gimple stmt)
{
	tree lhs;

	if (!gimple_assign_load_p(stmt) || !gimple_has_volatile_ops(stmt))
		return false;
	lhs = gimple_assign_lhs(stmt);
	return TREE_CODE(lhs) == SSA_NAME && is_scalar_type(TREE_TYPE(lhs));
}

/* The source for the head loaded at loc, made once per location. */
static int head_source(location_t loc, const char *primitive, bool pointer)
{
	int *known;
	int src;

	loc = pure_loc(loc);
	known = known_loc(loc) ? heads.by_loc->get(loc) : NULL;
	if (known)
		return *known;
	src = new_source(SRC_HEAD, loc);
	source_at(src)->primitive = xstrdup(primitive);
	source_at(src)->pointer = pointer;
	if (known_loc(loc))
		heads.by_loc->put(loc, src);
	return src;
}

/* The primitive named by a marker call's first argument. */
static const char *marker_primitive(const_gimple call)
{
	tree arg = gimple_call_arg(call, 0);

	STRIP_NOPS(arg);
	if (TREE_CODE(arg) == ADDR_EXPR)
		arg = TREE_OPERAND(arg, 0);
	if (TREE_CODE(arg) == ARRAY_REF)
		arg = TREE_OPERAND(arg, 0);
	if (TREE_CODE(arg) == STRING_CST)
		return TREE_STRING_POINTER(arg);
	return "rcu_dereference";
}

/*
 * Whether a consume load loads a pointer: GCC loads pointers with the
 * integer-typed __atomic_load_N and converts the result, so the use tells.
 */
static bool consume_loads_pointer(const_gimple stmt)
{
	tree lhs = gimple_call_lhs(stmt);
	imm_use_iterator it;
	use_operand_p use_p;

	if (POINTER_TYPE_P(TREE_TYPE(lhs)))
		return true;
	if (TREE_CODE(lhs) != SSA_NAME)
		return false;
	FOR_EACH_IMM_USE_FAST(use_p, it, lhs) {
		gimple use = USE_STMT(use_p);

		if (is_gimple_assign(use) &&
		    CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(use)) &&
		    POINTER_TYPE_P(TREE_TYPE(gimple_assign_lhs(use))))
			return true;
	}
	return false;
}

/* Whether type is the C++ library's memory_order. */
static bool is_memory_order_type(tree type)
{
	tree name = TYPE_NAME(TYPE_MAIN_VARIANT(type));

	if (name && TREE_CODE(name) == TYPE_DECL)
		name = DECL_NAME(name);
	return TREE_CODE(type) == ENUMERAL_TYPE && name &&
	       TREE_CODE(name) == IDENTIFIER_NODE &&
	       !strcmp(IDENTIFIER_POINTER(name), "memory_order");
}

/*
 * consume=dependency: a call that passes the constant
 * std::memory_order_consume and returns a scalar (libstdc++'s
 * std::atomic<T>::load(), std::atomic_load_explicit()).  Its body loads
 * with the memory order of its parameter, so the mark pass sees no consume
 * load; once inlined, it is one, found again by the call's location.
 */
static bool is_consume_call(const_gimple stmt)
{
	unsigned int i;
	tree lhs;

	if (!rcu_deref_options.consume_dependency || !is_gimple_call(stmt) ||
	    gimple_call_internal_p(stmt))
		return false;
	lhs = gimple_call_lhs(stmt);
	if (!lhs || !is_scalar_type(TREE_TYPE(lhs)))
		return false;
	for (i = 0; i < gimple_call_num_args(stmt); i++) {
		tree arg = gimple_call_arg(stmt, i);

		if (TREE_CODE(arg) == INTEGER_CST && is_memory_order_type(TREE_TYPE(arg)) &&
		    tree_fits_uhwi_p(arg) &&
		    memmodel_base(tree_to_uhwi(arg)) == MEMMODEL_CONSUME)
			return true;
	}
	return false;
}

/*
 * The consume-call head whose inlined body holds block: by the location of
 * the innermost inlined call that is one, or -1.
 */
int inlined_consume_head(tree block)
{
	for (; block && TREE_CODE(block) == BLOCK; block = BLOCK_SUPERCONTEXT(block)) {
		location_t loc;
		int *src;

		if (!inlined_function_outer_scope_p(block))
			continue;
		loc = pure_loc(BLOCK_SOURCE_LOCATION(block));
		if (!known_loc(loc) || !heads.consume_calls->contains(loc))
			continue;
		src = heads.by_loc->get(loc);
		if (src)
			return *src;
	}
	return -1;
}

/* The head source of stmt, in either pass, or -1. */
int stmt_head(const_gimple stmt)
{
	location_t loc;
	int *idx;

	if (is_consume_load(stmt)) {
		int call = rcu_deref_options.consume_dependency ?
			   inlined_consume_head(gimple_block(stmt)) : -1;

		return call >= 0 ? call :
		       head_source(gimple_location(stmt), "memory_order_consume load",
				   consume_loads_pointer(stmt));
	}
	if (is_consume_call(stmt)) {
		loc = pure_loc(gimple_location(stmt));
		if (known_loc(loc))
			heads.consume_calls->add(loc);
		return head_source(loc, "memory_order_consume load",
				   POINTER_TYPE_P(TREE_TYPE(gimple_call_lhs(stmt))));
	}
	if (!is_volatile_scalar_load(stmt))
		return -1;
	loc = pure_loc(gimple_location(stmt));
	idx = known_loc(loc) ? heads.by_loc->get(loc) : NULL;
	if (idx)
		return *idx;
	if (rcu_deref_options.read_once_heads)
		return head_source(gimple_location(stmt), "READ_ONCE",
				   POINTER_TYPE_P(TREE_TYPE(gimple_assign_lhs(stmt))));
	return -1;
}

/* A volatile load of a scalar, before SSA: its operands are not scanned yet. */
static bool is_volatile_load_stmt(const_gimple stmt)
{
	tree rhs;

	if (!gimple_assign_load_p(stmt))
		return false;
	rhs = gimple_assign_rhs1(stmt);
	return (TREE_THIS_VOLATILE(rhs) || TYPE_VOLATILE(TREE_TYPE(rhs))) &&
	       is_scalar_type(TREE_TYPE(gimple_assign_lhs(stmt)));
}

/*
 * The volatile load whose value var holds at the marker call at gsi:
 * looking back in the block, through copies and conversions.
 */
static gimple marker_load(gimple_stmt_iterator gsi, tree var)
{
	unsigned int steps;

	for (gsi_prev(&gsi), steps = 0; !gsi_end_p(gsi) && steps < 64;
	     gsi_prev(&gsi), steps++) {
		gimple stmt = gsi_stmt(gsi);

		if (!is_gimple_assign(stmt) || gimple_assign_lhs(stmt) != var)
			continue;
		if (is_volatile_load_stmt(stmt))
			return stmt;
		if (!gimple_assign_single_p(stmt) &&
		    !CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(stmt)))
			return NULL;
		var = gimple_assign_rhs1(stmt);
		if (!DECL_P(var) && TREE_CODE(var) != SSA_NAME)
			return NULL;
	}
	return NULL;
}

/*
 * The statement right before the marker call at gsi that computes its
 * argument into a compiler temporary (a volatile-qualified local, as a
 * _Complex head gets, is read into one): it exists only for the marker.
 */
static gimple marker_argument_temp(gimple_stmt_iterator gsi, tree value)
{
	gimple prev;

	gsi_prev(&gsi);
	if (gsi_end_p(gsi) ||
	    !(TREE_CODE(value) == SSA_NAME || (VAR_P(value) && DECL_ARTIFICIAL(value))))
		return NULL;
	prev = gsi_stmt(gsi);
	return is_gimple_assign(prev) && gimple_assign_lhs(prev) == value ? prev : NULL;
}

/* Register the head a marker call names, and remove the call. */
static void take_marker(gimple_stmt_iterator *gsi)
{
	gimple call = gsi_stmt(*gsi);
	tree value = gimple_call_num_args(call) > 1 ? gimple_call_arg(call, 1) : NULL;
	bool named = value && (DECL_P(value) || TREE_CODE(value) == SSA_NAME);
	gimple load = named ? marker_load(*gsi, value) : NULL;
	gimple temp = named ? marker_argument_temp(*gsi, value) : NULL;
	gimple_stmt_iterator temp_gsi;

	if (load) {
		int src = head_source(gimple_location(load), marker_primitive(call),
				      POINTER_TYPE_P(TREE_TYPE(gimple_assign_lhs(load))));

		source_at(src)->marked = true;
	}
	gsi_remove(gsi, true);
	if (temp && temp != load) {
		temp_gsi = gsi_for_stmt(temp);
		gsi_remove(&temp_gsi, true);
		if (TREE_CODE(value) == SSA_NAME)
			release_ssa_name(value);
	}
}

/*
 * Right after the CFG is built, before the call graph's edges and into-SSA:
 * a marker call removed there leaves no trace in the code, the SSA
 * numbering or the debug information.  Its head is found again, by its
 * location, by the passes that follow.
 */
static unsigned int rcu_deref_unmark_execute(void)
{
	basic_block bb;
	gimple_stmt_iterator gsi;

	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi);) {
			if (is_marker_call(gsi_stmt(gsi)))
				take_marker(&gsi);
			else
				gsi_next(&gsi);
		}
	}
	return 0;
}

#define PASS_NAME rcu_deref_unmark
#define NO_GATE
#define PROPERTIES_REQUIRED PROP_cfg
#include "gcc-generate-gimple-pass.h"

/* A use that only copies or converts the value, or merges it in a PHI. */
static tree copy_result(gimple use)
{
	if (gimple_code(use) == GIMPLE_PHI)
		return gimple_phi_result(use);
	if (is_gimple_assign(use) &&
	    (gimple_assign_ssa_name_copy_p(use) ||
	     CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(use))) &&
	    TREE_CODE(gimple_assign_lhs(use)) == SSA_NAME)
		return gimple_assign_lhs(use);
	return NULL_TREE;
}

/* Whether value, a copy or a conversion of it is used by anything. */
static bool value_used(tree value)
{
	auto_vec<tree> todo;
	auto_bitmap seen;
	bool used = false;

	todo.safe_push(value);
	bitmap_set_bit(seen, SSA_NAME_VERSION(value));
	while (!used && !todo.is_empty()) {
		tree name = todo.pop();
		imm_use_iterator it;
		use_operand_p use_p;

		FOR_EACH_IMM_USE_FAST(use_p, it, name) {
			gimple use = USE_STMT(use_p);
			tree copy;

			if (is_gimple_debug(use))
				continue;
			copy = copy_result(use);
			if (!copy) {
				used = true;
				break;
			}
			if (!bitmap_set_bit(seen, SSA_NAME_VERSION(copy)))
				continue;
			todo.safe_push(copy);
		}
	}
	return used;
}

/*
 * A head whose value nothing uses: the C front end folds x - x, x * 0,
 * x % 1, x & 0 and the like before GIMPLE exists, and takes the head's
 * uses with it.  No access can depend on such a head.
 */
void check_heads_used(struct chain_walk *w)
{
	unsigned int i;
	tree value;

	FOR_EACH_VEC_ELT(w->heads, i, value) {
		struct dep_source *head = source_at(w->source[SSA_NAME_VERSION(value)]);
		location_t loc;

		if (value_used(value))
			continue;
		head->unused = true;
		/* At the rcu_dereference() in the user's code, not in its macro. */
		loc = linemap_resolve_location(line_table, head->loc,
					       LRK_MACRO_EXPANSION_POINT, NULL);
		warn_unused_head(loc, head->primitive);
	}
}
