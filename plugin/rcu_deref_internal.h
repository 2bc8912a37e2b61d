/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcu_deref: what the files of the plugin share.  Each file keeps its own
 * state in a struct of its own; this header has the types that cross files
 * (sources, access records, walks) and each file's entry points.
 */
#ifndef RCU_DEREF_INTERNAL_H
#define RCU_DEREF_INTERNAL_H

#include "gcc-common.h"
#include "tree-dfa.h"
#include "c-family/c-pragma.h"
#include "gimplify-me.h"

/*
 * The plugin's names stay in the plugin, so that none binds to one of the
 * compiler's: hidden to the end of every file that includes this header,
 * except plugin_init() and plugin_is_GPL_compatible (__visible).
 */
#pragma GCC visibility push(hidden)

#define MARKER_NAME "__rcu_deref_head"
#define PLUGIN_MACRO "__RCU_DEREF_PLUGIN__"
#define RULES "Documentation/RCU/rcu_dereference.rst"

/* rcu_deref_plugin.c: the options */

enum rcu_deref_mode {
	RCU_DEREF_WARN,
	RCU_DEREF_FIXUP,
};

/* How the pass that broke a dependency is found. */
enum rcu_deref_blame {
	BLAME_LAZY,	/* by a second compile, with probes, for a unit that warns */
	BLAME_PROBES,	/* probe the functions between passes (rcu_deref_blame.c) */
	BLAME_NONE,	/* no probe: the verdict alone, from the final code */
};

struct rcu_deref_options {
	enum rcu_deref_mode mode;
	enum rcu_deref_blame blame;
	bool verbose;
	bool read_once_heads;
	bool dump;
	bool disable;
	bool probe_all;
	bool consume_dependency;	/* consume=dependency */
	const char *stats_path;
	const char *records_path;	/* records=PATH */
	const char *blame_out;		/* blame-out=PATH: the second compile's */
};

extern struct rcu_deref_options rcu_deref_options;

/*
 * Keys of the unit's tables: a location in the high half and a small tag
 * in the low half (pair_key()), or a DECL_UID.  0 is never a key.
 */
struct key_hash : int_hash<HOST_WIDE_INT, 0, -1> {
	static inline hashval_t hash(HOST_WIDE_INT key);
};

/*
 * One multiply (Fibonacci hashing): the tables are asked for every access
 * a probe visits, and nothing walks them in their order.
 */
inline hashval_t key_hash::hash(HOST_WIDE_INT key)
{
	return (hashval_t)(((unsigned long)key * 0x9e3779b97f4a7c15UL) >> 32);
}

/* Integer constants (all values but the two extremes). */
struct const_hash : int_hash<HOST_WIDE_INT, HOST_WIDE_INT_MIN, HOST_WIDE_INT_MAX> {
};

static inline unsigned HOST_WIDE_INT pair_key(location_t hi, unsigned int lo)
{
	return ((unsigned HOST_WIDE_INT)hi << 32) | lo;
}

static inline location_t pure_loc(location_t loc)
{
	return get_pure_location(line_table, loc);
}

static inline bool known_loc(location_t loc)
{
	return LOCATION_LOCUS(loc) != UNKNOWN_LOCATION;
}

/* rcu_deref_chain.c: sources, and walks over the SSA chains */

/*
 * Sources.  A value in a function derives from at most one source: a
 * dependency head, a parameter of the function, or the result of a call.
 * Parameters and call results are resolved to heads when checking.
 */
enum source_kind {
	SRC_HEAD,
	SRC_PARAM,
	SRC_CALL,
	SRC_EITHER,	/* parameters: a value derived from two of them */
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
	bool early;		/* head: seen by the mark pass */
	int leader;		/* head: heads merged in one value form a set */
	int either[2];		/* either: the two sources, each a parameter or either */
};

/* How a value derives from its source. */
enum dep_strength {
	DEP_NONE,
	DEP_FLAGS,	/* only through a comparison or boolean result */
	DEP_ASSUMED,	/* through the result of a call, assumed to derive from its arguments */
	DEP_ADDR,	/* a real address/data dependency */
};

/*
 * The state of one walk over a function: for each SSA name, the source it
 * derives from and how.  A name is seeded or reached once per improvement
 * of its (strength, source kind), at most a few times, so a walk costs
 * time linear in the size of the function.  The tables are made by the
 * first seed: a probe of a function without a head seeds nothing.
 */
struct chain_walk {
	vec<tree> work;		/* names whose uses are to be visited */
	vec<tree> heads;	/* mark pass: the values loaded by heads */
	int *source;		/* by SSA version, -1 if none; NULL: none seeded */
	unsigned char *strength;	/* by SSA version: enum dep_strength */
	unsigned int names;	/* the number of SSA names when the walk began */
	bool merge;		/* mark pass: merge heads that meet in a value */
};

int new_source(enum source_kind kind, location_t loc);
unsigned int sources_count(void);
struct dep_source *source_at(int src);
int source_rank(int src);
int head_leader(int head);
void chain_start(void);
void chain_finish(void);

void walk_init(struct chain_walk *w);
void walk_release(struct chain_walk *w);
void seed(struct chain_walk *w, tree name, int src, enum dep_strength st);
enum dep_strength strength_of(struct chain_walk *w, tree op, int *src);
void address_operands(tree ref, vec<tree> *ops);
enum dep_strength address_dep(struct chain_walk *w, tree ref, int *src);
tree invariant_value(tree value);
void walk_function(struct chain_walk *w);

/* rcu_deref_access.c: memory accesses */

unsigned HOST_WIDE_INT access_key(const_gimple stmt, tree ref, bool store);
tree base_pointer(tree ref);
tree object_base(tree ref);
tree constant_address_base(tree ref);
unsigned int constant_address(tree ref, HOST_WIDE_INT *offset);
void visit_stmt_accesses(struct chain_walk *w, gimple stmt,
			 void (*fn)(struct chain_walk *w, gimple stmt, tree ref,
				    bool store, void *data),
			 void *data);
void visit_function_accesses(struct chain_walk *w,
			     void (*fn)(struct chain_walk *w, gimple stmt, tree ref,
					bool store, void *data),
			     void *data);
void visit_memory_accesses(struct chain_walk *w,
			   void (*fn)(struct chain_walk *w, gimple stmt, tree ref,
				      bool store, void *data),
			   void *data);

/* rcu_deref_heads.c: markers, head recognition, the unmark pass */

bool is_scalar_type(tree type);
bool is_consume_load(const_gimple stmt);
bool is_volatile_scalar_load(const_gimple stmt);
int stmt_head(const_gimple stmt);
int inlined_consume_head(tree block);
void check_heads_used(struct chain_walk *w);
opt_pass *make_rcu_deref_unmark_pass(void);
void heads_start(void);
void heads_finish(void);

/* rcu_deref_records.c: what the mark pass records for the check pass */

/*
 * A dependent access recorded by the mark pass.  Accesses are keyed by
 * source location: the pure location of the statement in the high half,
 * the size of the access and whether it is a store in the low half.
 */
struct access_rec {
	unsigned HOST_WIDE_INT key;
	int source;		/* index of its source, or -1 */
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

struct access_rec *record_for(unsigned HOST_WIDE_INT key, bool store);
struct access_rec *find_record(unsigned HOST_WIDE_INT key);
int first_record_of(unsigned int fn_uid);
struct access_rec *record_at(int index);
bool any_records(void);
void note_access_loc(location_t loc);
bool access_at(location_t loc);
void set_call_arg(location_t loc, unsigned int fn_uid, int index, int src);
int call_arg_source(location_t loc, unsigned int fn_uid, int index);
void note_return(unsigned int fn_uid, int src);
int returned_source(unsigned int fn_uid);
void count_chains(unsigned int *chains, unsigned int *deps);
unsigned int records_count(void);
/* The kernel's MAX_ERRNO: ERR_PTR(-e) for 0 < e <= 4095 is an error. */
#define RCU_DEREF_MAX_ERRNO 4095

/* Whether a pointer's value, sign extended, is ERR_PTR(-e). */
static inline bool error_pointer_value(HOST_WIDE_INT value)
{
	return value < 0 && value >= -RCU_DEREF_MAX_ERRNO;
}

void note_merged_constant(tree cst);
bool merged_constant(HOST_WIDE_INT value);
void records_start(void);
void records_finish(void);

/* rcu_deref_resolve.c: the head a source stands for, clones */

tree clone_origin_of(tree fndecl);
tree clone_origin(void);
const char *clone_reason(void);
int resolve_source(int src, tree block, int depth);
int resolve_after_inlining(int src, tree block);
void resolve_forget(void *gcc_data, void *user_data);
void resolve_start(void);
void resolve_finish(void);
int returned_head(gimple stmt);
int call_lost_head(gimple stmt);

/* rcu_deref_mark.c: the mark pass */

opt_pass *make_rcu_deref_mark_pass(void);

/* rcu_deref_check.c: the check pass, and checks between passes */

unsigned int check_function(const char *pass, bool report);
void probe_function(const char *pass, bool heads);
bool function_has_records(void);
bool function_has_heads(void);
opt_pass *make_rcu_deref_check_pass(void);

/* rcu_deref_blame.c: which pass broke a dependency */

void blame_first(unsigned HOST_WIDE_INT key, const char *pass);
const char *blamed_name(unsigned HOST_WIDE_INT key);
const char *blamed_pass(unsigned HOST_WIDE_INT pair);
void rcu_deref_pass_execution(void *gcc_data, void *user_data);
void blame_start(void);
void blame_finish(void);

/* rcu_deref_report.c: warnings, notes and the rules they name */

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
	BREAK_UNUSED,		/* nothing uses the head's value (warned by mark) */
	BREAK_FINAL,		/* intact in GIMPLE, broken by an RTL pass */
	BREAK_LOOP,		/* a loop no longer carries it to the next iteration */
	BREAK_POINTER,		/* its base pointer became one it was compared equal to */
};

/* A warning on a broken access: all it says but the pass that broke it. */
struct report_item {
	location_t loc;		/* the access */
	location_t head_loc;
	location_t early;	/* merged: the load its value now comes from */
	int head;
	const char *primitive;	/* the head's */
	enum break_kind kind;
	int rule;		/* the rule of RULES it breaks (enum rule) */
	bool final_break;	/* broken in the final code, not only a rule */
	bool uncertain;		/* only the probes' history can settle it */
	tree base;		/* the declared object the access now uses */
	tree fn;		/* the function */
	tree origin;		/* ... the function it is a clone of */
	const char *reason;	/* ... why it is a clone */
};

void report_break(location_t loc, int head, const struct access_rec *rec,
		  enum break_kind kind, tree base, location_t early,
		  const char *rtl_pass, bool final_break, bool uncertain);
void emit_report(const struct report_item *it, const char *pass);
void refuse_fixup(location_t loc, int head, gimple early);
void warn_unused_head(location_t loc, const char *primitive);
unsigned int broken_heads(void);
void report_start(void);
void report_finish(void);

/* rcu_deref_lazy.c: lazy blame, a second compile only for a unit that warns */

bool lazy_defers(void);
bool lazy_child(void);
void lazy_defer(const struct report_item *it, const char *pass);
void lazy_child_found(const struct report_item *it, const char *pass);
void lazy_start(void);
void lazy_finish(void);
void lazy_register(const char *plugin_name);

/* rcu_deref_fixup.c: the heads of broken chains become load-acquires */

void fix_heads_in_final_code(const int *heads, unsigned int nheads);
void record_site_text(location_t loc, const char *how);

/* rcu_deref_consume.c: consume=dependency, consume loads made plain loads */

void consume_decide(void);
void consume_final_code(const int *heads, unsigned int nheads);
void consume_write_stats(FILE *f);
void consume_start(void);
void consume_finish(void);

/* rcu_deref_verdict.c: breaks wait for the final code's verdict */
void verdict_begin(void);
int verdict_track(struct chain_walk *w, struct chain_walk *broken, gimple stmt, tree ref,
		  bool store, const struct access_rec *rec, enum break_kind kind);
void verdict_untracked(gimple stmt, tree ref);
void verdict_twins(struct chain_walk *w);
void verdict_defer(location_t loc, int head, const struct access_rec *rec,
		   enum break_kind kind, tree base, location_t early, int rtl);

/* rcu_deref_stats.c: the counts of the stats option */

enum unit_count {
	COUNT_FUNCTIONS,
	COUNT_HEADS,
	COUNT_BROKEN_ACCESSES,
	COUNT_FIXUPS,
	COUNT_VOLATILE_LOADS,
	COUNT_CONSUME_LOADS,
	/*
	 * The work of every walk of every pass and probe: statements scanned,
	 * uses visited, values seeded.  Deterministic, unlike time: it is what
	 * tests check to be linear in the size of the input.
	 */
	COUNT_WALK_STEPS,
	COUNT_RULE_WARNINGS,	/* comparison/boolean results kept by the final code */
	COUNT_RTL_RESTORED,	/* GIMPLE breaks the final code does not have */
	COUNT_RTL_BREAKS,	/* breaks only RTL made */
	COUNT_PROBES,		/* GIMPLE probes run */
	COUNT_PROBES_SKIPPED,	/* ... and skipped: nothing to check in the function */
	COUNT_PROBES_UNCHANGED,	/* ... and skipped: the pass before changed nothing */
	COUNT_BLAME_COMPILES,	/* second compiles run to name the passes (lazy blame) */
	NR_UNIT_COUNTS,
};

void count_one(enum unit_count what);
void count_add(enum unit_count what, unsigned long long n);
void write_stats(void);
void stats_start(void);
char *json_escape(const char *s);

/* rcu_deref_listing.c: the records option */

void listing_note_head(int src);
void write_listing(void);
void listing_start(void);
void listing_finish(void);

#endif /* RCU_DEREF_INTERNAL_H */
