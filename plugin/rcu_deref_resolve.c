// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: the head a source stands for in the function being checked.
 * A parameter stands for the argument of the call whose inlined body holds
 * the access, or of the callers of a clone; a call's result for what its
 * callee returns (getters).  And the clones themselves: their origin, and
 * why GCC made them.
 */

#include "rcu_deref_internal.h"

/* The outermost block of the body of fn inlined around block, or NULL. */
static tree inlined_block_of(tree block, unsigned int fn_uid)
{
	for (; block && TREE_CODE(block) == BLOCK; block = BLOCK_SUPERCONTEXT(block)) {
		tree origin;

		if (!inlined_function_outer_scope_p(block))
			continue;
		origin = block_ultimate_origin(block);
		if (origin && TREE_CODE(origin) == FUNCTION_DECL && DECL_UID(origin) == fn_uid)
			return block;
	}
	return NULL_TREE;
}

/* The function the current one was cloned from (IPA-CP, IPA-SRA), if any. */
tree clone_origin_of(tree fndecl)
{
	cgraph_node *node = fndecl ? cgraph_node::get(fndecl) : NULL;

	if (node && node->clone_of)
		return node->clone_of->decl;
	if (node && node->former_clone_of)
		return node->former_clone_of;
	return NULL_TREE;
}

/* Why the current function is a clone, from the suffix GCC gave its name. */
const char *clone_reason(void)
{
	const char *name = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(current_function_decl));

	if (strstr(name, ".constprop"))
		return "made for a constant argument (IPA-CP)";
	if (strstr(name, ".isra"))
		return "whose parameters IPA-SRA rewrote";
	if (strstr(name, ".part"))
		return "split off by partial inlining";
	return "made by an interprocedural pass";
}

tree clone_origin(void)
{
	return clone_origin_of(current_function_decl);
}

/* A clone: a caller passed a dependent pointer to the original. */
static int resolve_clone_param(const struct dep_source *s)
{
	tree origin = clone_origin();
	cgraph_node *node;
	cgraph_edge *e;
	int arg;

	if (!origin || DECL_UID(origin) != s->fn_uid)
		return -1;
	node = cgraph_node::get(current_function_decl);
	for (e = node->callers; e; e = e->next_caller) {
		if (!e->call_stmt)
			continue;
		arg = call_arg_source(gimple_location(e->call_stmt), s->fn_uid, s->index);
		if (arg >= 0 && source_at(arg)->kind == SRC_HEAD)
			return arg;
	}
	return -1;
}

/*
 * The calls through which resolution entered callees' summaries, innermost
 * last: a parameter of such a callee stands for that call's argument.
 */
struct call_path {
	int calls[20];
	unsigned int n;
};

/*
 * The head a source stands for in the current context (the body of fn
 * inlined around block, or the current function), or -1.  Each step goes
 * from a source to the one it stands for, at most 16 steps from depth: a
 * parameter of the callee of the innermost call on the path to that call's
 * argument, a parameter of an inlined body to its call's argument, a call's
 * result to what its callee returns; a value of two parameters to the
 * first of them that stands for a head.
 */
static int resolve_on(int src, tree block, int depth, struct call_path path, int *budget)
{
	const struct dep_source *s;
	tree inl;
	int call, head;

	for (; src >= 0 && depth <= 16 && --*budget >= 0; depth++) {
		s = source_at(src);
		switch (s->kind) {
		case SRC_HEAD:
			return src;
		case SRC_EITHER:
			/* The first of the parameters that stands for a head. */
			head = resolve_on(s->either[0], block, depth + 1, path, budget);
			if (head >= 0)
				return head;
			return resolve_on(s->either[1], block, depth + 1, path, budget);
		case SRC_PARAM:
			if (path.n && source_at(path.calls[path.n - 1])->fn_uid == s->fn_uid) {
				call = path.calls[--path.n];
				src = call_arg_source(source_at(call)->loc, s->fn_uid, s->index);
				continue;
			}
			if (path.n)
				return -1;
			/* A parameter of a function whose body the current one holds or clones. */
			inl = inlined_block_of(block, s->fn_uid);
			if (!inl)
				return resolve_clone_param(s);
			src = call_arg_source(BLOCK_SOURCE_LOCATION(inl), s->fn_uid, s->index);
			block = BLOCK_SUPERCONTEXT(inl);
			continue;
		case SRC_CALL:
			/* What the callee returns, seen through this call. */
			if (returned_source(s->fn_uid) < 0 || path.n == ARRAY_SIZE(path.calls))
				return -1;
			path.calls[path.n++] = src;
			src = returned_source(s->fn_uid);
			continue;
		}
		return -1;
	}
	return -1;
}

int resolve_source(int src, tree block, int depth)
{
	struct call_path path;
	int budget = 256;	/* steps, over every parameter tried */

	path.n = 0;
	return resolve_on(src, block, depth, path, &budget);
}

/*
 * resolve_source() for the probes of one function after the IPA inliner,
 * remembered by (source, block): there, the function's blocks, the
 * records and the clones' callers no longer change.  A block is numbered
 * the first time it is met.  Emptied for another function, and when GC
 * runs (a block freed, another made at its address).
 */
struct resolved_heads {
	hash_map<tree, unsigned int> *blocks;
	hash_map<key_hash, int> *heads;
	unsigned int fn_uid;
};

static struct resolved_heads resolved;

void resolve_start(void)
{
	resolved.fn_uid = 0;
	resolved.blocks = new hash_map<tree, unsigned int>;
	resolved.heads = new hash_map<key_hash, int>;
}

void resolve_finish(void)
{
	delete resolved.blocks;
	delete resolved.heads;
	resolved.blocks = NULL;
	resolved.heads = NULL;
}

void resolve_forget(void *gcc_data, void *user_data)
{
	if (!resolved.heads || !resolved.heads->elements())
		return;
	resolved.blocks->empty();
	resolved.heads->empty();
}

int resolve_after_inlining(int src, tree block)
{
	unsigned HOST_WIDE_INT key;
	unsigned int uid = DECL_UID(current_function_decl), *id;
	bool existed;
	int *head;

	if (resolved.fn_uid != uid) {
		resolve_forget(NULL, NULL);
		resolved.fn_uid = uid;
	}
	id = &resolved.blocks->get_or_insert(block, &existed);
	if (!existed)
		*id = resolved.blocks->elements();
	key = pair_key(*id, (unsigned int)src);
	head = &resolved.heads->get_or_insert(key, &existed);
	if (!existed)
		*head = resolve_source(src, block, 0);
	return *head;
}

/* The head a call returns, by the summary of its callee, or -1. */
int returned_head(gimple stmt)
{
	tree fndecl = gimple_call_fndecl(stmt);
	int ret;

	if (!fndecl || !gimple_call_lhs(stmt))
		return -1;
	if (clone_origin_of(fndecl))
		fndecl = clone_origin_of(fndecl);
	ret = returned_source(DECL_UID(fndecl));
	if (ret < 0 || source_at(ret)->kind == SRC_PARAM)
		return -1;
	return resolve_source(ret, NULL_TREE, 1);
}

/*
 * A call to a function that returns its parameter k, where the call passed
 * a head's value as argument k, but now passes a constant, or calls a
 * clone specialised for a constant argument: the result no longer depends
 * on the head.  The head, or -1.
 */
int call_lost_head(gimple stmt)
{
	tree fndecl = gimple_call_fndecl(stmt);
	tree origin = fndecl ? clone_origin_of(fndecl) : NULL_TREE;
	int ret, arg;
	int index;

	if (!fndecl || !gimple_call_lhs(stmt))
		return -1;
	ret = returned_source(DECL_UID(origin ? origin : fndecl));
	if (ret < 0 || source_at(ret)->kind != SRC_PARAM)
		return -1;
	index = source_at(ret)->index;
	if (!origin && (index >= (int)gimple_call_num_args(stmt) ||
			!is_gimple_min_invariant(gimple_call_arg(stmt, index))))
		return -1;
	arg = call_arg_source(gimple_location(stmt), DECL_UID(origin ? origin : fndecl), index);
	return arg >= 0 ? resolve_source(arg, NULL_TREE, 1) : -1;
}
