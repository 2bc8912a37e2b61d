// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: memory accesses.  Which operands of a statement load or store
 * memory, the key an access is recorded by, and what its address is based
 * on: a pointer value, or a global object's constant address.
 */

#include "rcu_deref_internal.h"

static bool is_memory_ref(tree t)
{
	return t && (TREE_CODE(t) == MEM_REF || TREE_CODE(t) == TARGET_MEM_REF ||
		     handled_component_p(t) || DECL_P(t)) &&
	       TREE_CODE(t) != FIELD_DECL && TREE_CODE(t) != FUNCTION_DECL &&
	       TREE_CODE(t) != LABEL_DECL && TREE_CODE(t) != CONST_DECL &&
	       TREE_CODE(t) != PARM_DECL && TREE_CODE(t) != RESULT_DECL &&
	       !(DECL_P(t) && !is_global_var(t));
}

/*
 * Which operand of stmt ref is, so that two arguments of one call (which
 * share the call's location) get different keys.
 */
static unsigned int operand_index(const_gimple stmt, tree ref)
{
	unsigned int i;

	if (gimple_code(stmt) == GIMPLE_ASM) {
		const gasm *as = as_a_const_gasm(stmt);

		for (i = 0; i < gimple_asm_noutputs(as); i++) {
			if (TREE_VALUE(gimple_asm_output_op(as, i)) == ref)
				return 64 + i;
		}
		for (i = 0; i < gimple_asm_ninputs(as); i++) {
			if (TREE_VALUE(gimple_asm_input_op(as, i)) == ref)
				return 96 + i;
		}
		return 127;
	}
	for (i = 0; i < gimple_num_ops(stmt) && i < 64; i++) {
		if (gimple_op(stmt, i) == ref)
			return i;
	}
	return 63;
}

/*
 * The key of an access: its statement's location, the operand it is, its
 * size and direction.
 */
unsigned HOST_WIDE_INT access_key(const_gimple stmt, tree ref, bool store)
{
	location_t loc = pure_loc(gimple_location(stmt));
	unsigned HOST_WIDE_INT size = 0;
	tree type = TREE_TYPE(ref);

	if (LOCATION_LOCUS(loc) == UNKNOWN_LOCATION)
		return 0;
	/* An access given by its address: the size of what it points to. */
	if ((TREE_CODE(ref) == SSA_NAME || TREE_CODE(ref) == ADDR_EXPR ||
	     TREE_CODE(ref) == INTEGER_CST) && type && POINTER_TYPE_P(type))
		type = TREE_TYPE(type);
	if (type && TYPE_SIZE(type) && tree_fits_uhwi_p(TYPE_SIZE(type)))
		size = tree_to_uhwi(TYPE_SIZE(type)) & 0xffffff;
	return pair_key(loc, (unsigned int)(size << 8 | operand_index(stmt, ref) << 1 | store));
}

/* The pointer the address of ref is based on, or NULL (a declared object). */
tree base_pointer(tree ref)
{
	if (TREE_CODE(ref) == SSA_NAME)
		return ref;
	if (TREE_CODE(ref) == ADDR_EXPR)
		ref = TREE_OPERAND(ref, 0);
	while (handled_component_p(ref))
		ref = TREE_OPERAND(ref, 0);
	if (TREE_CODE(ref) == MEM_REF)
		return TREE_OPERAND(ref, 0);
	if (TREE_CODE(ref) == TARGET_MEM_REF)
		return TMR_BASE(ref);
	return NULL_TREE;
}

/*
 * The global object (or constant address) that ref's address is based on,
 * whatever its variable indexes, or NULL when it is based on a pointer
 * value.
 */
tree object_base(tree ref)
{
	tree base = base_pointer(ref);
	poly_int64 size, max_size, offset;
	bool reverse;

	if (TREE_CODE(ref) == INTEGER_CST)
		return ref;
	if (base && TREE_CODE(base) == INTEGER_CST)
		return base;
	if (base && TREE_CODE(base) != ADDR_EXPR)
		return NULL_TREE;
	if (base) {
		ref = get_ref_base_and_extent(TREE_OPERAND(base, 0), &offset,
					      &size, &max_size, &reverse);
	} else {
		if (TREE_CODE(ref) == ADDR_EXPR)
			ref = TREE_OPERAND(ref, 0);
		while (handled_component_p(ref))
			ref = TREE_OPERAND(ref, 0);
	}
	if (DECL_P(ref) && is_global_var(ref))
		return ref;
	return NULL_TREE;
}

/* Whether some array index in ref is a variable. */
static bool variable_index(tree ref)
{
	if (TREE_CODE(ref) == ADDR_EXPR)
		ref = TREE_OPERAND(ref, 0);
	if (TREE_CODE(ref) == TARGET_MEM_REF)
		return TMR_INDEX(ref) || TMR_INDEX2(ref) ||
		       TREE_CODE(TMR_BASE(ref)) == SSA_NAME;
	while (handled_component_p(ref)) {
		if ((TREE_CODE(ref) == ARRAY_REF || TREE_CODE(ref) == ARRAY_RANGE_REF) &&
		    TREE_CODE(TREE_OPERAND(ref, 1)) == SSA_NAME)
			return true;
		ref = TREE_OPERAND(ref, 0);
	}
	return false;
}

/*
 * The global object whose constant address ref now uses, or NULL when the
 * address is not a constant (it still derives from some value).
 */
tree constant_address_base(tree ref)
{
	if (TREE_CODE(ref) == SSA_NAME || variable_index(ref))
		return NULL_TREE;
	return object_base(ref);
}

/* The global object and byte offset of a constant address, or 0. */
unsigned int constant_address(tree ref, HOST_WIDE_INT *offset)
{
	poly_int64 bitpos, bitsize, maxsize;
	tree base;
	bool reverse;

	if (TREE_CODE(ref) == ADDR_EXPR || TREE_CODE(ref) == SSA_NAME)
		return 0;
	base = get_ref_base_and_extent(ref, &bitpos, &bitsize, &maxsize, &reverse);
	if (!DECL_P(base) || !is_global_var(base) || !bitpos.is_constant())
		return 0;
	*offset = bitpos.to_constant() / BITS_PER_UNIT;
	return DECL_UID(base);
}

/* __atomic_* and __sync_* builtins access the object their first argument points to. */
static bool is_atomic_builtin(const_gimple stmt)
{
	tree fndecl;
	const char *name;

	if (!gimple_call_builtin_p(stmt, BUILT_IN_NORMAL) || !gimple_call_num_args(stmt))
		return false;
	fndecl = gimple_call_fndecl(stmt);
	name = DECL_NAME(fndecl) ? DECL_NAME_POINTER(fndecl) : "";
	return !strncmp(name, "__atomic_", 9) || !strncmp(name, "__sync_", 7);
}

static void visit_asm_accesses(struct chain_walk *w, gasm *stmt,
			       void (*fn)(struct chain_walk *w, gimple stmt, tree ref,
					  bool store, void *data),
			       void *data)
{
	unsigned int i;

	for (i = 0; i < gimple_asm_noutputs(stmt); i++) {
		tree op = TREE_VALUE(gimple_asm_output_op(stmt, i));

		if (is_memory_ref(op))
			fn(w, stmt, op, true, data);
	}
	for (i = 0; i < gimple_asm_ninputs(stmt); i++) {
		tree op = TREE_VALUE(gimple_asm_input_op(stmt, i));

		if (is_memory_ref(op))
			fn(w, stmt, op, false, data);
	}
}

/* Call fn for every memory reference a statement loads or stores. */
void visit_stmt_accesses(struct chain_walk *w, gimple stmt,
			 void (*fn)(struct chain_walk *w, gimple stmt, tree ref,
				    bool store, void *data),
			 void *data)
{
	unsigned int i;

	switch (gimple_code(stmt)) {
	case GIMPLE_ASSIGN:
		if (is_memory_ref(gimple_assign_lhs(stmt)))
			fn(w, stmt, gimple_assign_lhs(stmt), true, data);
		if (gimple_assign_single_p(stmt) && is_memory_ref(gimple_assign_rhs1(stmt)))
			fn(w, stmt, gimple_assign_rhs1(stmt), false, data);
		break;
	case GIMPLE_CALL:
		if (is_memory_ref(gimple_call_lhs(stmt)))
			fn(w, stmt, gimple_call_lhs(stmt), true, data);
		for (i = 0; i < gimple_call_num_args(stmt); i++) {
			if (is_memory_ref(gimple_call_arg(stmt, i)))
				fn(w, stmt, gimple_call_arg(stmt, i), false, data);
		}
		if (is_atomic_builtin(stmt))
			fn(w, stmt, gimple_call_arg(stmt, 0), !is_consume_load(stmt), data);
		break;
	case GIMPLE_ASM:
		visit_asm_accesses(w, as_a_gasm(stmt), fn, data);
		break;
	case GIMPLE_RETURN:
		if (is_memory_ref(gimple_return_retval(as_a_greturn(stmt))))
			fn(w, stmt, gimple_return_retval(as_a_greturn(stmt)), false, data);
		break;
	default:
		break;
	}
}

/*
 * visit_function_accesses() in SSA form, where every statement that loads
 * or stores memory has a virtual use, but for a load from a constant (a
 * string literal's element: "abc"[i]), which is a single assignment: the
 * others, most of a function, are passed over without looking at their
 * operands.
 */
void visit_memory_accesses(struct chain_walk *w,
			   void (*fn)(struct chain_walk *w, gimple stmt, tree ref,
				      bool store, void *data),
			   void *data)
{
	unsigned long steps = 0;
	basic_block bb;
	gimple_seq_node n;

	FOR_EACH_BB_FN(bb, cfun) {
		for (n = bb_seq(bb); n; n = n->next) {
			steps++;
			if ((gimple_vuse(n) || gimple_assign_single_p(n)) &&
			    !is_gimple_debug(n))
				visit_stmt_accesses(w, n, fn, data);
		}
	}
	count_add(COUNT_WALK_STEPS, steps);
}

void visit_function_accesses(struct chain_walk *w,
			     void (*fn)(struct chain_walk *w, gimple stmt, tree ref,
					bool store, void *data),
			     void *data)
{
	unsigned long steps = 0;
	basic_block bb;
	gimple_seq_node n;

	FOR_EACH_BB_FN(bb, cfun) {
		for (n = bb_seq(bb); n; n = n->next) {
			steps++;
			if (!is_gimple_debug(n))
				visit_stmt_accesses(w, n, fn, data);
		}
	}
	count_add(COUNT_WALK_STEPS, steps);
}
