// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: the sources values derive from, and the walk that follows a
 * dependency chain through SSA (casts, arithmetic, PHIs, calls, asm, and
 * loads through a dependent pointer): a worklist over SSA names.
 */

#include "rcu_deref_internal.h"

/* The sources of the translation unit, by index. */
struct chain_state {
	vec<struct dep_source> sources;
	/* The either source made for a pair of sources, by the pair. */
	hash_map<int_hash<HOST_WIDE_INT, -1, -2>, int> *eithers;
};

static struct chain_state chain;

void chain_start(void)
{
	chain.sources.create(64);
	chain.eithers = new hash_map<int_hash<HOST_WIDE_INT, -1, -2>, int>;
}

void chain_finish(void)
{
	chain.sources.release();
	delete chain.eithers;
	chain.eithers = NULL;
}

int new_source(enum source_kind kind, location_t loc)
{
	struct dep_source src;

	memset(&src, 0, sizeof(src));
	src.kind = kind;
	src.loc = loc;
	src.leader = chain.sources.length();
	chain.sources.safe_push(src);
	return src.leader;
}

/* The number of sources of the unit: their indices are 0 to this - 1. */
unsigned int sources_count(void)
{
	return chain.sources.length();
}

struct dep_source *source_at(int src)
{
	return &chain.sources[src];
}

/*
 * Heads first, then parameters, then call results: a value derived from
 * a parameter and from a call (p->id & (nr_shards() - 1)) stands for the
 * parameter, which call sites resolve, rather than for a call whose
 * result may not depend on anything.
 */
int source_rank(int src)
{
	if (src < 0)
		return 0;
	switch (source_at(src)->kind) {
	case SRC_HEAD:
		return 3;
	case SRC_PARAM:
	case SRC_EITHER:
		return 2;
	default:
		return 1;
	}
}

/* The representative of the set of heads that head was merged with. */
int head_leader(int head)
{
	while (source_at(head)->leader != head) {
		source_at(head)->leader = source_at(source_at(head)->leader)->leader;
		head = source_at(head)->leader;
	}
	return head;
}

/*
 * One value derives from two heads (a list walk's PHI of the first and the
 * next pointer): fixing one of them means fixing both.  Only the mark pass
 * merges: which heads an access depends on is a fact of the source, and a
 * PHI that optimization builds later (an inlined getter choosing between
 * two heads' values) changes no recorded access.
 */
static void merge_heads(int a, int b)
{
	if (a < 0 || b < 0 || source_at(a)->kind != SRC_HEAD || source_at(b)->kind != SRC_HEAD)
		return;
	source_at(head_leader(a))->leader = head_leader(b);
}

/* Whether parameter source param is one that src stands for. */
static bool param_in(int param, int src)
{
	const struct dep_source *s = source_at(src);

	if (s->kind == SRC_EITHER)
		return param_in(param, s->either[0]) || param_in(param, s->either[1]);
	return s->kind == SRC_PARAM && s->fn_uid == source_at(param)->fn_uid &&
	       s->index == source_at(param)->index;
}

/* Whether every parameter that b stands for, a stands for too. */
static bool covers(int a, int b)
{
	const struct dep_source *s = source_at(b);

	if (s->kind == SRC_EITHER)
		return covers(a, s->either[0]) && covers(a, s->either[1]);
	return param_in(b, a);
}

/* How many parameters src stands for. */
static int params_in(int src)
{
	const struct dep_source *s = source_at(src);

	if (s->kind == SRC_EITHER)
		return params_in(s->either[0]) + params_in(s->either[1]);
	return 1;
}

/*
 * The source for a value derived from the parameters a stands for and
 * from those b stands for (a helper's "hash % nbuckets", where a call
 * may pass a constant for one and a head's value for the other): either
 * of them may resolve to a head where the helper is inlined or cloned.
 * At most four parameters, beyond which a keeps standing alone.
 */
static int either_source(int a, int b)
{
	HOST_WIDE_INT key;
	bool existed;
	int *made, src;

	if (covers(a, b))
		return a;
	if (covers(b, a))
		return b;
	if (params_in(a) + params_in(b) > 4)
		return a;
	key = ((HOST_WIDE_INT)a << 32) | (unsigned int)b;
	made = &chain.eithers->get_or_insert(key, &existed);
	if (existed)
		return *made;
	src = new_source(SRC_EITHER, UNKNOWN_LOCATION);
	source_at(src)->either[0] = a;
	source_at(src)->either[1] = b;
	*chain.eithers->get(key) = src;
	return src;
}

/* Whether a source is made of parameters only. */
static bool param_kind(int src)
{
	return src >= 0 && (source_at(src)->kind == SRC_PARAM ||
			    source_at(src)->kind == SRC_EITHER);
}

void walk_init(struct chain_walk *w)
{
	w->source = NULL;
	w->strength = NULL;
	w->names = num_ssa_names;
	w->work.create(0);
	w->heads.create(0);
	w->merge = false;
}

void walk_release(struct chain_walk *w)
{
	free(w->source);
	free(w->strength);
	w->work.release();
	w->heads.release();
}

/* Make the walk's tables, at its first seed. */
static void walk_tables(struct chain_walk *w)
{
	unsigned int i;

	w->source = XNEWVEC(int, w->names);
	w->strength = XCNEWVEC(unsigned char, w->names);
	for (i = 0; i < w->names; i++)
		w->source[i] = -1;
}

void seed(struct chain_walk *w, tree name, int src, enum dep_strength st)
{
	unsigned int v;

	if (!name || TREE_CODE(name) != SSA_NAME || src < 0 || st == DEP_NONE)
		return;
	count_one(COUNT_WALK_STEPS);
	if (!w->strength)
		walk_tables(w);
	v = SSA_NAME_VERSION(name);
	if (w->merge && st == DEP_ADDR && w->strength[v] == DEP_ADDR)
		merge_heads(src, w->source[v]);
	if (w->strength[v] > st)
		return;
	if (w->strength[v] == st && param_kind(w->source[v]) && param_kind(src)) {
		src = either_source(w->source[v], src);
		if (src == w->source[v])
			return;
	} else if (w->strength[v] == st && source_rank(w->source[v]) >= source_rank(src)) {
		return;
	}
	w->strength[v] = st;
	w->source[v] = src;
	w->work.safe_push(name);
}

enum dep_strength strength_of(struct chain_walk *w, tree op, int *src)
{
	unsigned int v;

	if (!op || TREE_CODE(op) != SSA_NAME || !w->strength)
		return DEP_NONE;
	v = SSA_NAME_VERSION(op);
	if (w->strength[v] != DEP_NONE)
		*src = w->source[v];
	return (enum dep_strength)w->strength[v];
}

/*
 * Push the operands the address of the memory reference ref is computed
 * from: base pointers, array indices, a TARGET_MEM_REF's base and indices.
 * An access given by its address (atomic builtins) is an SSA name, its own
 * operand; a declared object's address has none.
 */
void address_operands(tree ref, vec<tree> *ops)
{
	if (TREE_CODE(ref) == SSA_NAME) {
		ops->safe_push(ref);
		return;
	}
	if (TREE_CODE(ref) == ADDR_EXPR)
		ref = TREE_OPERAND(ref, 0);
	while (handled_component_p(ref) || TREE_CODE(ref) == MEM_REF ||
	       TREE_CODE(ref) == TARGET_MEM_REF) {
		switch (TREE_CODE(ref)) {
		case ARRAY_REF:
		case ARRAY_RANGE_REF:
			ops->safe_push(TREE_OPERAND(ref, 1));
			break;
		case MEM_REF:
			ops->safe_push(TREE_OPERAND(ref, 0));
			return;
		case TARGET_MEM_REF:
			ops->safe_push(TMR_BASE(ref));
			if (TMR_INDEX(ref))
				ops->safe_push(TMR_INDEX(ref));
			if (TMR_INDEX2(ref))
				ops->safe_push(TMR_INDEX2(ref));
			return;
		default:
			break;
		}
		ref = TREE_OPERAND(ref, 0);
	}
}

/*
 * The strongest dependency among the SSA names used in the address of the
 * memory reference ref (base pointers and array indices).
 */
enum dep_strength address_dep(struct chain_walk *w, tree ref, int *src)
{
	auto_vec<tree, 8> ops;
	enum dep_strength best = DEP_NONE;
	unsigned int i;

	*src = -1;
	address_operands(ref, &ops);
	for (i = 0; i < ops.length(); i++) {
		enum dep_strength st;
		int s = -1;

		st = strength_of(w, ops[i], &s);
		if (st > best || (st == best && st != DEP_NONE &&
				  source_rank(s) > source_rank(*src))) {
			best = st;
			*src = s;
		}
	}
	return best;
}

/* The strongest dependency among the SSA operands of an assignment. */
static enum dep_strength operands_dep(struct chain_walk *w, gimple stmt,
				      unsigned int first, int *src)
{
	enum dep_strength best = DEP_NONE;
	unsigned int i;

	*src = -1;
	for (i = first; i < gimple_num_ops(stmt); i++) {
		tree op = gimple_op(stmt, i);
		enum dep_strength st;
		int s = -1;

		if (!op)
			continue;
		if (TREE_CODE(op) == ADDR_EXPR || TREE_CODE(op) == MEM_REF ||
		    handled_component_p(op))
			st = address_dep(w, TREE_CODE(op) == ADDR_EXPR ?
					 TREE_OPERAND(op, 0) : op, &s);
		else
			st = strength_of(w, op, &s);
		if (st > best || (st == best && st != DEP_NONE &&
				  source_rank(s) > source_rank(*src))) {
			best = st;
			*src = s;
		}
	}
	return best;
}

static bool is_flag_code(enum tree_code code)
{
	return TREE_CODE_CLASS(code) == tcc_comparison ||
	       code == TRUTH_AND_EXPR || code == TRUTH_OR_EXPR ||
	       code == TRUTH_XOR_EXPR || code == TRUTH_NOT_EXPR;
}

/* Propagate the dependency of an assignment's operands to its result. */
static void visit_assign(struct chain_walk *w, gassign *stmt)
{
	tree lhs = gimple_assign_lhs(stmt);
	enum dep_strength st;
	int src;

	if (TREE_CODE(lhs) != SSA_NAME)
		return;
	if (gimple_assign_rhs_code(stmt) == COND_EXPR) {
		/* The condition selects; the arms carry the value. */
		st = operands_dep(w, stmt, 2, &src);
	} else {
		st = operands_dep(w, stmt, 1, &src);
		if (st != DEP_NONE && is_flag_code(gimple_assign_rhs_code(stmt)))
			st = DEP_FLAGS;
	}
	seed(w, lhs, src, st);
}

/* A call's result derives from its arguments (helpers, getters). */
static void visit_call(struct chain_walk *w, gcall *stmt)
{
	enum dep_strength best = DEP_NONE;
	int src = -1;
	unsigned int i;

	if (!gimple_call_lhs(stmt) || is_consume_load(stmt))
		return;
	for (i = 0; i < gimple_call_num_args(stmt); i++) {
		int s = -1;
		enum dep_strength st = strength_of(w, gimple_call_arg(stmt, i), &s);

		if (st > best) {
			best = st;
			src = s;
		}
	}
	seed(w, gimple_call_lhs(stmt), src, best > DEP_ASSUMED ? DEP_ASSUMED : best);
}

/* The outputs of an asm statement derive from its inputs. */
static void visit_asm(struct chain_walk *w, gasm *stmt)
{
	enum dep_strength best = DEP_NONE;
	int src = -1;
	unsigned int i;

	for (i = 0; i < gimple_asm_ninputs(stmt); i++) {
		int s = -1;
		enum dep_strength st = strength_of(w, TREE_VALUE(gimple_asm_input_op(stmt, i)), &s);

		if (st > best) {
			best = st;
			src = s;
		}
	}
	for (i = 0; i < gimple_asm_noutputs(stmt); i++)
		seed(w, TREE_VALUE(gimple_asm_output_op(stmt, i)), src, best);
}

/*
 * A PHI's result derives from the best of its arguments: only the argument
 * that just improved (changed) can improve it, so a PHI of n values costs
 * n visits, not n * n.
 */
static void visit_phi(struct chain_walk *w, gphi *phi, tree changed)
{
	int src = -1;
	enum dep_strength st = strength_of(w, changed, &src);

	seed(w, gimple_phi_result(phi), src, st);
}

/*
 * The constant value is, directly or as an SSA name set to it (as right
 * after "ssa"), or NULL.
 */
tree invariant_value(tree value)
{
	gimple def;

	if (!value || is_gimple_min_invariant(value))
		return value;
	if (TREE_CODE(value) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF(value))
		return NULL_TREE;
	def = SSA_NAME_DEF_STMT(value);
	if (gimple_assign_single_p(def) && is_gimple_min_invariant(gimple_assign_rhs1(def)))
		return gimple_assign_rhs1(def);
	return NULL_TREE;
}

static bool phi_args_invariant(gphi *phi)
{
	for (unsigned int i = 0; i < gimple_phi_num_args(phi); i++) {
		if (!invariant_value(gimple_phi_arg_def(phi, i)))
			return false;
	}
	return true;
}

static void seed_constant_phis(struct chain_walk *w, basic_block join, int src)
{
	gphi_iterator gpi;

	for (gpi = gsi_start_phis(join); !gsi_end_p(gpi); gsi_next(&gpi)) {
		gphi *phi = gpi.phi();

		if (!virtual_operand_p(gimple_phi_result(phi)) && phi_args_invariant(phi))
			seed(w, gimple_phi_result(phi), src, DEP_FLAGS);
	}
}

#define JOIN_DEPTH 3
#define JOIN_BLOCKS 16

/*
 * A branch on a dependent value that selects between constants ("&&",
 * "||", "c ? &a : &b"): the PHIs that merge the constants, in the join
 * blocks within a few blocks of the branch, depend on the head only
 * through the flags.
 */
static void visit_cond(struct chain_walk *w, gimple cond)
{
	basic_block seen[JOIN_BLOCKS];
	int depth[JOIN_BLOCKS];
	unsigned int nseen = 0, next = 0, i;
	int src = -1, s2 = -1;
	edge e;
	edge_iterator ei;

	strength_of(w, gimple_cond_lhs(cond), &src);
	if (strength_of(w, gimple_cond_rhs(cond), &s2) != DEP_NONE && src < 0)
		src = s2;
	if (src < 0)
		return;
	seen[nseen] = gimple_bb(cond);
	depth[nseen++] = 0;
	/* Breadth first over the blocks near the branch. */
	for (next = 0; next < nseen; next++) {
		if (depth[next] == JOIN_DEPTH)
			continue;
		FOR_EACH_EDGE(e, ei, seen[next]->succs) {
			for (i = 0; i < nseen && seen[i] != e->dest; i++)
				;
			if (i < nseen || nseen == JOIN_BLOCKS)
				continue;
			seen[nseen] = e->dest;
			depth[nseen++] = depth[next] + 1;
			if (EDGE_COUNT(e->dest->preds) >= 2)
				seed_constant_phis(w, e->dest, src);
		}
	}
}

static void follow_loads(struct chain_walk *w, gimple stmt, tree ref, bool store,
			 void *data);

static void visit_use(struct chain_walk *w, gimple use, tree changed)
{
	count_one(COUNT_WALK_STEPS);
	switch (gimple_code(use)) {
	case GIMPLE_PHI:
		visit_phi(w, as_a_gphi(use), changed);
		break;
	case GIMPLE_ASSIGN:
		visit_assign(w, as_a_gassign(use));
		/* A load whose address the changed value is part of. */
		if (gimple_assign_single_p(use))
			visit_stmt_accesses(w, use, follow_loads, NULL);
		break;
	case GIMPLE_CALL:
		visit_call(w, as_a_gcall(use));
		break;
	case GIMPLE_COND:
		visit_cond(w, use);
		break;
	case GIMPLE_ASM:
		visit_asm(w, as_a_gasm(use));
		break;
	default:
		break;
	}
}

/* Run the worklist to its fixed point. */
static void walk_propagate(struct chain_walk *w)
{
	while (!w->work.is_empty()) {
		tree name = w->work.pop();
		imm_use_iterator it;
		use_operand_p use_p;

		/*
		 * Per use, not per statement: grouping the uses of a statement
		 * costs the statement's size, and a PHI can merge thousands.
		 */
		FOR_EACH_IMM_USE_FAST(use_p, it, name) {
			gimple use = USE_STMT(use_p);

			if (!is_gimple_debug(use))
				visit_use(w, use, name);
		}
	}
}

/* Loads through a dependent pointer carry the dependency on. */
static void follow_loads(struct chain_walk *w, gimple stmt, tree ref, bool store,
			 void *data)
{
	int src;
	enum dep_strength st;
	tree lhs;

	if (store || !is_gimple_assign(stmt))
		return;
	lhs = gimple_assign_lhs(stmt);
	st = address_dep(w, ref, &src);
	if (st >= DEP_ASSUMED && TREE_CODE(lhs) == SSA_NAME)
		seed(w, lhs, src, st);
}

/*
 * Follow the chains through SSA and through loads, to a fixed point: a
 * load is visited as a use of the values its address is made of
 * (visit_use()), so the walk costs the chains' uses, not the function's
 * size times the depth of its chains of loads.
 */
void walk_function(struct chain_walk *w)
{
	walk_propagate(w);
}
