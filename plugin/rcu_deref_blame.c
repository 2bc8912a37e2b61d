// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: which pass broke a dependency.  Before each GIMPLE pass, a
 * function that holds recorded accesses is checked against the records
 * (check_function() in probing mode), and each break seen for the first
 * time is blamed on the pass that ran before, "inlining or IPA constant
 * propagation" across the IPA passes, or "IPA cloning" in a clone.
 * A probe is skipped where the pass before changed nothing in the function:
 * a fingerprint of its statements, their operands and SSA uses, and its
 * PHI arguments is the same as before that pass.
 */

#include "rcu_deref_internal.h"

/* A GIMPLE pass that ran on a function, and in which IPA epoch. */
struct pass_mark {
	int name;		/* index in pass_names */
	unsigned int epoch;
	unsigned long print;	/* the function's fingerprint before the pass */
	bool relevant;		/* the function held something to check */
	bool heads;		/* ... and a head, or a call returning one */
	bool printed;		/* print is set */
};

struct blame_state {
	/* The names of the passes blamed or run: they live as long as GCC. */
	vec<const char *> pass_names;
	/* a pass name (by address) -> its index in pass_names */
	hash_map<const char *, int> *name_index;
	/* by index in pass_names: whether the pass is an inliner */
	vec<bool> inliner;
	/* the last names looked up, by their address: most are found here */
	struct {
		const char *name;
		int index;
	} name_cache[64];
	/* access key, (access, head) pair, or (location, 0) -> blamed pass */
	hash_map<key_hash, int> *first;
	/* DECL_UID of a function -> the last GIMPLE pass run on it */
	hash_map<key_hash, struct pass_mark> *last_pass;
	/* the function of the last GIMPLE pass, and its entry in last_pass */
	unsigned int cur_uid;
	struct pass_mark *cur;
	/* IPA passes seen so far */
	unsigned int ipa_epoch;
};

static struct blame_state blame;

void blame_start(void)
{
	blame.pass_names.create(64);
	blame.name_index = new hash_map<const char *, int>;
	blame.first = new hash_map<key_hash, int>;
	blame.last_pass = new hash_map<key_hash, struct pass_mark>;
	blame.ipa_epoch = 0;
	blame.cur = NULL;
	memset(blame.name_cache, 0, sizeof(blame.name_cache));
}

void blame_finish(void)
{
	blame.pass_names.release();
	blame.inliner.release();
	delete blame.name_index;
	delete blame.first;
	delete blame.last_pass;
	blame.first = NULL;
	blame.cur = NULL;
}

/*
 * The index of a pass name (pass names live as long as the compiler),
 * found by its address: it is asked before every GIMPLE pass.
 */
static int pass_name_index(const char *name)
{
	unsigned int c = ((uintptr_t)name >> 3) % ARRAY_SIZE(blame.name_cache);
	bool existed;
	int *index;

	if (blame.name_cache[c].name == name)
		return blame.name_cache[c].index;
	index = &blame.name_index->get_or_insert(name, &existed);
	if (!existed) {
		*index = blame.pass_names.length();
		blame.pass_names.safe_push(name);
		blame.inliner.safe_push(strstr(name, "inline"));
	}
	blame.name_cache[c].name = name;
	blame.name_cache[c].index = *index;
	return *index;
}

/* Remember the first pass after which key was seen broken. */
void blame_first(unsigned HOST_WIDE_INT key, const char *pass)
{
	int name = pass_name_index(pass);
	bool existed;
	int *slot = &blame.first->get_or_insert(key, &existed);

	if (!existed)
		*slot = name;
}

/* The pass blamed for key, or NULL. */
const char *blamed_name(unsigned HOST_WIDE_INT key)
{
	int *name = blame.first->get(key);

	return name ? blame.pass_names[*name] : NULL;
}

/*
 * Who broke the pair: the pass recorded by probing the function that held
 * the head, or the function the access was in before it was inlined, or
 * the cloner.
 */
const char *blamed_pass(unsigned HOST_WIDE_INT pair)
{
	const char *pass;

	if (clone_origin())
		return "IPA cloning (ipa-cp or ipa-sra)";
	pass = blamed_name(pair_key(pair >> 32, 0));
	return pass ? pass : blamed_name(pair);
}

/*
 * Whether the pass can have brought code from another function: the early
 * inliner (the IPA inliner, cloning and IPA-SRA change the IPA epoch).
 */
static bool imports_code(const struct pass_mark *prev)
{
	return prev->epoch != blame.ipa_epoch || blame.inliner[prev->name];
}

/*
 * Whether the current function holds anything a probe can check, and
 * whether it holds a head (without one, a probe makes no walk from the
 * heads).  A GIMPLE pass only rewrites the function's own statements: one
 * without a head or a recorded access gains one only from another
 * function's code, so the walks that tell are made again only after such
 * a pass.  Once the IPA inliner has run on a function, one without a head
 * is not probed: no inliner runs after it, so no head can come, and no
 * other function's code comes from this body any more (the copies inlined
 * elsewhere were made before; they are probed where they are, with their
 * function's heads), so what its passes break names no warning.
 */
static void function_relevant(const struct pass_mark *prev, struct pass_mark *mark)
{
	if (rcu_deref_options.probe_all) {
		mark->relevant = true;
		mark->heads = true;
	} else if (prev && !imports_code(prev)) {
		mark->relevant = prev->relevant;
		mark->heads = prev->heads;
	} else if (cfun->after_inlining) {
		mark->heads = function_has_heads();
		mark->relevant = mark->heads;
	} else {
		mark->relevant = function_has_records();
		mark->heads = mark->relevant && function_has_heads();
	}
}

/*
 * The fingerprint mixes pointers and numbers with one multiply each: it is
 * made before every GIMPLE pass, so it must cost far less than the probe it
 * saves (GCC's inchash costs about as much).
 */
static inline void print_mix(unsigned long *h, unsigned long v)
{
	*h = (*h ^ v) * 0x100000001b3UL;
}

#define MIX_PTR(h, p) print_mix(h, (uintptr_t)(p))

/* Mix a PHI's result and arguments, and where each comes from. */
static void add_phi(unsigned long *h, gphi *phi)
{
	unsigned int i;

	MIX_PTR(h, phi);
	for (i = 0; i < gimple_phi_num_args(phi); i++) {
		MIX_PTR(h, gimple_phi_arg_def(phi, i));
		print_mix(h, gimple_phi_arg_edge(phi, i)->src->index);
	}
}

/*
 * Mix a statement: the statement itself (a pass that makes a new one
 * changes it), its code and subcode, its SSA uses (a use replaced in
 * place, inside a memory reference, changes them) and, in an assignment
 * or where it reads or writes memory, its operands (a memory reference,
 * an address or a constant replaced in place; the constants of a
 * condition or of a call that reads no memory decide no chain).  The
 * uses are read from the statement's operand list as
 * FOR_EACH_SSA_USE_OPERAND (SSA_OP_USE) gives them, without its iterator:
 * the virtual use (vuse, given), first in the list, is not one of them.
 */
static void add_stmt(unsigned long *h, gimple stmt, tree vuse)
{
	struct use_optype_d *use;
	unsigned int i, n;
	tree *ops;

	MIX_PTR(h, stmt);
	print_mix(h, (unsigned long)gimple_code(stmt) << 16 | stmt->subcode);
	if (!gimple_has_ops(stmt))
		return;
	use = gimple_use_ops(stmt);
	if (use && vuse)
		use = use->next;
	if (vuse || is_gimple_assign(stmt)) {
		n = gimple_num_ops(stmt);
		ops = gimple_ops(stmt);
		for (i = 0; i < n; i++)
			MIX_PTR(h, ops[i]);
	}
	for (; use; use = use->next)
		MIX_PTR(h, USE_OP(use));
}

/*
 * The current function's fingerprint: its blocks, their successors, their
 * PHIs and statements (debug statements aside: they change no verdict).
 * In a function without a head, only the statements its probe can look
 * at: it visits those that read or write memory (they have a virtual use)
 * and the single assignments, and follows the indexes of a recorded
 * access's address through assignments only (known_at_entry()); it makes
 * no walk over the chains, so no PHI, condition or edge decides anything.
 * The sequences are followed by their links, without iterators: this runs
 * before every GIMPLE pass.
 */
static unsigned long function_print(bool heads)
{
	unsigned long h = 0xcbf29ce484222325UL, steps = 0;
	basic_block bb;
	gimple_seq_node n;
	edge e;
	edge_iterator ei;

	FOR_EACH_BB_FN(bb, cfun) {
		if (heads) {
			print_mix(&h, bb->index);
			FOR_EACH_EDGE(e, ei, bb->succs)
				print_mix(&h, e->dest->index);
			for (n = phi_nodes(bb); n; n = n->next)
				add_phi(&h, (gphi *)n);
		}
		for (n = bb_seq(bb); n; n = n->next) {
			tree vuse;

			if (is_gimple_debug(n))
				continue;
			vuse = gimple_vuse(n);
			if (!heads && !vuse && !is_gimple_assign(n))
				continue;
			steps++;
			add_stmt(&h, n, vuse);
		}
	}
	count_add(COUNT_WALK_STEPS, steps);
	return h;
}

/*
 * Whether the pass that ran since prev left the function as it was (and no
 * IPA pass ran in between): then nothing in it can have broken.  Two
 * fingerprints compare only when both were made with heads or without.
 */
static bool unchanged_since(const struct pass_mark *prev, struct pass_mark *mark)
{
	if (rcu_deref_options.probe_all || !mark->relevant)
		return false;
	mark->print = function_print(mark->heads);
	mark->printed = true;
	return prev && prev->printed && prev->heads == mark->heads &&
	       prev->epoch == blame.ipa_epoch && prev->print == mark->print;
}

/*
 * The entry of function uid in last_pass, made if new (*existed false):
 * the passes of one function run one after the other, so the entry of the
 * last is kept (an insertion is the only change that moves entries).
 */
static struct pass_mark *function_mark(unsigned int uid, bool *existed)
{
	if (blame.cur && blame.cur_uid == uid) {
		*existed = true;
		return blame.cur;
	}
	blame.cur = &blame.last_pass->get_or_insert(uid, existed);
	blame.cur_uid = uid;
	return blame.cur;
}

static bool probing_useful(void)
{
	return rcu_deref_options.blame == BLAME_PROBES && optimize && cfun &&
	       current_function_decl &&
	       (cfun->curr_properties & PROP_ssa) && any_records();
}

/*
 * Before each GIMPLE pass, check the function against the records, and
 * blame each break seen for the first time on the pass that ran before.
 */
void rcu_deref_pass_execution(void *gcc_data, void *user_data)
{
	opt_pass *pass = (opt_pass *)gcc_data;
	struct pass_mark *prev, *slot, mark;
	bool existed;

	if (pass->type != GIMPLE_PASS) {
		if (pass->type == IPA_PASS || pass->type == SIMPLE_IPA_PASS)
			blame.ipa_epoch++;
		return;
	}
	if (!probing_useful())
		return;
	slot = function_mark(DECL_UID(current_function_decl), &existed);
	prev = existed ? slot : NULL;
	function_relevant(prev, &mark);
	mark.printed = false;
	if (unchanged_since(prev, &mark)) {
		count_one(COUNT_PROBES_UNCHANGED);
	} else {
		count_one(mark.relevant ? COUNT_PROBES : COUNT_PROBES_SKIPPED);
		if (prev && mark.relevant && prev->epoch != blame.ipa_epoch)
			probe_function("inlining or IPA constant propagation", mark.heads);
		else if (prev && mark.relevant)
			probe_function(blame.pass_names[prev->name], mark.heads);
	}
	mark.name = pass_name_index(pass->name);
	mark.epoch = blame.ipa_epoch;
	*slot = mark;
}
