// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: check the address dependencies that rcu_dereference() relies
 * on, and report each one that optimization broke.
 *
 * Accesses through a pointer loaded by rcu_dereference() are ordered after
 * that load by the address dependency alone on ARM64 and Power.  The
 * optimizers may destroy the dependency: constant folding and cancellation,
 * equality-based substitution (after "p == &x", "p->a" becomes "x.a"),
 * value-range deduction, value speculation.
 * Documentation/RCU/rcu_dereference.rst lists the rules; nothing enforced
 * them.
 *
 * The plugin works in two GIMPLE passes, as stackleak does, after a small
 * one (rcu_deref_unmark, right after "cfg") that takes the head markers
 * out before the call graph, into-SSA or any optimization sees them:
 *
 *  - rcu_deref_mark runs right after the "ssa" pass, before any
 *    optimization.  It finds the dependency heads (the loads marked by the
 *    rcu_dereference() family, C11 consume loads), follows the values
 *    derived from each head through SSA def-use chains, and records every
 *    dependent access (a load or store whose address derives from a head)
 *    by its source location.  It also records, for every function, the
 *    accesses derived from its pointer parameters, the call arguments that
 *    carry a dependency and the functions that return one, so that chains
 *    that cross inlined helpers, getters and clones can be followed later.
 *
 *  - rcu_deref_check runs after the last GIMPLE optimization.  It follows
 *    the chains again from the heads present in the final code, and finds
 *    each recorded dependent access whose address now is the constant
 *    address of an object, no longer derived from its head.
 *
 * In between, a pass-execution callback watches functions that hold heads
 * and names the pass after which a recorded access lost its dependency.
 *
 * The plugin does not change the code it checks: the only statements it
 * removes are the head markers, which exist only when the plugin is loaded.
 *
 * Heads:
 *  - the rcu_dereference() family of plugin/include/rcu_deref.h and of the
 *    kernel's rcupdate.h, which mark their load with a call to
 *    __rcu_deref_head("primitive", value) when __RCU_DEREF_PLUGIN__ is
 *    defined (the plugin defines it);
 *  - C11 consume loads: __atomic_load_n(p, __ATOMIC_CONSUME) and friends;
 *  - with read-once-heads, every volatile scalar load (READ_ONCE()).
 *
 * Options:
 * -fplugin-arg-rcu_deref_plugin-mode=warn|fixup
 *	warn (the default): report each broken dependency as a warning;
 *	fixup: also turn the head of a broken chain into a load-acquire
 * -fplugin-arg-rcu_deref_plugin-read-once-heads
 *	every volatile scalar load is a dependency head
 * -fplugin-arg-rcu_deref_plugin-disable
 *	do not activate the plugin
 * -fplugin-arg-rcu_deref_plugin-verbose
 *	print the heads and dependent accesses the plugin tracks
 * -fplugin-arg-rcu_deref_plugin-stats=PATH
 *	append one line of JSON with this translation unit's counts (heads,
 *	dependent accesses, breaks, fixed sites, volatile and consume loads,
 *	and walk_steps, the work of its walks) to PATH
 * -fplugin-arg-rcu_deref_plugin-dump
 *	write the dump files of both passes, which list the chains of each
 *	function (as -fdump-tree-all does; GCC parses -fdump-tree-<pass>
 *	before plugins register their passes, so it cannot name them)
 *
 * Usage:
 * $ make		# builds build/plugin/<target>/rcu_deref_plugin.so
 * $ gcc -O2 -fplugin=build/plugin/x86_64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include test.c
 */

#include "gcc-common.h"
#include "tree-dfa.h"
#include "c-family/c-pragma.h"
#include "gimplify-me.h"
#include "rcu_deref_rtl.h"

__visible int plugin_is_GPL_compatible;

static struct plugin_info rcu_deref_plugin_info = {
	.version	= PLUGIN_VERSION,
	.help		=
		"mode=warn|fixup\twarn about broken dependencies, or also fix them with a load-acquire\n"
			  "read-once-heads\tevery volatile scalar load is a dependency head\n"
			  "disable\tdo not activate the plugin\n"
			  "verbose\tprint the dependency chains being tracked\n"
			  "stats=PATH\tappend this translation unit's counts to PATH as a line of JSON\n"
			  "dump\twrite the dump files of the plugin's passes\n",
};

#define MARKER_NAME "__rcu_deref_head"
#define PLUGIN_MACRO "__RCU_DEREF_PLUGIN__"
#define RULES "Documentation/RCU/rcu_dereference.rst"

enum rcu_deref_mode {
	RCU_DEREF_WARN,
	RCU_DEREF_FIXUP,
};

static enum rcu_deref_mode mode = RCU_DEREF_WARN;
static bool verbose;
static bool disable;
static bool read_once_heads;
static bool dump;
static const char *stats_path;

/* Counts over the translation unit, for the stats option. */
struct unit_stats {
	unsigned int functions;
	unsigned int heads;
	unsigned int broken_accesses;
	unsigned int fixups;
	unsigned int volatile_loads;
	unsigned int consume_loads;
	/*
	 * The work of every walk of every pass and probe: statements scanned,
	 * uses visited, values seeded.  Deterministic, unlike time: it is what
	 * tests check to be linear in the size of the input.
	 */
	unsigned long long walk_steps;
	unsigned int rule_warnings;	/* comparison/boolean results used as an address */
	unsigned int rtl_restored;	/* GIMPLE breaks the final code does not have */
	unsigned int rtl_breaks;	/* breaks only RTL made */
};

static struct unit_stats stats;

/*
 * Sources.  A value in a function derives from at most one source: a
 * dependency head, a parameter of the function, or the result of a call.
 * Parameters and call results are resolved to heads when checking.
 */
enum source_kind {
	SRC_HEAD,
	SRC_PARAM,
	SRC_CALL,
};

struct dep_source {
	enum source_kind kind;
	location_t loc;		/* head or call: its pure location */
	unsigned int fn_uid;	/* param: DECL_UID of the function */
	int index;		/* param: its position */
	const char *primitive;	/* head: "rcu_dereference", ... */
	bool pointer;		/* head: loads a pointer (not an index) */
	bool compared;		/* compared (==, !=) with an object's address */
	unsigned int compared_uid;	/* DECL_UID of the first such object */
	bool unused;		/* head: nothing uses its value */
	bool marked;		/* head: marked by __rcu_deref_head() */
	int leader;		/* head: heads merged in one value form a set */
};

static struct dep_source *sources;
static unsigned int nsources, sources_cap;

/* How a value derives from its source. */
enum dep_strength {
	DEP_NONE,
	DEP_FLAGS,	/* only through a comparison or boolean result */
	DEP_ASSUMED,	/* through the result of a call, assumed to derive from its arguments */
	DEP_ADDR,	/* a real address/data dependency */
};

enum rule {
	RULE_RELATIONAL,
	RULE_SINGLE_ELEMENT,
	RULE_CANCELLATION,
	RULE_COMPARISON,
	RULE_KNOWS_TOO_MUCH,
	RULE_SPECULATION,
};

/* The rules of Documentation/RCU/rcu_dereference.rst, by enum rule. */
static const char * const rule_text[] = {
	"do not use the results from relational operators or from the boolean \"&&\" and \"||\" when dereferencing",
	"do not use single-element RCU-protected arrays",
	"avoid cancellation, all-zero \"&\" and all-ones \"|\" operands: the compiler may substitute a constant",
	"be very careful about comparing pointers obtained from rcu_dereference() against non-NULL values",
	"the compiler must not be able to deduce the value of the pointer (\"example where the compiler knows too much\")",
	"the compiler must not guess the value (value speculation, as profile feedback does): a guessed value carries no dependency",
};

/*
 * A dependent access recorded by the mark pass.  Accesses are keyed by
 * source location: the pure location of the statement in the high half,
 * the size of the access and whether it is a store in the low half.
 */
struct access_rec {
	unsigned HOST_WIDE_INT key;
	int source;		/* index into sources, or -1 */
	int next;		/* the owner's next record, or -1 */
	bool independent;	/* an access with this key did not depend */
	bool flags_only;	/* the address depends only through a flag */
	bool assumed;		/* only through a call's result */
	bool ambiguous;		/* accesses from different sources share the key */
	bool via_base;		/* the dependency is in its base pointer */
	int base_source;	/* via_base: the source of the base pointer */
	bool load;
	/*
	 * Where the access goes when its base pointer is the constant that
	 * a PHI merges with head values (a list walk that starts at a static
	 * element): the object's DECL_UID and the byte offset, or 0.
	 */
	unsigned int alt_uid;
	HOST_WIDE_INT alt_offset;
};

static struct access_rec *access_recs;
static unsigned int naccess_recs, access_recs_cap;

/*
 * An open-addressing hash table from non-zero 64-bit keys to longs.
 * Entries are never removed; the table doubles when half full.
 */
struct key_map {
	unsigned HOST_WIDE_INT *keys;
	long *vals;
	unsigned int size;
	unsigned int used;
};

/* access key -> index into access_recs */
static struct key_map accesses;
/* pure location of any memory access in the mark pass -> 1 */
static struct key_map access_locs;
/* DECL_UID of the function recorded first -> its first record, chained by next */
static struct key_map owned_recs;
/* (call location, argument index) -> source of the argument */
static struct key_map call_args;
/* DECL_UID of a function -> source of its return value */
static struct key_map returns;
/* head location -> its source */
static struct key_map head_locs;
/* (access location, head location) pairs already reported */
static struct key_map reported;
/* access key, or (access, head) pair -> index in pass_names of the blamed pass */
static struct key_map blame;
/* DECL_UID of a function -> the last GIMPLE pass run on it (see pass_mark) */
static struct key_map last_pass;
/* (access location, head location) -> DECL_UID of the object it was broken to */
static struct key_map broken_bases;
/* head source + 1 -> 1: heads with a reported break (stats) */
static struct key_map broken_heads;
static unsigned int ipa_epoch;

/* A pass_mark: the pass name's index and the IPA epoch it ran in. */
#define PASS_MARK(name, epoch)	(((long)(epoch) << 20) | (name))
#define PASS_MARK_NAME(mark)	((mark) & ((1L << 20) - 1))
#define PASS_MARK_EPOCH(mark)	((unsigned int)((mark) >> 20))

static const char **pass_names;
static unsigned int npass_names, pass_names_cap;

static unsigned HOST_WIDE_INT pair_key(location_t hi, unsigned int lo)
{
	return ((unsigned HOST_WIDE_INT)hi << 32) | lo;
}

static location_t pure_loc(location_t loc)
{
	return get_pure_location(line_table, loc);
}

static bool known_loc(location_t loc)
{
	return LOCATION_LOCUS(loc) != UNKNOWN_LOCATION;
}

/* Make room for one more element in a growable array. */
static void *grow(void *array, unsigned int count, unsigned int *cap, size_t elem)
{
	if (count < *cap)
		return array;
	*cap = *cap ? 2 * *cap : 64;
	return xrealloc(array, *cap * elem);
}

static unsigned int key_slot(const struct key_map *m, unsigned HOST_WIDE_INT key)
{
	unsigned int mask = m->size - 1;
	unsigned int i = (unsigned int)((key * 0x9e3779b97f4a7c15ULL) >> 40) & mask;

	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & mask;
	return i;
}

/* The value stored for key, or NULL. */
static long *map_find(const struct key_map *m, unsigned HOST_WIDE_INT key)
{
	unsigned int i;

	if (!m->size || !key)
		return NULL;
	i = key_slot(m, key);
	return m->keys[i] ? &m->vals[i] : NULL;
}

static void map_grow(struct key_map *m)
{
	struct key_map bigger = { NULL, NULL, m->size ? 2 * m->size : 64, m->used };
	unsigned int i, j;

	bigger.keys = XCNEWVEC(unsigned HOST_WIDE_INT, bigger.size);
	bigger.vals = XNEWVEC(long, bigger.size);
	for (i = 0; i < m->size; i++) {
		if (!m->keys[i])
			continue;
		j = key_slot(&bigger, m->keys[i]);
		bigger.keys[j] = m->keys[i];
		bigger.vals[j] = m->vals[i];
	}
	free(m->keys);
	free(m->vals);
	*m = bigger;
}

/*
 * The value slot for key (not 0), set to init when the key is new;
 * *fresh tells which.
 */
static long *map_slot(struct key_map *m, unsigned HOST_WIDE_INT key, long init,
		      bool *fresh)
{
	unsigned int i;

	if ((m->used + 1) * 2 > m->size)
		map_grow(m);
	i = key_slot(m, key);
	*fresh = !m->keys[i];
	if (*fresh) {
		m->keys[i] = key;
		m->vals[i] = init;
		m->used++;
	}
	return &m->vals[i];
}

static void map_put(struct key_map *m, unsigned HOST_WIDE_INT key, long val)
{
	bool fresh;

	*map_slot(m, key, val, &fresh) = val;
}

static void map_free(struct key_map *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

/* The index of a pass name (pass names live as long as the compiler). */
static long pass_name_index(const char *name)
{
	unsigned int i;

	for (i = 0; i < npass_names; i++) {
		if (pass_names[i] == name)
			return i;
	}
	pass_names = (const char **)grow(pass_names, npass_names, &pass_names_cap,
					 sizeof(*pass_names));
	pass_names[npass_names] = name;
	return npass_names++;
}

/* ---------------------------------------------------------------------- */
/* Options                                                                */
/* ---------------------------------------------------------------------- */

static bool parse_mode(const char *plugin_name, const struct plugin_argument *arg)
{
	if (!arg->value) {
		error(G_("no value supplied for option '-fplugin-arg-%s-%s' (use warn or fixup)"),
		      plugin_name, arg->key);
		return false;
	}
	if (!strcmp(arg->value, "warn")) {
		mode = RCU_DEREF_WARN;
		return true;
	}
	if (!strcmp(arg->value, "fixup")) {
		mode = RCU_DEREF_FIXUP;
		return true;
	}
	error(G_("invalid option argument '-fplugin-arg-%s-%s=%s' (use warn or fixup)"),
	      plugin_name, arg->key, arg->value);
	return false;
}

static bool parse_flag(const char *plugin_name, const struct plugin_argument *arg,
		       bool *flag)
{
	if (arg->value) {
		error(G_("option '-fplugin-arg-%s-%s' takes no value"),
		      plugin_name, arg->key);
		return false;
	}
	*flag = true;
	return true;
}

static bool parse_path(const char *plugin_name, const struct plugin_argument *arg,
		       const char **path)
{
	if (!arg->value || !*arg->value) {
		error(G_("option '-fplugin-arg-%s-%s' needs a file name"),
		      plugin_name, arg->key);
		return false;
	}
	*path = arg->value;
	return true;
}

static bool parse_argument(const char *plugin_name, const struct plugin_argument *arg)
{
	if (!strcmp(arg->key, "mode"))
		return parse_mode(plugin_name, arg);
	if (!strcmp(arg->key, "verbose"))
		return parse_flag(plugin_name, arg, &verbose);
	if (!strcmp(arg->key, "disable"))
		return parse_flag(plugin_name, arg, &disable);
	if (!strcmp(arg->key, "dump"))
		return parse_flag(plugin_name, arg, &dump);
	if (!strcmp(arg->key, "read-once-heads"))
		return parse_flag(plugin_name, arg, &read_once_heads);
	if (!strcmp(arg->key, "stats"))
		return parse_path(plugin_name, arg, &stats_path);

	error(G_("unknown option '-fplugin-arg-%s-%s'"), plugin_name, arg->key);
	return false;
}

/* ---------------------------------------------------------------------- */
/* Recognizing heads                                                      */
/* ---------------------------------------------------------------------- */

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
static bool is_consume_load(const_gimple stmt)
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

static bool is_scalar_type(tree type)
{
	return POINTER_TYPE_P(type) || INTEGRAL_TYPE_P(type);
}

/* A volatile load of a pointer or integer into an SSA name. */
static bool is_volatile_scalar_load(const_gimple stmt)
{
	tree lhs;

	if (!gimple_assign_load_p(stmt) || !gimple_has_volatile_ops(stmt))
		return false;
	lhs = gimple_assign_lhs(stmt);
	return TREE_CODE(lhs) == SSA_NAME && is_scalar_type(TREE_TYPE(lhs));
}

static int new_source(enum source_kind kind, location_t loc)
{
	struct dep_source *src;

	sources = (struct dep_source *)grow(sources, nsources, &sources_cap,
					    sizeof(*sources));
	src = &sources[nsources];
	memset(src, 0, sizeof(*src));
	src->kind = kind;
	src->loc = loc;
	src->leader = nsources;
	return nsources++;
}

/* The source for the head loaded at loc, made once per location. */
static int head_source(location_t loc, const char *primitive, bool pointer)
{
	long *known;
	int src;

	loc = pure_loc(loc);
	known = known_loc(loc) ? map_find(&head_locs, loc) : NULL;
	if (known)
		return *known;
	src = new_source(SRC_HEAD, loc);
	sources[src].primitive = xstrdup(primitive);
	sources[src].pointer = pointer;
	if (known_loc(loc))
		map_put(&head_locs, loc, src);
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

/* The head source of stmt, in either pass, or -1. */
static int stmt_head(const_gimple stmt)
{
	location_t loc;
	long *idx;

	if (is_consume_load(stmt))
		return head_source(gimple_location(stmt), "memory_order_consume load",
				   consume_loads_pointer(stmt));
	if (!is_volatile_scalar_load(stmt))
		return -1;
	loc = pure_loc(gimple_location(stmt));
	idx = known_loc(loc) ? map_find(&head_locs, loc) : NULL;
	if (idx)
		return *idx;
	if (read_once_heads)
		return head_source(gimple_location(stmt), "READ_ONCE",
				   POINTER_TYPE_P(TREE_TYPE(gimple_assign_lhs(stmt))));
	return -1;
}

/* ---------------------------------------------------------------------- */
/* Following chains: a worklist over SSA names                            */
/* ---------------------------------------------------------------------- */

/*
 * The state of one walk over a function: for each SSA name, the source it
 * derives from and how.  A name is seeded or reached once per improvement
 * of its (strength, source kind), at most a few times, so a walk costs
 * time linear in the size of the function.
 */
struct chain_walk {
	int *source;			/* by SSA version, -1 if none */
	unsigned char *strength;	/* by SSA version: enum dep_strength */
	tree *work;			/* names whose uses are to be visited */
	unsigned int nwork, work_cap;
	tree *heads;			/* mark pass: the values loaded by heads */
	unsigned int nheads, heads_cap;
	bool merge;			/* mark pass: merge heads that meet in a value */
};

static void walk_init(struct chain_walk *w)
{
	unsigned int i;

	w->source = XNEWVEC(int, num_ssa_names);
	w->strength = XCNEWVEC(unsigned char, num_ssa_names);
	for (i = 0; i < num_ssa_names; i++)
		w->source[i] = -1;
	w->work = NULL;
	w->nwork = 0;
	w->work_cap = 0;
	w->heads = NULL;
	w->nheads = 0;
	w->heads_cap = 0;
	w->merge = false;
}

static void walk_release(struct chain_walk *w)
{
	free(w->source);
	free(w->strength);
	free(w->work);
	free(w->heads);
}

/*
 * Heads first, then parameters, then call results: a value derived from
 * a parameter and from a call (p->id & (nr_shards() - 1)) stands for the
 * parameter, which call sites resolve, rather than for a call whose
 * result may not depend on anything.
 */
static int source_rank(int src)
{
	if (src < 0)
		return 0;
	switch (sources[src].kind) {
	case SRC_HEAD:
		return 3;
	case SRC_PARAM:
		return 2;
	default:
		return 1;
	}
}

/* The representative of the set of heads that head was merged with. */
static int head_leader(int head)
{
	while (sources[head].leader != head) {
		sources[head].leader = sources[sources[head].leader].leader;
		head = sources[head].leader;
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
	if (a < 0 || b < 0 || sources[a].kind != SRC_HEAD || sources[b].kind != SRC_HEAD)
		return;
	sources[head_leader(a)].leader = head_leader(b);
}

static void seed(struct chain_walk *w, tree name, int src, enum dep_strength st)
{
	unsigned int v;

	if (!name || TREE_CODE(name) != SSA_NAME || src < 0 || st == DEP_NONE)
		return;
	stats.walk_steps++;
	v = SSA_NAME_VERSION(name);
	if (w->merge && st == DEP_ADDR && w->strength[v] == DEP_ADDR)
		merge_heads(src, w->source[v]);
	if (w->strength[v] > st)
		return;
	if (w->strength[v] == st && source_rank(w->source[v]) >= source_rank(src))
		return;
	w->strength[v] = st;
	w->source[v] = src;
	w->work = (tree *)grow(w->work, w->nwork, &w->work_cap, sizeof(*w->work));
	w->work[w->nwork++] = name;
}

static enum dep_strength strength_of(struct chain_walk *w, tree op, int *src)
{
	unsigned int v;

	if (!op || TREE_CODE(op) != SSA_NAME)
		return DEP_NONE;
	v = SSA_NAME_VERSION(op);
	if (w->strength[v] != DEP_NONE)
		*src = w->source[v];
	return (enum dep_strength)w->strength[v];
}

/*
 * The strongest dependency among the SSA names used in the address of the
 * memory reference ref (base pointers and array indices).
 */
static enum dep_strength address_dep(struct chain_walk *w, tree ref, int *src)
{
	enum dep_strength best = DEP_NONE;
	int s;

	*src = -1;
	/* An access given by its address (atomic builtins). */
	if (TREE_CODE(ref) == SSA_NAME)
		return strength_of(w, ref, src);
	if (TREE_CODE(ref) == ADDR_EXPR)
		ref = TREE_OPERAND(ref, 0);
	while (handled_component_p(ref) || TREE_CODE(ref) == MEM_REF ||
	       TREE_CODE(ref) == TARGET_MEM_REF) {
		unsigned int i, nops = 0;
		tree ops[3];

		switch (TREE_CODE(ref)) {
		case ARRAY_REF:
		case ARRAY_RANGE_REF:
			ops[nops++] = TREE_OPERAND(ref, 1);
			break;
		case MEM_REF:
			ops[nops++] = TREE_OPERAND(ref, 0);
			break;
		case TARGET_MEM_REF:
			ops[nops++] = TMR_BASE(ref);
			ops[nops++] = TMR_INDEX(ref);
			ops[nops++] = TMR_INDEX2(ref);
			break;
		default:
			break;
		}
		for (i = 0; i < nops; i++) {
			enum dep_strength st;

			s = -1;
			st = strength_of(w, ops[i], &s);
			if (st > best || (st == best && st != DEP_NONE &&
					  source_rank(s) > source_rank(*src))) {
				best = st;
				*src = s;
			}
		}
		if (TREE_CODE(ref) == MEM_REF || TREE_CODE(ref) == TARGET_MEM_REF)
			break;
		ref = TREE_OPERAND(ref, 0);
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

/* A constant, or an SSA name set to a constant (as right after "ssa"). */
static bool invariant_value(tree value)
{
	gimple def;

	if (is_gimple_min_invariant(value))
		return true;
	if (TREE_CODE(value) != SSA_NAME)
		return false;
	def = SSA_NAME_DEF_STMT(value);
	return gimple_assign_single_p(def) &&
	       is_gimple_min_invariant(gimple_assign_rhs1(def));
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

static void visit_use(struct chain_walk *w, gimple use, tree changed)
{
	stats.walk_steps++;
	switch (gimple_code(use)) {
	case GIMPLE_PHI:
		visit_phi(w, as_a_gphi(use), changed);
		break;
	case GIMPLE_ASSIGN:
		visit_assign(w, as_a_gassign(use));
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
	while (w->nwork) {
		tree name = w->work[--w->nwork];
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

/* ---------------------------------------------------------------------- */
/* Memory accesses                                                        */
/* ---------------------------------------------------------------------- */

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
static unsigned HOST_WIDE_INT access_key(const_gimple stmt, tree ref, bool store)
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
static tree base_pointer(tree ref)
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
static tree object_base(tree ref)
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
static tree constant_address_base(tree ref)
{
	if (TREE_CODE(ref) == SSA_NAME || variable_index(ref))
		return NULL_TREE;
	return object_base(ref);
}

/* Call fn for every memory reference a statement loads or stores. */
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

static void visit_stmt_accesses(struct chain_walk *w, gimple stmt,
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

static void visit_function_accesses(struct chain_walk *w,
				    void (*fn)(struct chain_walk *w, gimple stmt, tree ref,
					       bool store, void *data),
				    void *data)
{
	basic_block bb;
	gimple_stmt_iterator gsi;

	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			stats.walk_steps++;
			if (!is_gimple_debug(gsi_stmt(gsi)))
				visit_stmt_accesses(w, gsi_stmt(gsi), fn, data);
		}
	}
}

/* ---------------------------------------------------------------------- */
/* The unmark pass: take the head markers out before anything sees them   */
/* ---------------------------------------------------------------------- */

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

		sources[src].marked = true;
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

/* ---------------------------------------------------------------------- */
/* The mark pass: find heads, follow chains, record dependent accesses    */
/* ---------------------------------------------------------------------- */

static void dump_source(FILE *f, int src)
{
	const struct dep_source *s = &sources[src];
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
	if (!verbose || src < 0 || sources[src].kind != SRC_HEAD)
		return;
	fprintf(stderr, "rcu_deref: %s:%d:%d: ", xl.file, xl.line, xl.column);
	if (what) {
		fprintf(stderr, "%s in %s depends on ", what, function_name(cfun));
		dump_source(stderr, src);
	} else {
		fprintf(stderr, "head %s in %s", sources[src].primitive,
			function_name(cfun));
	}
	fprintf(stderr, "\n");
}

static void note_head(struct chain_walk *w, tree value)
{
	if (!value || TREE_CODE(value) != SSA_NAME)
		return;
	w->heads = (tree *)grow(w->heads, w->nheads, &w->heads_cap, sizeof(*w->heads));
	w->heads[w->nheads++] = value;
}

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
	bitmap seen = BITMAP_ALLOC(NULL);
	tree *todo = NULL;
	unsigned int ntodo = 0, todo_cap = 0;
	bool used = false;

	todo = (tree *)grow(todo, ntodo, &todo_cap, sizeof(*todo));
	todo[ntodo++] = value;
	bitmap_set_bit(seen, SSA_NAME_VERSION(value));
	while (!used && ntodo) {
		tree name = todo[--ntodo];
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
			todo = (tree *)grow(todo, ntodo, &todo_cap, sizeof(*todo));
			todo[ntodo++] = copy;
		}
	}
	free(todo);
	BITMAP_FREE(seen);
	return used;
}

/*
 * A head whose value nothing uses: the C front end folds x - x, x * 0,
 * x % 1, x & 0 and the like before GIMPLE exists, and takes the head's
 * uses with it.  No access can depend on such a head.
 */
static void check_heads_used(struct chain_walk *w)
{
	unsigned int i;

	for (i = 0; i < w->nheads; i++) {
		tree value = w->heads[i];
		int src = w->source[SSA_NAME_VERSION(value)];
		auto_diagnostic_group d;
		location_t loc;

		if (value_used(value))
			continue;
		sources[src].unused = true;
		/* At the rcu_dereference() in the user's code, not in its macro. */
		loc = linemap_resolve_location(line_table, sources[src].loc,
					       LRK_MACRO_EXPANSION_POINT, NULL);
		if (warning_at(loc, 0,
			       "the value loaded by %qs is never used: no access depends on it",
			       sources[src].primitive))
			inform(loc,
			       "the C front end folds expressions such as %<x - x%>, %<x * 0%> and %<x & 0%> before any optimization; %s: %s",
			       RULES, rule_text[RULE_CANCELLATION]);
	}
}

/* The source made for parameter index of the current function. */
static int param_source(int index)
{
	int src = new_source(SRC_PARAM, UNKNOWN_LOCATION);

	sources[src].fn_uid = DECL_UID(current_function_decl);
	sources[src].index = index;
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
		stats.volatile_loads++;
	else if (is_consume_load(stmt))
		stats.consume_loads++;
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
				stats.heads++;
				seed(w, gimple_get_lhs(stmt), src, DEP_ADDR);
				if (is_consume_load(stmt) || sources[src].marked)
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
				sources[src].fn_uid = gimple_call_fndecl(stmt) ?
					DECL_UID(gimple_call_fndecl(stmt)) : 0;
				seed(w, gimple_call_lhs(stmt), src, DEP_ADDR);
			}
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

/* A new record, owned by the current function. */
static void new_access_rec(unsigned HOST_WIDE_INT key, bool store)
{
	struct access_rec *rec;
	bool fresh;
	long *first;

	access_recs = (struct access_rec *)grow(access_recs, naccess_recs,
						&access_recs_cap, sizeof(*access_recs));
	rec = &access_recs[naccess_recs];
	memset(rec, 0, sizeof(*rec));
	rec->key = key;
	rec->source = -1;
	rec->base_source = -1;
	rec->load = !store;
	first = map_slot(&owned_recs, DECL_UID(current_function_decl), -1, &fresh);
	rec->next = *first;
	*first = naccess_recs++;
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

/* The global object and byte offset of a constant address, or 0. */
static unsigned int constant_address(tree ref, HOST_WIDE_INT *offset)
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

static void record_access(struct chain_walk *w, gimple stmt, tree ref, bool store,
			  void *data)
{
	unsigned HOST_WIDE_INT key = access_key(stmt, ref, store);
	struct access_rec *rec;
	enum dep_strength st;
	bool fresh;
	long *idx;
	int src, bsrc;
	tree bp;

	if (!key)
		return;
	map_put(&access_locs, key >> 32, 1);
	if (!store && read_only_object(ref))
		return;
	st = address_dep(w, ref, &src);
	idx = map_slot(&accesses, key, naccess_recs, &fresh);
	if (fresh)
		new_access_rec(key, store);
	rec = &access_recs[*idx];
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
		sources[src].compared = true;
		return;
	}
	if (TREE_CODE(b) != ADDR_EXPR)
		return;
	sources[src].compared = true;
	object = get_base_address(TREE_OPERAND(b, 0));
	if (object && DECL_P(object) && !sources[src].compared_uid)
		sources[src].compared_uid = DECL_UID(object);
}

/*
 * The key of argument index of a call to fn_uid at loc: calls nested in
 * one statement share its location (use(p, read(&x)) on one line).
 */
static unsigned HOST_WIDE_INT call_arg_key(location_t loc, unsigned int fn_uid, int index)
{
	return pair_key(loc, (fn_uid & 0xffffff) << 8 | (index & 0xff));
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
			map_put(&call_args, call_arg_key(loc, fn_uid, i), src);
	}
}

/* What the current function returns: a head, a call result, a parameter. */
static void record_return(struct chain_walk *w, gimple ret)
{
	unsigned int uid = DECL_UID(current_function_decl);
	long *known = map_find(&returns, uid);
	int src = -1;

	if (strength_of(w, gimple_return_retval(as_a_greturn(ret)), &src) != DEP_ADDR)
		return;
	if (!known || source_rank(src) > source_rank(*known))
		map_put(&returns, uid, src);
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

/* Follow the chains through SSA and through loads, to a fixed point. */
static void walk_function(struct chain_walk *w)
{
	do {
		walk_propagate(w);
		visit_function_accesses(w, follow_loads, NULL);
	} while (w->nwork);
}

static unsigned int rcu_deref_mark_execute(void)
{
	struct chain_walk w;

	if (!optimize)
		return 0;
	walk_init(&w);
	w.merge = true;
	stats.functions++;
	seed_function(&w);
	check_heads_used(&w);
	walk_function(&w);
	visit_function_accesses(&w, record_access, NULL);
	record_interfaces(&w);
	walk_release(&w);
	return 0;
}

#define PASS_NAME rcu_deref_mark
#define NO_GATE
#include "gcc-generate-gimple-pass.h"

/* ---------------------------------------------------------------------- */
/* The check pass: which recorded accesses lost their dependency          */
/* ---------------------------------------------------------------------- */

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
static tree clone_origin_of(tree fndecl)
{
	cgraph_node *node = fndecl ? cgraph_node::get(fndecl) : NULL;

	if (node && node->clone_of)
		return node->clone_of->decl;
	if (node && node->former_clone_of)
		return node->former_clone_of;
	return NULL_TREE;
}

/* Why the current function is a clone, from the suffix GCC gave its name. */
static const char *clone_reason(void)
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

static tree clone_origin(void)
{
	return clone_origin_of(current_function_decl);
}

static int resolve_source(int src, tree block, int depth);

/* A parameter of a function whose body the current one holds or clones. */
/* The source of argument index of the call at loc, or NULL. */
static long *call_arg_source(location_t loc, unsigned int fn_uid, int index)
{
	loc = pure_loc(loc);
	return known_loc(loc) ? map_find(&call_args, call_arg_key(loc, fn_uid, index)) :
	       NULL;
}

/* A clone: a caller passed a dependent pointer to the original. */
static int resolve_clone_param(const struct dep_source *s)
{
	tree origin = clone_origin();
	cgraph_node *node;
	cgraph_edge *e;
	long *arg;

	if (!origin || DECL_UID(origin) != s->fn_uid)
		return -1;
	node = cgraph_node::get(current_function_decl);
	for (e = node->callers; e; e = e->next_caller) {
		if (!e->call_stmt)
			continue;
		arg = call_arg_source(gimple_location(e->call_stmt), s->fn_uid, s->index);
		if (arg && sources[*arg].kind == SRC_HEAD)
			return *arg;
	}
	return -1;
}

/* A parameter of a function whose body the current one holds or clones. */
static int resolve_param(const struct dep_source *s, tree block, int depth)
{
	tree inl = inlined_block_of(block, s->fn_uid);
	long *arg;

	if (!inl)
		return resolve_clone_param(s);
	arg = call_arg_source(BLOCK_SOURCE_LOCATION(inl), s->fn_uid, s->index);
	return arg ? resolve_source(*arg, BLOCK_SUPERCONTEXT(inl), depth + 1) : -1;
}

/*
 * The calls through which resolution entered callees' summaries, innermost
 * last: a parameter of such a callee stands for that call's argument.
 */
struct call_path {
	int calls[20];
	unsigned int n;
};

static int resolve_in(int src, tree block, int depth, struct call_path *path);

/* A parameter of the callee of the innermost call on the path. */
static int resolve_call_param(const struct dep_source *s, tree block, int depth,
			      struct call_path *path)
{
	int call = path->calls[--path->n];
	long *arg = call_arg_source(sources[call].loc, s->fn_uid, s->index);
	int head = arg ? resolve_in(*arg, block, depth + 1, path) : -1;

	path->calls[path->n++] = call;
	return head;
}

static int resolve_in(int src, tree block, int depth, struct call_path *path)
{
	const struct dep_source *s;
	long *ret;
	int head;

	if (src < 0 || depth > 16)
		return -1;
	s = &sources[src];
	switch (s->kind) {
	case SRC_HEAD:
		return src;
	case SRC_PARAM:
		if (path->n && sources[path->calls[path->n - 1]].fn_uid == s->fn_uid)
			return resolve_call_param(s, block, depth, path);
		return path->n ? -1 : resolve_param(s, block, depth);
	case SRC_CALL:
		/* What the callee returns, seen through this call. */
		ret = map_find(&returns, s->fn_uid);
		if (!ret || path->n == ARRAY_SIZE(path->calls))
			return -1;
		path->calls[path->n++] = src;
		head = resolve_in(*ret, block, depth + 1, path);
		path->n--;
		return head;
	}
	return -1;
}

/* The head a source stands for in the current context, or -1. */
static int resolve_source(int src, tree block, int depth)
{
	struct call_path path;

	path.n = 0;
	return resolve_in(src, block, depth, &path);
}

/* How a recorded dependent access lost its dependency. */
enum break_kind {
	BREAK_NONE,
	BREAK_FLAGS,		/* only a comparison or boolean result, in the source */
	BREAK_CONSTANT,		/* its address became a constant */
	BREAK_CHAIN,		/* from a broken access, or a clone's constant result */
	BREAK_VANISHED,		/* replaced by loads from constant addresses */
	BREAK_MERGED,		/* broken, then merged with another load */
	BREAK_OBJECT,		/* its base pointer became an object's address */
	BREAK_ENTRY,		/* computed from values known at entry only */
	BREAK_BASE,		/* as BREAK_OBJECT, for the head of its base */
	BREAK_FINAL,		/* intact in GIMPLE, broken by an RTL pass */
};

/*
 * A break the GIMPLE check found, waiting for the final-code verdict of
 * the late RTL pass (rcu_deref_rtl.c): reported only if the final code
 * has it too.
 */
struct pending_break {
	location_t loc;
	int head;
	int rec;		/* index into access_recs */
	enum break_kind kind;
	tree base;		/* a declared object, which outlives the function */
	int rtl;		/* the access as tracked in RTL, or -1 */
};

/* The current function's pending breaks, and the heads GIMPLE fixes. */
static struct {
	vec<pending_break> breaks;
	vec<int> fix_heads;	/* found without an access in the final code */
	vec<int> rec_of_rtl;	/* by RTL access: index into access_recs */
	tree fndecl;
} pending;

struct check_ctx {
	const char *pass;	/* probing: the pass that ran last */
	bool report;		/* report the breaks found, or blame them */
	struct key_map heads_here;	/* head sources present in the function */
	struct chain_walk *broken;	/* values loaded by broken accesses */
	bool chained;		/* second round: look for BREAK_CHAIN */
	struct key_map keys_here;	/* recorded access keys present */
	struct key_map new_loads;	/* line -> location of a new constant load */
	struct key_map fix_heads;	/* fix-up mode: head + 1 -> 1, heads to fix */
	gimple *head_stmts;		/* the head loads in the function */
	int *head_of;			/* ... and the head each one loads */
	unsigned int nhead_stmts, head_stmts_cap;
};

static bool single_element_array(tree decl)
{
	tree type = decl ? TREE_TYPE(decl) : NULL_TREE;

	return type && TREE_CODE(type) == ARRAY_TYPE && TYPE_DOMAIN(type) &&
	       TYPE_MAX_VALUE(TYPE_DOMAIN(type)) &&
	       integer_zerop(TYPE_MAX_VALUE(TYPE_DOMAIN(type)));
}

/* Whether the current function was optimized with profile feedback. */
static bool profile_feedback(void)
{
	return profile_status_for_fn(cfun) == PROFILE_READ;
}

/*
 * The access now uses an object that the head was never compared with
 * (after p == &a, the else branch reading b): the compiler deduced the
 * pointer from what it knows of all its values, not from the comparison.
 */
static bool compared_elsewhere(const struct dep_source *head,
			       const struct access_rec *rec, tree base)
{
	unsigned int uid = head->compared_uid ? head->compared_uid :
			   sources[rec->source].compared_uid;

	return uid && base && DECL_P(base) && DECL_UID(base) != uid;
}

static enum rule rule_for(const struct dep_source *head,
			  const struct access_rec *rec, tree base, enum break_kind kind)
{
	if (rec->flags_only)
		return RULE_RELATIONAL;
	if (kind == BREAK_ENTRY && profile_feedback())
		return RULE_SPECULATION;
	if (kind == BREAK_FINAL)
		return RULE_COMPARISON;
	if (head->compared || sources[rec->source].compared)
		return compared_elsewhere(head, rec, base) ? RULE_KNOWS_TOO_MUCH :
		       RULE_COMPARISON;
	if (single_element_array(base))
		return RULE_SINGLE_ELEMENT;
	/* An index, or a pointer that went through integer arithmetic. */
	if (!head->pointer || !rec->via_base)
		return RULE_CANCELLATION;
	return RULE_KNOWS_TOO_MUCH;
}

/*
 * Who broke the pair: the pass recorded by probing the function that held
 * the head, or the function the access was in before it was inlined, or
 * the cloner.
 */
static const char *blamed_pass(unsigned HOST_WIDE_INT pair)
{
	long *pass;

	if (clone_origin())
		return "IPA cloning (ipa-cp or ipa-sra)";
	pass = map_find(&blame, pair_key(pair >> 32, 0));
	if (!pass)
		pass = map_find(&blame, pair);
	return pass ? pass_names[*pass] : NULL;
}

/* What the address of a broken access became, for the warning. */
static const char * const break_text[] = {
	"",
	"",
	"its address became a constant",
	"its address derives from a value that lost its dependency",
	"it was replaced by loads from constant addresses",
	"its address became a constant, then it was merged with another load of that object",
	"its address is now based on an object's address, not on the loaded pointer",
	"its address is now computed from constants and the function's parameters only",
	"its address is now based on an object's address, not on the loaded pointer",
	"in the final code, no register of its address holds a value derived from the load",
};

static void report_final(location_t loc, int head, const struct access_rec *rec,
			 enum break_kind kind, tree base, gimple early,
			 const char *rtl_pass, bool final_break);

static void report_break(location_t loc, int head, const struct access_rec *rec,
			 enum break_kind kind, tree base, gimple early)
{
	report_final(loc, head, rec, kind, base, early, NULL, true);
}

/*
 * Report an access.  final_break: the final code lost the dependency (a
 * broken dependency), or only the source breaks a rule (a comparison or
 * boolean result used as an address, which the final code may still
 * carry: a rule warning, counted apart).  rtl_pass names the RTL pass that
 * broke it, for BREAK_FINAL.
 */
static void report_final(location_t loc, int head, const struct access_rec *rec,
			 enum break_kind kind, tree base, gimple early,
			 const char *rtl_pass, bool final_break)
{
	const struct dep_source *h = &sources[head];
	unsigned HOST_WIDE_INT pair = pair_key(pure_loc(loc), h->loc);
	const char *pass = kind == BREAK_FINAL ? rtl_pass : kind == BREAK_FLAGS ? NULL :
			   kind == BREAK_ENTRY && profile_feedback() ?
			   "value profile transformations (-fprofile-use)" : blamed_pass(pair);
	auto_diagnostic_group d;
	bool fresh, shown;

	map_slot(&reported, pair, 1, &fresh);
	if (!fresh)
		return;
	if (final_break) {
		stats.broken_accesses++;
		map_put(&broken_heads, head + 1, 1);
	} else {
		stats.rule_warnings++;
	}
	if (kind == BREAK_FLAGS && final_break)
		shown = warning_at(loc, 0,
				   "this access no longer depends on the value loaded by %qs: its address depends on it only through a comparison or boolean result, which the final code does not carry",
				   h->primitive);
	else if (kind == BREAK_FLAGS)
		shown = warning_at(loc, 0,
				   "this access depends on %qs only through a comparison or boolean result, not through its address",
				   h->primitive);
	else
		shown = warning_at(loc, 0,
				   "this access no longer depends on the value loaded by %qs: %s%s%s%s",
				   h->primitive, break_text[kind],
				   pass ? " (broken by " : "", pass ? pass : "",
				   pass ? ")" : "");
	if (shown) {
		if (base && DECL_P(base))
			inform(loc, "the access now uses the address of %qD", base);
		if (clone_origin())
			inform(loc, "in %qD, a clone of %qD %s",
			       current_function_decl, clone_origin(), clone_reason());
		inform(h->loc, "dependency head: %qs loads the value here", h->primitive);
		if (early)
			inform(gimple_location(early),
			       "the value of the access now comes from this load, made before the head");
		if (kind == BREAK_FLAGS && !final_break)
			inform(loc, "the final code happens to keep a register dependency here; another compiler, option or target may not");
		inform(loc, "%s: %s", RULES, rule_text[rule_for(h, rec, base, kind)]);
	}
}

/* Remember the first pass after which key was seen broken. */
static void blame_first(unsigned HOST_WIDE_INT key, const char *pass)
{
	bool fresh;

	map_slot(&blame, key, pass_name_index(pass), &fresh);
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
 * How the access ref, recorded as dependent, lost its dependency in the
 * current code, if it did.
 */
static enum break_kind classify(struct chain_walk *w, struct check_ctx *ctx,
				const struct access_rec *rec, tree ref, tree *base)
{
	int src;

	*base = NULL_TREE;
	if (rec->flags_only)
		return BREAK_FLAGS;
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
	/*
	 * An address derived from some other value is not reported: the
	 * value may still depend on the head in ways the walk cannot see
	 * (through memory, through a call).  Only a constant is proof.
	 */
	return *base ? BREAK_CONSTANT : BREAK_NONE;
}

/* Remember the pass that first broke a pair, and the object it used. */
static void blame_broken(unsigned HOST_WIDE_INT pair, const char *pass, tree base)
{
	bool fresh;

	blame_first(pair, pass);
	if (base && DECL_P(base))
		map_slot(&broken_bases, pair, DECL_UID(base), &fresh);
}

static bool head_here(struct check_ctx *ctx, int head)
{
	return map_find(&ctx->heads_here, head + 1);
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
	location_t loc = pure_loc(gimple_location(stmt));
	tree base = constant_address_base(ref);
	unsigned HOST_WIDE_INT line;

	if (store || !known_loc(loc) || map_find(&access_locs, loc) || !base ||
	    TREE_CODE(base) == INTEGER_CST)
		return;
	line = line_key(loc);
	if (!line)
		return;
	map_put(&ctx->new_loads, line, loc);
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

/* Whether stmt comes after a load of head, on every path to it. */
static bool after_head(struct check_ctx *ctx, gimple stmt, int head)
{
	unsigned int i;

	for (i = 0; i < ctx->nhead_stmts; i++) {
		if (ctx->head_of[i] == head && ctx->head_stmts[i] != stmt &&
		    stmt_dominates(ctx->head_stmts[i], stmt))
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
static bool loads_object(gimple stmt, long uid, unsigned int size)
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

/*
 * A load of the same size from the object uid that may execute before
 * head (a candidate for the load the access was merged with), or NULL.
 * Heads, and all volatile loads, are never merged.
 */
static gimple load_before_head(struct check_ctx *ctx, int head, long uid,
			       unsigned int size)
{
	basic_block bb;
	gimple_stmt_iterator gsi;

	calculate_dominance_info(CDI_DOMINATORS);
	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);

			if (loads_object(stmt, uid, size) && !after_head(ctx, stmt, head))
				return stmt;
		}
	}
	return NULL;
}

/*
 * Fix-up mode cannot order a value loaded before its head: refuse, with an
 * error, rather than pretend the site is protected.
 */
static void refuse_fixup(location_t loc, int head, gimple early)
{
	const struct dep_source *h = &sources[head];
	auto_diagnostic_group d;
	bool fresh;

	map_slot(&reported, pair_key(loc, h->loc), 1, &fresh);
	if (!fresh)
		return;
	stats.broken_accesses++;
	map_put(&broken_heads, head + 1, 1);
	error_at(loc,
		 "rcu_deref fix-up mode cannot order this access after %qs: its address became a constant, and its value is now loaded before the head",
		 h->primitive);
	if (early)
		inform(gimple_location(early), "the value now comes from this load");
	inform(h->loc, "dependency head: %qs loads the value here", h->primitive);
	inform(loc,
	       "a load-acquire at the head cannot order a load made before it; keep the access through the pointer (for example with READ_ONCE()), or build this file in warning mode");
}

/*
 * A dependent load that lost its dependency (its address became a
 * constant, as probing saw) and then vanished: value numbering merged it
 * with another load of the same object.  When that load may come before
 * the head, the value no longer depends on the head at all.
 */
static void check_merged(struct check_ctx *ctx, location_t loc, int head,
			 const struct access_rec *rec)
{
	unsigned HOST_WIDE_INT pair = pair_key(loc, sources[head].loc);
	long *uid = map_find(&broken_bases, pair);
	bool blamed = map_find(&blame, pair);
	long object = uid ? *uid : sources[head].compared_uid ?
		      sources[head].compared_uid : sources[rec->source].compared_uid;
	gimple early = object ? load_before_head(ctx, head, object, key_size(rec->key)) :
		       NULL;

	/* Gone without being seen broken, and nothing to merge with: dead. */
	if (!blamed && !early)
		return;
	if (mode == RCU_DEREF_FIXUP && (early || !object)) {
		refuse_fixup(loc, head, early);
		return;
	}
	if (mode == RCU_DEREF_FIXUP)
		map_put(&ctx->fix_heads, head + 1, 1);
	report_break(loc, head, rec, BREAK_MERGED, NULL_TREE, early);
}

/*
 * The dependent loads recorded in the current function that are gone,
 * while new loads from constant addresses appeared on their line, or
 * after their address became a constant.
 */
static void check_vanished(struct check_ctx *ctx)
{
	long *first = map_find(&owned_recs, DECL_UID(current_function_decl));
	int i, head;

	long *new_load, *pass;

	for (i = first ? *first : -1; i >= 0; i = access_recs[i].next) {
		struct access_rec *rec = &access_recs[i];
		location_t loc = rec->key >> 32;

		if (!rec->load || rec->source < 0 || rec->independent ||
		    rec->ambiguous || map_find(&ctx->keys_here, rec->key))
			continue;
		head = resolve_source(rec->source, NULL_TREE, 0);
		if (head < 0 || !head_here(ctx, head))
			continue;
		new_load = map_find(&ctx->new_loads, line_key(loc));
		if (!new_load) {
			if (ctx->report)
				check_merged(ctx, loc, head, rec);
			continue;
		}
		if (ctx->report) {
			if (mode == RCU_DEREF_FIXUP)
				map_put(&ctx->fix_heads, head + 1, 1);
			report_break(loc, head, rec, BREAK_VANISHED, NULL_TREE, NULL);
			continue;
		}
		/* Blame the pass that made the new loads. */
		pass = map_find(&blame, pair_key(*new_load, 0));
		blame_first(pair_key(loc, sources[head].loc),
			    pass ? pass_names[*pass] : ctx->pass);
	}
}

/*
 * Hand an access to the final-code check: one that still depends on its
 * head here (RTL may break it) or that GIMPLE broke (RTL may restore it).
 * Accesses that share their record with independent ones are not judged
 * by GIMPLE and not handed over either.  The RTL access, or -1.
 */
static int track_access(struct chain_walk *w, gimple stmt, tree ref, bool store,
			const struct access_rec *rec, enum break_kind kind)
{
	int head, src, handle;

	if (rec->source < 0 ||
	    (kind == BREAK_NONE && address_dep(w, ref, &src) < DEP_FLAGS))
		return -1;
	head = resolve_source(kind == BREAK_BASE ? rec->base_source : rec->source,
			      gimple_block(stmt), 0);
	if (head < 0)
		return -1;
	handle = rtl_track_access(stmt, ref, store, head, head_leader(head));
	if (pending.rec_of_rtl.length() <= (unsigned int)handle)
		pending.rec_of_rtl.safe_grow_cleared(handle + 1);
	pending.rec_of_rtl[handle] = rec - access_recs;
	return handle;
}

static void defer_break(location_t loc, int head, const struct access_rec *rec,
			enum break_kind kind, tree base, int handle)
{
	pending_break p;

	p.loc = loc;
	p.head = head;
	p.rec = rec - access_recs;
	p.kind = kind;
	p.base = base;
	p.rtl = handle;
	pending.breaks.safe_push(p);
}

static void check_access(struct chain_walk *w, gimple stmt, tree ref, bool store,
			 void *data)
{
	struct check_ctx *ctx = (struct check_ctx *)data;
	unsigned HOST_WIDE_INT key = access_key(stmt, ref, store);
	long *idx = map_find(&accesses, key);
	struct access_rec *rec = idx ? &access_recs[*idx] : NULL;
	enum break_kind kind;
	tree base;
	int head, handle = -1;

	if (!rec) {
		note_new_load(ctx, stmt, ref, store);
		return;
	}
	map_put(&ctx->keys_here, key, 1);
	if (rec->source < 0)
		return;
	kind = classify(w, ctx, rec, ref, &base);
	if (ctx->report)
		handle = track_access(w, stmt, ref, store, rec, kind);
	if ((kind == BREAK_CONSTANT || kind == BREAK_OBJECT || kind == BREAK_ENTRY ||
	     kind == BREAK_BASE) &&
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
	if (ctx->report)
		defer_break(gimple_location(stmt), head, rec, kind, base, handle);
	else if (kind != BREAK_FLAGS)
		blame_broken(pair_key(pure_loc(gimple_location(stmt)), sources[head].loc),
			     ctx->pass, base);
}

/* Remember a head load of the function, for the merged-load check. */
static void note_head_stmt(struct check_ctx *ctx, gimple stmt, int head)
{
	unsigned int cap = ctx->head_stmts_cap;

	ctx->head_stmts = (gimple *)grow(ctx->head_stmts, ctx->nhead_stmts,
					 &ctx->head_stmts_cap, sizeof(*ctx->head_stmts));
	ctx->head_of = (int *)grow(ctx->head_of, ctx->nhead_stmts, &cap,
				   sizeof(*ctx->head_of));
	ctx->head_stmts[ctx->nhead_stmts] = stmt;
	ctx->head_of[ctx->nhead_stmts++] = head;
}

/* The head a call returns, by the summary of its callee, or -1. */
static int returned_head(gimple stmt)
{
	tree fndecl = gimple_call_fndecl(stmt);
	long *ret;

	if (!fndecl || !gimple_call_lhs(stmt))
		return -1;
	if (clone_origin_of(fndecl))
		fndecl = clone_origin_of(fndecl);
	ret = map_find(&returns, DECL_UID(fndecl));
	if (!ret || sources[*ret].kind == SRC_PARAM)
		return -1;
	return resolve_source(*ret, NULL_TREE, 1);
}

/*
 * A call to a function that returns its parameter k, where the call passed
 * a head's value as argument k, but now passes a constant, or calls a
 * clone specialised for a constant argument: the result no longer depends
 * on the head.  The head, or -1.
 */
static int call_lost_head(gimple stmt)
{
	tree fndecl = gimple_call_fndecl(stmt);
	tree origin = fndecl ? clone_origin_of(fndecl) : NULL_TREE;
	long *ret, *arg;
	int index;

	if (!fndecl || !gimple_call_lhs(stmt))
		return -1;
	ret = map_find(&returns, DECL_UID(origin ? origin : fndecl));
	if (!ret || sources[*ret].kind != SRC_PARAM)
		return -1;
	index = sources[*ret].index;
	if (!origin && (index >= (int)gimple_call_num_args(stmt) ||
			!is_gimple_min_invariant(gimple_call_arg(stmt, index))))
		return -1;
	arg = call_arg_source(gimple_location(stmt), DECL_UID(origin ? origin : fndecl), index);
	return arg ? resolve_source(*arg, NULL_TREE, 1) : -1;
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
			int src = stmt_head(stmt);

			if (src < 0 && is_gimple_call(stmt))
				src = returned_head(stmt);
			if (src < 0 && is_gimple_call(stmt)) {
				src = call_lost_head(stmt);
				if (src >= 0) {
					seed(ctx->broken, gimple_call_lhs(stmt), src, DEP_ADDR);
					map_put(&ctx->heads_here, src + 1, 1);
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
			if (ctx->report && mode == RCU_DEREF_FIXUP && sources[src].unused)
				map_put(&ctx->fix_heads, src + 1, 1);
			seed(w, gimple_get_lhs(gsi_stmt(gsi)), src, DEP_ADDR);
			map_put(&ctx->heads_here, src + 1, 1);
		}
	}
}

/* ---------------------------------------------------------------------- */
/* Fix-up mode: the heads of broken chains become load-acquires          */
/* ---------------------------------------------------------------------- */

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
	stats.fixups++;
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
	gimple stmt = gsi_stmt(*gsi);
	tree lhs = gimple_assign_lhs(stmt);
	tree ref = gimple_assign_rhs1(stmt);
	tree type = TREE_TYPE(lhs);
	unsigned HOST_WIDE_INT size;
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
	inform(loc, "fix-up: %s %qs in %qs", text, sources[head].primitive,
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

/*
 * Fix-up mode: make each head of a broken chain in the current function a
 * load-acquire.  A head loaded in another function (a getter that was not
 * inlined, the caller of a clone) gets an acquire fence instead: after the
 * call that returned its value, or at the entry of the clone.
 */
/* Whether head is one to fix, or merged with one. */
static bool head_to_fix(struct key_map *leaders, int head)
{
	return head >= 0 && map_find(leaders, head_leader(head) + 1);
}

static unsigned int apply_fixups(struct key_map *fix_heads)
{
	struct key_map done, leaders;
	gimple *calls = NULL;
	unsigned int ncalls = 0, calls_cap = 0, i;
	basic_block bb;
	gimple_stmt_iterator gsi;

	memset(&done, 0, sizeof(done));
	memset(&leaders, 0, sizeof(leaders));
	for (i = 0; i < fix_heads->size; i++) {
		if (fix_heads->keys[i])
			map_put(&leaders, head_leader(fix_heads->keys[i] - 1) + 1, 1);
	}
	FOR_EACH_BB_FN(bb, cfun) {
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple stmt = gsi_stmt(gsi);
			int head = stmt_head(stmt);

			if (head_to_fix(&leaders, head)) {
				fix_head_stmt(&gsi, head);
				map_put(&done, head_leader(head) + 1, 1);
				continue;
			}
			head = is_gimple_call(stmt) ? returned_head(stmt) : -1;
			if (!head_to_fix(&leaders, head))
				continue;
			calls = (gimple *)grow(calls, ncalls, &calls_cap, sizeof(*calls));
			calls[ncalls++] = stmt;
		}
	}
	/* Fences go in once the walk is over: they may split edges. */
	for (i = 0; i < ncalls; i++) {
		int head = returned_head(calls[i]);

		fence_after(calls[i]);
		fixed_site(gimple_location(calls[i]), head, "fence",
			   "an acquire fence after this call orders the accesses through the value of");
		map_put(&done, head_leader(head) + 1, 1);
	}
	for (i = 0; i < fix_heads->size; i++) {
		if (!fix_heads->keys[i] ||
		    map_find(&done, head_leader(fix_heads->keys[i] - 1) + 1))
			continue;
		map_put(&done, head_leader(fix_heads->keys[i] - 1) + 1, 1);
		fence_at_entry();
		fixed_site(DECL_SOURCE_LOCATION(current_function_decl),
			   fix_heads->keys[i] - 1, "fence",
			   "an acquire fence at the entry of this function orders the accesses through the value of");
	}
	free(calls);
	map_free(&done);
	map_free(&leaders);
	mark_virtual_operands_for_renaming(cfun);
	return TODO_update_ssa_only_virtuals;
}

/*
 * Check the current function against the records.  A second round finds
 * the accesses whose address was loaded by an access found broken.
 */
static unsigned int check_function(const char *pass, bool report)
{
	struct chain_walk w, broken;
	struct check_ctx ctx;
	unsigned int todo = 0, i;

	memset(&ctx, 0, sizeof(ctx));
	ctx.pass = pass;
	ctx.report = report;
	ctx.broken = &broken;
	if (report) {
		rtl_track_begin();
		pending.breaks.truncate(0);
		pending.fix_heads.truncate(0);
		pending.rec_of_rtl.truncate(0);
		pending.fndecl = current_function_decl;
	}

	walk_init(&w);
	walk_init(&broken);
	seed_late_heads(&w, &ctx);
	walk_function(&w);
	visit_function_accesses(&w, check_access, &ctx);
	if (broken.nwork) {
		walk_function(&broken);
		ctx.chained = true;
		visit_function_accesses(&w, check_access, &ctx);
	}
	check_vanished(&ctx);
	for (i = 0; report && i < ctx.fix_heads.size; i++) {
		if (ctx.fix_heads.keys[i])
			pending.fix_heads.safe_push(ctx.fix_heads.keys[i] - 1);
	}
	walk_release(&broken);
	walk_release(&w);
	map_free(&ctx.heads_here);
	map_free(&ctx.keys_here);
	map_free(&ctx.new_loads);
	map_free(&ctx.fix_heads);
	free(ctx.head_stmts);
	free(ctx.head_of);
	return todo;
}

static bool rcu_deref_check_gate(void)
{
	return optimize && accesses.used;
}

static unsigned int rcu_deref_check_execute(void)
{
	return check_function(NULL, true);
}

#define PASS_NAME rcu_deref_check
#define PROPERTIES_REQUIRED PROP_ssa
#include "gcc-generate-gimple-pass.h"

/* ---------------------------------------------------------------------- */
/* Blame: probe functions with heads between GIMPLE passes                */
/* ---------------------------------------------------------------------- */

static bool probing_useful(void)
{
	return optimize && cfun && current_function_decl &&
	       (cfun->curr_properties & PROP_ssa) && accesses.used;
}

/*
 * Before each GIMPLE pass, check the function against the records, and
 * blame each break seen for the first time on the pass that ran before.
 */
static void rcu_deref_pass_execution(void *gcc_data, void *user_data)
{
	opt_pass *pass = (opt_pass *)gcc_data;
	unsigned int uid;
	long *prev;

	if (pass->type != GIMPLE_PASS) {
		if (pass->type == IPA_PASS || pass->type == SIMPLE_IPA_PASS)
			ipa_epoch++;
		return;
	}
	if (!probing_useful())
		return;
	uid = DECL_UID(current_function_decl);
	prev = map_find(&last_pass, uid);
	if (prev && PASS_MARK_EPOCH(*prev) != ipa_epoch)
		check_function("inlining or IPA constant propagation", false);
	else if (prev)
		check_function(pass_names[PASS_MARK_NAME(*prev)], false);
	map_put(&last_pass, uid, PASS_MARK(pass_name_index(pass->name), ipa_epoch));
}

/* Tell that a GIMPLE break is gone from the final code. */
static void trace_restored(const pending_break *p)
{
	expanded_location xl = expand_location(p->loc);
	const char *pass = blamed_pass(pair_key(pure_loc(p->loc), sources[p->head].loc));

	if (dump_file)
		fprintf(dump_file, "rcu_deref: %s:%d:%d: broken in GIMPLE (by %s), intact in the final code\n",
			xl.file, xl.line, xl.column, pass ? pass : "?");
	if (verbose)
		fprintf(stderr, "rcu_deref: %s:%d:%d: in %s, the break GIMPLE made (by %s) is restored in the final code\n",
			xl.file, xl.line, xl.column, function_name(cfun), pass ? pass : "?");
}

/*
 * Fix-up mode: protect each head, or the heads merged with it, in the
 * final code.  A head not loaded in this function (the caller of a clone
 * passed it) gets an acquire fence at the entry.
 */
static void fix_final(vec<int> *heads)
{
	struct key_map done;
	unsigned int i;

	memset(&done, 0, sizeof(done));
	for (i = 0; i < heads->length(); i++) {
		int head = (*heads)[i], leader = head_leader(head);
		bool fresh;

		map_slot(&done, leader + 1, 1, &fresh);
		if (!fresh || rtl_fix_head(leader, fixed_site))
			continue;
		rtl_fence_at_entry();
		fixed_site(DECL_SOURCE_LOCATION(current_function_decl), head, "fence",
			   "an acquire fence at the entry of this function orders the accesses through the value of");
	}
	map_free(&done);
}

/*
 * The verdict, called by the late RTL pass once it knows what the final
 * code did with each access the GIMPLE check handed over: a break is
 * reported, and its head fixed, exactly when the final code has it.  A
 * break GIMPLE made and RTL undid is only traced; a break only RTL made
 * is reported with the RTL pass that made it.  Accesses the final code no
 * longer has, or whose head it cannot follow, keep the GIMPLE verdict.
 */
void rtl_final_verdict(void)
{
	struct key_map judged;
	auto_vec<int> fix;
	unsigned int i;

	if (pending.fndecl != current_function_decl)
		return;
	memset(&judged, 0, sizeof(judged));
	for (i = 0; i < pending.breaks.length(); i++) {
		const pending_break *p = &pending.breaks[i];
		bool broken = rtl_fate_of(p->rtl) != RTL_INTACT;

		if (p->rtl >= 0)
			map_put(&judged, p->rtl + 1, 1);
		if (!broken && p->kind != BREAK_FLAGS) {
			stats.rtl_restored++;
			trace_restored(p);
			continue;
		}
		report_final(p->loc, p->head, &access_recs[p->rec], p->kind, p->base, NULL,
			     NULL, broken);
		if (broken)
			fix.safe_push(p->head);
	}
	for (i = 0; i < pending.rec_of_rtl.length(); i++) {
		if (rtl_fate_of(i) != RTL_BROKEN || map_find(&judged, i + 1))
			continue;
		stats.rtl_breaks++;
		report_final(rtl_location_of(i), rtl_head_of(i),
			     &access_recs[pending.rec_of_rtl[i]], BREAK_FINAL, NULL_TREE,
			     NULL, rtl_blamed_pass(i), true);
		fix.safe_push(rtl_head_of(i));
	}
	for (i = 0; i < pending.fix_heads.length(); i++)
		fix.safe_push(pending.fix_heads[i]);
	if (mode == RCU_DEREF_FIXUP)
		fix_final(&fix);
	map_free(&judged);
	pending.breaks.truncate(0);
	pending.fix_heads.truncate(0);
	pending.fndecl = NULL_TREE;
}

/* ---------------------------------------------------------------------- */
/* Registration                                                           */
/* ---------------------------------------------------------------------- */

static void rcu_deref_start_unit(void *gcc_data, void *user_data)
{
	cpp_define(parse_in, PLUGIN_MACRO);
}

/* Copy s into a JSON string body: quotes, backslashes and controls escaped. */
static char *json_escape(const char *s)
{
	char *out = XNEWVEC(char, strlen(s) * 6 + 1);
	char *o = out;

	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\') {
			*o++ = '\\';
			*o++ = c;
		} else if (c < 0x20) {
			o += sprintf(o, "\\u%04x", c);
		} else {
			*o++ = c;
		}
	}
	*o = '\0';
	return out;
}

/* Heads with at least one dependent access, and those accesses. */
static void count_chains(unsigned int *chains, unsigned int *deps)
{
	struct key_map seen;
	unsigned int i;
	bool fresh;

	memset(&seen, 0, sizeof(seen));
	*chains = 0;
	*deps = 0;
	for (i = 0; i < naccess_recs; i++) {
		const struct access_rec *rec = &access_recs[i];

		if (rec->source < 0 || rec->independent)
			continue;
		(*deps)++;
		if (sources[rec->source].kind != SRC_HEAD)
			continue;
		map_slot(&seen, rec->source + 1, 1, &fresh);
		if (fresh)
			(*chains)++;
	}
	map_free(&seen);
}

/* Append the unit's counts to the stats file, as one line of JSON. */
static void write_stats(void)
{
	unsigned int chains, deps;
	char *file;
	FILE *f;

	count_chains(&chains, &deps);
	f = fopen(stats_path, "a");
	if (!f) {
		error(G_("cannot open the rcu_deref stats file %qs: %m"), stats_path);
		return;
	}
	file = json_escape(main_input_filename ? main_input_filename : "");
	fprintf(f,
		"{\"file\": \"%s\", \"functions\": %u, \"heads\": %u, \"chains\": %u, \"accesses\": %u, \"broken_accesses\": %u, \"broken_heads\": %u, \"fixups\": %u, \"volatile_loads\": %u, \"consume_loads\": %u, \"walk_steps\": %llu, \"rule_warnings\": %u, \"rtl_restored\": %u, \"rtl_breaks\": %u, \"rtl_functions\": %u, \"rtl_accesses\": %u, \"rtl_intact\": %u, \"rtl_broken\": %u, \"rtl_vanished\": %u, \"rtl_unknown\": %u, \"rtl_fallback_functions\": %u}\n",
		file, stats.functions, stats.heads, chains, deps,
		stats.broken_accesses, (unsigned int)broken_heads.used,
		stats.fixups, stats.volatile_loads, stats.consume_loads, stats.walk_steps,
		stats.rule_warnings, stats.rtl_restored, stats.rtl_breaks, rtl_counts.functions,
		rtl_counts.accesses, rtl_counts.intact, rtl_counts.broken, rtl_counts.vanished,
		rtl_counts.unknown, rtl_counts.fallback_functions);
	fclose(f);
	XDELETEVEC(file);
}

static void rcu_deref_finish(void *gcc_data, void *user_data)
{
	if (stats_path)
		write_stats();
	map_free(&accesses);
	map_free(&access_locs);
	map_free(&owned_recs);
	map_free(&call_args);
	map_free(&returns);
	map_free(&head_locs);
	map_free(&reported);
	map_free(&blame);
	map_free(&last_pass);
	map_free(&broken_heads);
	map_free(&broken_bases);
	free(access_recs);
	free(sources);
	free(pass_names);
}

#define VERSION_MISMATCH \
	"%s was built for GCC %s targeting %s, but this compiler is GCC %s targeting %s; rebuild the plugin with this compiler's plugin headers"

/* Copy the --target= part of a GCC configuration string into buf. */
static const char *configured_target(const char *config, char *buf, size_t size)
{
	const char *start = strstr(config, "--target=");
	size_t len;

	if (!start)
		return "an unknown target";
	start += strlen("--target=");
	len = strcspn(start, " ");
	if (len >= size)
		len = size - 1;
	memcpy(buf, start, len);
	buf[len] = '\0';
	return buf;
}

static bool version_matches(const char *plugin_name,
			    struct plugin_gcc_version *version)
{
	struct plugin_gcc_version built_for = gcc_version;
	char built[64], running[64];

#ifdef RCU_DEREF_BUILT_FOR_BASEVER
	/* Only the tests set this: it claims another GCC release. */
	built_for.basever = RCU_DEREF_BUILT_FOR_BASEVER;
#endif
	if (plugin_default_version_check(version, &built_for))
		return true;

	error(G_(VERSION_MISMATCH),
	      plugin_name, built_for.basever,
	      configured_target(built_for.configuration_arguments, built, sizeof(built)),
	      version->basever,
	      configured_target(version->configuration_arguments, running, sizeof(running)));
	return false;
}

__visible int plugin_init(struct plugin_name_args *plugin_info,
			  struct plugin_gcc_version *version)
{
	const char * const plugin_name = plugin_info->base_name;
	int i;

	PASS_INFO(rcu_deref_unmark, "cfg", 1, PASS_POS_INSERT_AFTER);
	PASS_INFO(rcu_deref_mark, "ssa", 1, PASS_POS_INSERT_AFTER);
	PASS_INFO(rcu_deref_check, "optimized", 1, PASS_POS_INSERT_BEFORE);

	if (!version_matches(plugin_name, version))
		return 1;

	for (i = 0; i < plugin_info->argc; i++) {
		if (!parse_argument(plugin_name, &plugin_info->argv[i]))
			return 1;
	}

	register_callback(plugin_name, PLUGIN_INFO, NULL, &rcu_deref_plugin_info);
	if (disable)
		return 0;

	register_callback(plugin_name, PLUGIN_START_UNIT, rcu_deref_start_unit, NULL);
	register_callback(plugin_name, PLUGIN_FINISH, rcu_deref_finish, NULL);
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &rcu_deref_unmark_pass_info);
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &rcu_deref_mark_pass_info);
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &rcu_deref_check_pass_info);
	register_callback(plugin_name, PLUGIN_PASS_EXECUTION,
			  rcu_deref_pass_execution, NULL);
	rtl_register(plugin_name);
	if (dump) {
		g->get_dumps()->dump_switch_p("tree-rcu_deref_mark-lineno");
		g->get_dumps()->dump_switch_p("tree-rcu_deref_check-lineno");
	}
	return 0;
}
