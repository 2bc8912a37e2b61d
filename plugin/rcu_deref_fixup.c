// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: fix-up mode.  The head of each broken chain becomes a
 * load-acquire (LDAR, or LDAPR with RCpc); a head loaded in another
 * function gets an acquire fence after the call that returned it, or at
 * the entry of the clone.  Each fixed site is recorded in the object, in
 * section __rcu_deref_fixups.
 */

#include "rcu_deref_internal.h"

#define SITES_SECTION "__rcu_deref_fixups"

/* Where the user wrote the site: the outermost macro's expansion point. */
static location_t user_loc(location_t loc)
{
	return linemap_resolve_location(line_table, loc, LRK_MACRO_EXPANSION_POINT, NULL);
}

/* The name of the current function as the user wrote it. */
static const char *site_function(void)
{
	tree fn = clone_origin() ? clone_origin() : current_function_decl;

	return lang_hooks.decl_printable_name(fn, 2);
}

/*
 * Record a fixed site in the object file: one NUL-terminated string
 * "file:line: function: how" in section __rcu_deref_fixups.  The strings
 * of all objects concatenate at link time, so that a kernel can list at
 * boot the sites it protects, and a tool can list them in any object.
 */
static void record_site(location_t loc, const char *how)
{
	expanded_location xl = expand_location(loc);
	char *text = xasprintf("%s:%d: %s: %s", xl.file ? xl.file : "<unknown>",
			       xl.line, site_function(), how);
	size_t len = strlen(text) + 1;
	tree type = build_array_type_nelts(char_type_node, len);
	tree decl = build_decl(UNKNOWN_LOCATION, VAR_DECL,
			       create_tmp_var_name("__rcu_deref_site"), type);
	tree str = build_string(len, text);

	TREE_TYPE(str) = type;
	TREE_STATIC(decl) = 1;
	TREE_READONLY(decl) = 1;
	TREE_USED(decl) = 1;
	DECL_ARTIFICIAL(decl) = 1;
	DECL_IGNORED_P(decl) = 1;
	DECL_PRESERVE_P(decl) = 1;
	DECL_INITIAL(decl) = str;
	SET_DECL_ALIGN(decl, BITS_PER_UNIT);
	DECL_USER_ALIGN(decl) = 1;
	set_decl_section_name(decl, SITES_SECTION);
	varpool_finalize_decl(decl);
	free(text);
	count_one(COUNT_FIXUPS);
}

/* __atomic_load_N for an access of size bytes, or NULL. */
static tree atomic_load_builtin(unsigned HOST_WIDE_INT size)
{
	switch (size) {
	case 1:
		return builtin_decl_explicit(BUILT_IN_ATOMIC_LOAD_1);
	case 2:
		return builtin_decl_explicit(BUILT_IN_ATOMIC_LOAD_2);
	case 4:
		return builtin_decl_explicit(BUILT_IN_ATOMIC_LOAD_4);
	case 8:
		return builtin_decl_explicit(BUILT_IN_ATOMIC_LOAD_8);
	}
	return NULL_TREE;
}

static tree memmodel_arg(enum memmodel model)
{
	return build_int_cst(integer_type_node, model);
}

#ifdef AARCH64_FL_RCPC
/* Whether the target has LDAPR (RCpc, mandatory from Armv8.3-A). */
static bool target_has_rcpc(void)
{
	return aarch64_isa_flags & (AARCH64_FL_RCPC | AARCH64_FL_V8_3);
}

/* lhs = LDAPR [addr]: a load-acquire that is only RCpc, as the kernel's. */
static gimple build_ldapr(tree lhs, tree addr, tree type, unsigned HOST_WIDE_INT size)
{
	const char *insn = size == 1 ? "ldaprb\t%w0, %1" :
			   size == 2 ? "ldaprh\t%w0, %1" :
			   size == 4 ? "ldapr\t%w0, %1" : "ldapr\t%x0, %1";
	/* GC vectors of trees, named through typeof to stay C-looking. */
	__typeof__(make_tree_vector()) inputs = make_tree_vector();
	__typeof__(inputs) outputs = make_tree_vector();
	__typeof__(inputs) clobbers = make_tree_vector();
	tree mem = build2(MEM_REF, type, addr, build_int_cst(TREE_TYPE(addr), 0));
	gasm *as;

	TREE_THIS_VOLATILE(mem) = 1;
	TREE_SIDE_EFFECTS(mem) = 1;
	vec_safe_push(outputs, build_tree_list(build_tree_list(NULL_TREE,
							       build_string(3, "=r")), lhs));
	vec_safe_push(inputs, build_tree_list(build_tree_list(NULL_TREE,
							      build_string(2, "Q")), mem));
	vec_safe_push(clobbers, build_tree_list(NULL_TREE, build_string(7, "memory")));
	as = gimple_build_asm_vec(insn, inputs, outputs, clobbers, NULL);
	gimple_asm_set_volatile(as, true);
	return as;
}
#endif

/*
 * Replace the volatile head load at gsi with a load-acquire of the same
 * size and address: LDAPR where the target has RCpc, otherwise
 * __atomic_load_N(addr, __ATOMIC_ACQUIRE) (LDAR on arm64).  Returns the
 * instruction used, or NULL when the load cannot be an atomic one
 * (unusual size, misaligned).
 */
static const char *make_load_acquire(gimple_stmt_iterator *gsi)
{
	unsigned HOST_WIDE_INT size;
	gimple stmt = gsi_stmt(*gsi);
	tree lhs = gimple_assign_lhs(stmt);
	tree ref = gimple_assign_rhs1(stmt);
	tree type = TREE_TYPE(lhs);
	tree fn, addr, tmp;
	gimple load;

	if (!tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)))
		return NULL;
	size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
	fn = atomic_load_builtin(size);
	if (!fn || get_object_alignment(ref) < size * BITS_PER_UNIT)
		return NULL;
	addr = force_gimple_operand_gsi(gsi, build_fold_addr_expr(ref), true,
					NULL_TREE, true, GSI_SAME_STMT);
#ifdef AARCH64_FL_RCPC
	if (target_has_rcpc()) {
		load = build_ldapr(lhs, addr, TREE_TYPE(ref), size);
		gimple_set_location(load, gimple_location(stmt));
		gsi_replace(gsi, load, true);
		SSA_NAME_DEF_STMT(lhs) = load;
		return "ldapr";
	}
#endif
	load = gimple_build_call(fn, 2, addr, memmodel_arg(MEMMODEL_ACQUIRE));
	tmp = make_ssa_name(TREE_TYPE(TREE_TYPE(fn)));
	gimple_call_set_lhs(load, tmp);
	gimple_set_location(load, gimple_location(stmt));
	gsi_insert_before(gsi, load, GSI_SAME_STMT);
	gsi_replace(gsi, gimple_build_assign(lhs, NOP_EXPR, tmp), true);
	return "load-acquire";
}

static gimple build_acquire_fence(location_t loc)
{
	gimple fence = gimple_build_call(builtin_decl_explicit(BUILT_IN_ATOMIC_THREAD_FENCE),
					 1, memmodel_arg(MEMMODEL_ACQUIRE));

	gimple_set_location(fence, loc);
	return fence;
}

/* Put an acquire fence right after stmt, on its normal path. */
static void fence_after(gimple stmt)
{
	gimple fence = build_acquire_fence(gimple_location(stmt));
	gimple_stmt_iterator gsi;
	edge e;

	if (!stmt_ends_bb_p(stmt)) {
		gsi = gsi_for_stmt(stmt);
		gsi_insert_after(&gsi, fence, GSI_NEW_STMT);
		return;
	}
	e = find_fallthru_edge(gimple_bb(stmt)->succs);
	if (e)
		gsi_insert_on_edge_immediate(e, fence);
}

/* Put an acquire fence at the entry of the current function. */
static void fence_at_entry(void)
{
	edge e = single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(cfun));
	location_t loc = DECL_SOURCE_LOCATION(current_function_decl);

	gsi_insert_on_edge_immediate(e, build_acquire_fence(loc));
}

/* Tell and record that the site at loc was fixed, and how. */
static void fixed_site(location_t loc, int head, const char *how, const char *text)
{
	loc = user_loc(loc);
	inform(loc, "fix-up: %s %qs in %qs", text, source_at(head)->primitive,
	       site_function());
	record_site(loc, how);
}

/* Make one head statement of a broken chain a load-acquire. */
static void fix_head_stmt(gimple_stmt_iterator *gsi, int head)
{
	gimple stmt = gsi_stmt(*gsi);
	location_t loc = gimple_location(stmt);
	const char *how;

	if (is_consume_load(stmt)) {
		gimple_call_set_arg(stmt, 1, memmodel_arg(MEMMODEL_ACQUIRE));
		update_stmt(stmt);
		fixed_site(loc, head, "acquire", "this load-acquire now performs the load of");
		return;
	}
	how = make_load_acquire(gsi);
	if (how) {
		fixed_site(loc, head, "acquire", how[0] == 'l' && how[1] == 'd' ?
			   "an LDAPR (RCpc load-acquire) now performs the load of" :
			   "a load-acquire now performs the load of");
		return;
	}
	fence_after(stmt);
	fixed_site(loc, head, "fence", "an acquire fence now follows the load of");
}

/* Whether head is one to fix, or merged with one. */
static bool head_to_fix(bitmap leaders, int head)
{
	return head >= 0 && bitmap_bit_p(leaders, head_leader(head));
}

/*
 * Fix-up mode: make each head of a broken chain in the current function a
 * load-acquire.  A head loaded in another function (a getter that was not
 * inlined, the caller of a clone) gets an acquire fence instead: after the
 * call that returned its value, or at the entry of the clone.
 */
unsigned int apply_fixups(bitmap fix_heads)
{
	auto_vec<gimple> calls;
	auto_bitmap done, leaders;
	unsigned int i;
	bitmap_iterator bi;
	basic_block bb;
	gimple_stmt_iterator gsi;
	gimple call;

	EXECUTE_IF_SET_IN_BITMAP(fix_heads, 0, i, bi)
		bitmap_set_bit(leaders, head_leader(i));
	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);
			int head = stmt_head(stmt);

			if (head_to_fix(leaders, head)) {
				fix_head_stmt(&gsi, head);
				bitmap_set_bit(done, head_leader(head));
				continue;
			}
			head = is_gimple_call(stmt) ? returned_head(stmt) : -1;
			if (head_to_fix(leaders, head))
				calls.safe_push(stmt);
		}
	}
	/* Fences go in once the walk is over: they may split edges. */
	FOR_EACH_VEC_ELT(calls, i, call) {
		int head = returned_head(call);

		fence_after(call);
		fixed_site(gimple_location(call), head, "fence",
			   "an acquire fence after this call orders the accesses through the value of");
		bitmap_set_bit(done, head_leader(head));
	}
	EXECUTE_IF_SET_IN_BITMAP(fix_heads, 0, i, bi) {
		if (!bitmap_set_bit(done, head_leader(i)))
			continue;
		fence_at_entry();
		fixed_site(DECL_SOURCE_LOCATION(current_function_decl), i, "fence",
			   "an acquire fence at the entry of this function orders the accesses through the value of");
	}
	mark_virtual_operands_for_renaming(cfun);
	return TODO_update_ssa_only_virtuals;
}
