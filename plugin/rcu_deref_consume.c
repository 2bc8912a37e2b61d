// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: consume=dependency.  GCC emits every C11 consume load as a
 * load-acquire (PR59448): no compiler could promise to keep the dependency
 * chains that consume relies on.  With a verdict on the final code, this
 * plugin can: a consume load whose dependencies all survive is a plain
 * load, ordered by the hardware's dependency ordering (arm64, Power,
 * RISC-V); every other stays an acquire.
 *
 * The decision is made at the end of GIMPLE, after inlining, where the
 * uses of the loaded value are all in sight.  A walk over SSA from each
 * consume load of the function follows the values derived from it (casts,
 * arithmetic, PHIs, loads through a derived address, the value of a
 * consume load through a derived address) and groups the loads whose
 * values meet.  A group keeps its acquire when a derived value escapes
 * where the plugin cannot follow it (returned, stored to memory, passed to
 * a call, used in an asm), when an access depends on it only through a
 * comparison or boolean result, when a dependent access recorded before
 * optimization lost its dependency, when nothing uses a load's value, or
 * when the target cannot put the acquire back in the final code.  The
 * loads of the other groups get the relaxed memory order, and each of
 * their dependent accesses is handed to the final-code check.
 *
 * In the final code (rcu_deref_verdict.c calls consume_final_code()), a
 * demoted load whose chain the final code broke, or whose access it no
 * longer has or cannot follow, is an acquire again (rcu_deref_rtl.c); each
 * demoted load that stays a plain load is recorded in __rcu_deref_fixups
 * as "demoted".  The stats option counts the consume loads, the demoted
 * ones and why the others kept their acquire.
 */

#include "rcu_deref_internal.h"
#include "rcu_deref_rtl.h"

/* Why a group of consume loads keeps its acquire, or WHY_DEMOTED. */
enum consume_why {
	WHY_DEMOTED,
	WHY_RETURNED,	/* a derived value is returned */
	WHY_STORED,	/* a derived value is stored to memory */
	WHY_CALL,	/* a derived value is passed to a call */
	WHY_ASM,	/* a derived value is used by an asm */
	WHY_FLAGS,	/* an access depends only through a comparison */
	WHY_LOST,	/* a recorded dependent access lost its dependency */
	WHY_UNUSED,	/* nothing uses the loaded value */
	WHY_TARGET,	/* the target cannot make it an acquire again */
	WHY_UNSEEN,	/* not a consume load before optimization: no records */
	WHY_FINAL,	/* demoted, then the final code broke a dependency */
	NR_WHY,
};

static const char * const why_names[NR_WHY] = {
	"demoted", "returned", "stored", "call", "asm", "flags", "lost", "unused",
	"target", "unseen", "final_code",
};

/* How a value derives from a consume load. */
enum consume_strength {
	CS_NONE,
	CS_FLAGS,	/* only through a comparison or boolean result */
	CS_ADDR,	/* as a value: address and data dependencies */
};

/* A dependent access handed to the final-code check, and its group. */
struct consume_access {
	int group;
	int rtl;
};

/* The consume loads of the function being compiled, and the walk. */
struct consume_state {
	vec<int> srcs;			/* group -> its head source */
	vec<int> parent;		/* union-find over groups */
	vec<unsigned char> why;		/* by group: enum consume_why */
	vec<struct consume_access> accesses;
	hash_map<key_hash, int> *group_of_src;	/* head source + 1 -> group */
	vec<tree> work;
	int *group;			/* by SSA version, -1 if none */
	unsigned char *strength;	/* by SSA version: enum consume_strength */
	tree fndecl;
	unsigned long long counts[NR_WHY];
	unsigned long long loads;	/* consume loads decided */
};

static struct consume_state cs;

static int find_group(int g)
{
	while (cs.parent[g] != g) {
		cs.parent[g] = cs.parent[cs.parent[g]];
		g = cs.parent[g];
	}
	return g;
}

/* Merge two groups; the first reason to keep the acquire stays. */
static int join_groups(int a, int b)
{
	a = find_group(a);
	b = find_group(b);
	if (a == b)
		return a;
	cs.parent[b] = a;
	if (cs.why[a] == WHY_DEMOTED)
		cs.why[a] = cs.why[b];
	return a;
}

static void keep_acquire(int g, enum consume_why why)
{
	g = find_group(g);
	if (cs.why[g] == WHY_DEMOTED)
		cs.why[g] = why;
}

/* The group of a consume load's head source, made once per function. */
static int group_for(int src)
{
	bool existed;
	int *g = &cs.group_of_src->get_or_insert(src + 1, &existed);

	if (existed)
		return *g;
	*g = cs.srcs.length();
	cs.srcs.safe_push(src);
	cs.parent.safe_push(*g);
	cs.why.safe_push(WHY_DEMOTED);
	return *g;
}

static void reach(tree name, int g, enum consume_strength st)
{
	unsigned int v;

	if (!name || TREE_CODE(name) != SSA_NAME || st == CS_NONE)
		return;
	count_one(COUNT_WALK_STEPS);
	v = SSA_NAME_VERSION(name);
	if (cs.group[v] >= 0)
		g = join_groups(cs.group[v], g);
	cs.group[v] = g;
	if (cs.strength[v] >= st)
		return;
	cs.strength[v] = st;
	cs.work.safe_push(name);
}

/* How op derives from a consume load, and its group. */
static enum consume_strength derived(tree op, int *g)
{
	unsigned int v;

	if (!op || TREE_CODE(op) != SSA_NAME)
		return CS_NONE;
	v = SSA_NAME_VERSION(op);
	if (cs.strength[v] != CS_NONE)
		*g = cs.group[v];
	return (enum consume_strength)cs.strength[v];
}

/*
 * The strongest derivation among the SSA names of the address of ref (an
 * ADDR_EXPR's object, a memory reference, or an atomic builtin's address);
 * every group found in it is joined into *g.
 */
static enum consume_strength address_derived(tree ref, int *g)
{
	enum consume_strength best = CS_NONE;

	*g = -1;
	if (!ref)
		return CS_NONE;
	if (TREE_CODE(ref) == SSA_NAME)
		return derived(ref, g);
	if (TREE_CODE(ref) == ADDR_EXPR)
		ref = TREE_OPERAND(ref, 0);
	while (handled_component_p(ref) || TREE_CODE(ref) == MEM_REF ||
	       TREE_CODE(ref) == TARGET_MEM_REF) {
		tree ops[3] = { NULL_TREE, NULL_TREE, NULL_TREE };
		unsigned int i;

		if (TREE_CODE(ref) == ARRAY_REF || TREE_CODE(ref) == ARRAY_RANGE_REF) {
			ops[0] = TREE_OPERAND(ref, 1);
		} else if (TREE_CODE(ref) == MEM_REF) {
			ops[0] = TREE_OPERAND(ref, 0);
		} else if (TREE_CODE(ref) == TARGET_MEM_REF) {
			ops[0] = TMR_BASE(ref);
			ops[1] = TMR_INDEX(ref);
			ops[2] = TMR_INDEX2(ref);
		}
		for (i = 0; i < 3; i++) {
			int og = -1;
			enum consume_strength st = derived(ops[i], &og);

			if (st == CS_NONE)
				continue;
			*g = *g < 0 ? find_group(og) : join_groups(*g, og);
			if (st > best)
				best = st;
		}
		if (TREE_CODE(ref) == MEM_REF || TREE_CODE(ref) == TARGET_MEM_REF)
			break;
		ref = TREE_OPERAND(ref, 0);
	}
	return best;
}

/* How an operand, a value or a reference, carries a derived value. */
static enum consume_strength operand_derived(tree op, int *g)
{
	*g = -1;
	if (!op)
		return CS_NONE;
	if (TREE_CODE(op) == SSA_NAME)
		return derived(op, g);
	return address_derived(op, g);
}

static bool is_flag_code(enum tree_code code)
{
	return TREE_CODE_CLASS(code) == tcc_comparison ||
	       code == TRUTH_AND_EXPR || code == TRUTH_OR_EXPR ||
	       code == TRUTH_XOR_EXPR || code == TRUTH_NOT_EXPR;
}

/* A store: an escape when the stored value derives from a consume load. */
static void visit_store(gassign *stmt)
{
	int g;

	if (gimple_assign_single_p(stmt) &&
	    operand_derived(gimple_assign_rhs1(stmt), &g) != CS_NONE)
		keep_acquire(g, WHY_STORED);
}

static void visit_assign(gassign *stmt, tree name, int g, enum consume_strength st)
{
	tree lhs = gimple_assign_lhs(stmt);
	enum tree_code code = gimple_assign_rhs_code(stmt);

	if (TREE_CODE(lhs) != SSA_NAME) {
		visit_store(stmt);
		return;
	}
	if (is_flag_code(code)) {
		reach(lhs, g, CS_FLAGS);
	} else if (code == COND_EXPR) {
		/* The condition selects; the arms carry the value. */
		if (gimple_assign_rhs1(stmt) == name)
			reach(lhs, g, CS_FLAGS);
		if (gimple_assign_rhs2(stmt) == name || gimple_assign_rhs3(stmt) == name)
			reach(lhs, g, st);
	} else {
		/* Arithmetic, conversions, and loads through a derived address. */
		reach(lhs, g, st);
	}
}

/*
 * A call: the address of a consume load is a dependent access, and its
 * value carries the dependency on; any other call is an escape.
 */
static void visit_call(gcall *stmt, tree name, int g, enum consume_strength st)
{
	if (is_consume_load(stmt) && gimple_call_arg(stmt, 0) == name) {
		reach(gimple_call_lhs(stmt), g, st);
		return;
	}
	keep_acquire(g, WHY_CALL);
}

static void visit_use(gimple use, tree name)
{
	int g = cs.group[SSA_NAME_VERSION(name)];
	enum consume_strength st = (enum consume_strength)cs.strength[SSA_NAME_VERSION(name)];

	count_one(COUNT_WALK_STEPS);
	switch (gimple_code(use)) {
	case GIMPLE_PHI:
		reach(gimple_phi_result(use), g, st);
		break;
	case GIMPLE_ASSIGN:
		visit_assign(as_a_gassign(use), name, g, st);
		break;
	case GIMPLE_CALL:
		visit_call(as_a_gcall(use), name, g, st);
		break;
	case GIMPLE_ASM:
		keep_acquire(g, WHY_ASM);
		break;
	case GIMPLE_RETURN:
		keep_acquire(g, WHY_RETURNED);
		break;
	default:
		/* Branches and switches: a control dependency, nothing to carry. */
		break;
	}
}

static void walk_uses(void)
{
	while (!cs.work.is_empty()) {
		tree name = cs.work.pop();
		imm_use_iterator it;
		use_operand_p use_p;

		FOR_EACH_IMM_USE_FAST(use_p, it, name) {
			gimple use = USE_STMT(use_p);

			if (!is_gimple_debug(use))
				visit_use(use, name);
		}
	}
}

/* Whether anything but debug statements uses name. */
static bool value_used(tree name)
{
	imm_use_iterator it;
	use_operand_p use_p;

	FOR_EACH_IMM_USE_FAST(use_p, it, name) {
		if (!is_gimple_debug(USE_STMT(use_p)))
			return true;
	}
	return false;
}

/* Seed the walk with the consume loads of the function. */
static void seed_consume_loads(void)
{
	basic_block bb;
	gimple_stmt_iterator gsi;

	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);
			tree lhs;
			int g;

			if (!is_consume_load(stmt))
				continue;
			g = group_for(stmt_head(stmt));
			lhs = gimple_call_lhs(stmt);
			if (TREE_CODE(lhs) != SSA_NAME || !value_used(lhs))
				keep_acquire(g, WHY_UNUSED);
			else if (!rtl_can_restore_acquire(TYPE_MODE(TREE_TYPE(lhs))))
				keep_acquire(g, WHY_TARGET);
			if (source_at(stmt_head(stmt))->unused)
				keep_acquire(g, WHY_UNUSED);
			/* Its accesses were not recorded: GIMPLE breaks would go unseen. */
			if (!source_at(stmt_head(stmt))->early)
				keep_acquire(g, WHY_UNSEEN);
			reach(lhs, g, CS_ADDR);
		}
	}
}

/* The group whose head has the leader of a recorded access's head, or -1. */
static int recorded_group(gimple stmt, tree ref, bool store)
{
	struct access_rec *rec = find_record(access_key(stmt, ref, store));
	unsigned int i;
	int head;

	if (!rec || rec->source < 0 || rec->independent || rec->ambiguous)
		return -1;
	head = resolve_source(rec->source, gimple_block(stmt), 0);
	if (head < 0)
		return -1;
	for (i = 0; i < cs.srcs.length(); i++) {
		if (head_leader(cs.srcs[i]) == head_leader(head))
			return rec->flags_only ? -2 - (int)i : (int)i;
	}
	return -1;
}

/*
 * Every access whose address derives from a consume load goes to the
 * final-code check; one derived only through a comparison keeps the
 * acquire, and so does one recorded as dependent that no longer derives.
 */
static void consume_access(struct chain_walk *w, gimple stmt, tree ref, bool store,
			   void *data)
{
	enum consume_strength st;
	int g, rg = recorded_group(stmt, ref, store);

	st = address_derived(ref, &g);
	if (rg <= -2) {
		keep_acquire(-2 - rg, WHY_FLAGS);
		return;
	}
	if (st == CS_NONE) {
		if (rg >= 0)
			keep_acquire(rg, WHY_LOST);
		return;
	}
	if (rg >= 0)
		g = join_groups(g, rg);
	if (st == CS_FLAGS) {
		keep_acquire(g, WHY_FLAGS);
	} else {
		struct consume_access a;
		int head = cs.srcs[find_group(g)];

		a.group = g;
		a.rtl = rtl_track_access(stmt, ref, store, head, head_leader(head), false);
		cs.accesses.safe_push(a);
	}
}

/* Make each consume load of a group that keeps no acquire a relaxed load. */
static void demote_loads(void)
{
	basic_block bb;
	gimple_stmt_iterator gsi;

	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);
			int g;

			if (!is_consume_load(stmt))
				continue;
			g = group_for(stmt_head(stmt));
			if (cs.why[find_group(g)] != WHY_DEMOTED)
				continue;
			gimple_call_set_arg(stmt, 1, build_int_cst(integer_type_node,
								   MEMMODEL_RELAXED));
			update_stmt(stmt);
		}
	}
}

static void trace_group(unsigned int i, const char *what)
{
	expanded_location xl = expand_location(source_at(cs.srcs[i])->loc);

	if (dump_file)
		fprintf(dump_file, "rcu_deref consume: %s:%d: %s\n", xl.file, xl.line, what);
	if (rcu_deref_options.verbose)
		fprintf(stderr, "rcu_deref consume: %s:%d: in %s: %s\n", xl.file, xl.line,
			function_name(cfun), what);
}

static void release_walk(void)
{
	free(cs.group);
	free(cs.strength);
	cs.group = NULL;
	cs.strength = NULL;
	cs.work.truncate(0);
}

static void reset_function(void)
{
	cs.srcs.truncate(0);
	cs.parent.truncate(0);
	cs.why.truncate(0);
	cs.accesses.truncate(0);
	if (!cs.group_of_src)
		cs.group_of_src = new hash_map<key_hash, int>;
	cs.group_of_src->empty();
	cs.fndecl = NULL_TREE;
}

/*
 * At the end of GIMPLE, after the check pass tracked the function for the
 * final code: decide which consume loads become plain loads.
 */
void consume_decide(void)
{
	unsigned int i;

	reset_function();
	if (!rcu_deref_options.consume_dependency || !rtl_tracking())
		return;
	cs.fndecl = current_function_decl;
	cs.group = XNEWVEC(int, num_ssa_names);
	cs.strength = XCNEWVEC(unsigned char, num_ssa_names);
	for (i = 0; i < num_ssa_names; i++)
		cs.group[i] = -1;
	seed_consume_loads();
	walk_uses();
	visit_function_accesses(NULL, consume_access, NULL);
	release_walk();
	if (cs.srcs.is_empty())
		return;
	demote_loads();
	for (i = 0; i < cs.srcs.length(); i++) {
		enum consume_why why = (enum consume_why)cs.why[find_group(i)];

		trace_group(i, why == WHY_DEMOTED ? "demoted to a relaxed load" :
			       why_names[why]);
	}
}

/* Whether a demoted group lost a dependency in the final code. */
static bool group_broken(int g, const int *heads, unsigned int nheads)
{
	unsigned int i, k;

	for (i = 0; i < cs.accesses.length(); i++) {
		if (find_group(cs.accesses[i].group) == g &&
		    rtl_fate_of(cs.accesses[i].rtl) != RTL_INTACT)
			return true;
	}
	/* The GIMPLE breaks the final code kept (merged, vanished loads). */
	for (i = 0; i < cs.srcs.length(); i++) {
		if (find_group(i) != g)
			continue;
		for (k = 0; k < nheads; k++) {
			if (head_leader(heads[k]) == head_leader(cs.srcs[i]))
				return true;
		}
	}
	return false;
}

static location_t user_loc(location_t loc)
{
	return linemap_resolve_location(line_table, loc, LRK_MACRO_EXPANSION_POINT, NULL);
}

/* A demoted load that stays a plain load: recorded as "demoted". */
static void demoted_site(location_t loc, int head, const char *how, const char *text)
{
	record_site_text(user_loc(source_at(head)->loc), "demoted");
}

/* A demoted load the final code needed ordered: an acquire again. */
static void restored_site(location_t loc, int head, const char *how, const char *text)
{
	/* Where the user wrote it (a C++ load() is in the library's header). */
	loc = user_loc(source_at(head)->loc);
	inform(loc, "consume: the final code broke a dependency on this %qs: %s it",
	       source_at(head)->primitive, text);
	record_site_text(loc, how);
	count_one(COUNT_FIXUPS);
}

/*
 * In the final code: put the acquire back on each demoted load whose group
 * lost a dependency (heads: those the verdict found broken), record the
 * others, and count every consume load of the function.
 */
void consume_final_code(const int *heads, unsigned int nheads)
{
	unsigned int i;

	if (cs.fndecl != current_function_decl || !cs.srcs.length())
		return;
	for (i = 0; i < cs.srcs.length(); i++) {
		int g = find_group(i);

		if (cs.why[g] == WHY_DEMOTED && group_broken(g, heads, nheads))
			cs.why[g] = WHY_FINAL;
	}
	for (i = 0; i < cs.srcs.length(); i++) {
		enum consume_why why = (enum consume_why)cs.why[find_group(i)];

		if (why == WHY_FINAL) {
			rtl_consume_loads(cs.srcs[i], true, restored_site);
			trace_group(i, "the final code broke a dependency: an acquire again");
		} else if (why == WHY_DEMOTED) {
			rtl_consume_loads(cs.srcs[i], false, demoted_site);
		}
		cs.loads++;
		cs.counts[why]++;
	}
	cs.fndecl = NULL_TREE;
}

/* The consume counts of the stats line: ", \"name\": n" each. */
void consume_write_stats(FILE *f)
{
	unsigned int i;

	fprintf(f, ", \"consume_checked\": %llu, \"consume_demoted\": %llu", cs.loads,
		cs.counts[WHY_DEMOTED]);
	fprintf(f, ", \"consume_acquire\": %llu", cs.loads - cs.counts[WHY_DEMOTED]);
	for (i = WHY_DEMOTED + 1; i < NR_WHY; i++)
		fprintf(f, ", \"consume_kept_%s\": %llu", why_names[i], cs.counts[i]);
}

void consume_start(void)
{
	memset(cs.counts, 0, sizeof(cs.counts));
	cs.loads = 0;
	reset_function();
}

void consume_finish(void)
{
	cs.srcs.release();
	cs.parent.release();
	cs.why.release();
	cs.accesses.release();
	cs.work.release();
	delete cs.group_of_src;
	cs.group_of_src = NULL;
}
