// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: what the plugin tells.  A warning at each broken access (one
 * per access and head), with notes on what its address became, where the
 * head is, and the rule of Documentation/RCU/rcu_dereference.rst it
 * breaks; fix-up mode's refusal; the warning for a head nothing uses.
 */

#include "rcu_deref_internal.h"

struct report_state {
	/* (access location, head location) pairs already reported */
	hash_set<key_hash> *reported;
	/* heads with a reported break, by source (for the stats) */
	bitmap broken_heads;
	bitmap_obstack bitmaps;
};

static struct report_state report;

void report_start(void)
{
	report.reported = new hash_set<key_hash>;
	bitmap_obstack_initialize(&report.bitmaps);
	report.broken_heads = BITMAP_ALLOC(&report.bitmaps);
}

void report_finish(void)
{
	if (!report.reported)
		return;
	delete report.reported;
	report.reported = NULL;
	bitmap_obstack_release(&report.bitmaps);
	report.broken_heads = NULL;
}

/* The heads with a reported break. */
unsigned int broken_heads(void)
{
	return report.broken_heads ? bitmap_count_bits(report.broken_heads) : 0;
}

enum rule {
	RULE_RELATIONAL = 0,
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
			   source_at(rec->source)->compared_uid;

	return uid && base && DECL_P(base) && DECL_UID(base) != uid;
}

static enum rule rule_for(const struct dep_source *head,
			  const struct access_rec *rec, tree base, enum break_kind kind)
{
	if (rec->flags_only)
		return RULE_RELATIONAL;
	if (kind == BREAK_ENTRY && profile_feedback())
		return RULE_SPECULATION;
	/* RTL's breaks: CSE picking the equal register after a comparison. */
	if (kind == BREAK_FINAL || kind == BREAK_POINTER)
		return RULE_COMPARISON;
	if (head->compared || source_at(rec->source)->compared)
		return compared_elsewhere(head, rec, base) ? RULE_KNOWS_TOO_MUCH :
		       RULE_COMPARISON;
	if (single_element_array(base))
		return RULE_SINGLE_ELEMENT;
	/* An index, or a pointer that went through integer arithmetic. */
	if (!head->pointer || !rec->via_base)
		return RULE_CANCELLATION;
	return RULE_KNOWS_TOO_MUCH;
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
	"",
	"in the final code, no register of its address holds a value derived from the load",
	"its address is now computed from values known before the loop: the loop no longer carries the dependency from one iteration's load to the next",
	"its address is now based on a pointer it was compared equal to, which the source never derived from the load",
};

/*
 * Show a warning made by report_break(), with pass, the pass that broke
 * the dependency, if known.
 */
void emit_report(const struct report_item *it, const char *pass)
{
	auto_diagnostic_group d;
	bool shown;

	if (it->final_break) {
		count_one(COUNT_BROKEN_ACCESSES);
		bitmap_set_bit(report.broken_heads, it->head);
	} else {
		count_one(COUNT_RULE_WARNINGS);
	}
	if (it->kind == BREAK_FINAL)
		count_one(COUNT_RTL_BREAKS);
	if (it->kind == BREAK_FLAGS && it->final_break)
		shown = warning_at(it->loc, 0,
				   "this access no longer depends on the value loaded by %qs: its address depends on it only through a comparison or boolean result, which the final code does not carry",
				   it->primitive);
	else if (it->kind == BREAK_FLAGS)
		shown = warning_at(it->loc, 0,
				   "this access depends on %qs only through a comparison or boolean result, not through its address",
				   it->primitive);
	else
		shown = warning_at(it->loc, 0,
				   "this access no longer depends on the value loaded by %qs: %s%s%s%s",
				   it->primitive, break_text[it->kind],
				   pass ? " (broken by " : "", pass ? pass : "",
				   pass ? ")" : "");
	if (!shown)
		return;
	if (it->base && DECL_P(it->base))
		inform(it->loc, "the access now uses the address of %qD", it->base);
	if (it->origin)
		inform(it->loc, "in %qD, a clone of %qD %s", it->fn, it->origin, it->reason);
	inform(it->head_loc, "dependency head: %qs loads the value here", it->primitive);
	if (it->early != UNKNOWN_LOCATION)
		inform(it->early,
		       "the value of the access now comes from this load, made before the head");
	if (it->kind == BREAK_FLAGS && !it->final_break)
		inform(it->loc,
		       "the final code happens to keep a register dependency here; another compiler, option or target may not");
	inform(it->loc, "%s: %s", RULES, rule_text[it->rule]);
}

/*
 * Report an access the final-code verdict (rcu_deref_verdict.c) found
 * broken (final_break), or, for an address derived only through a
 * comparison or boolean result that the final code still carries, the rule
 * the source breaks: a rule warning, counted apart from broken
 * dependencies.  rtl_pass names the RTL pass of a BREAK_FINAL; early, the
 * load a merged access's value now comes from.  uncertain: a verdict that
 * only the probes' history could settle (rcu_deref_lazy.c).  The warning
 * is shown now, or, with lazy blame, at the end of the unit, once a
 * second compile has named the passes.
 */
void report_break(location_t loc, int head, const struct access_rec *rec,
		  enum break_kind kind, tree base, location_t early,
		  const char *rtl_pass, bool final_break, bool uncertain)
{
	unsigned HOST_WIDE_INT pair = pair_key(pure_loc(loc), source_at(head)->loc);
	const struct dep_source *h = source_at(head);
	const char *pass = kind == BREAK_FINAL ? rtl_pass : kind == BREAK_FLAGS ? NULL :
			   kind == BREAK_ENTRY && profile_feedback() ?
			   "value profile transformations (-fprofile-use)" : blamed_pass(pair);
	struct report_item it = {
		.loc = loc, .head_loc = h->loc, .early = early, .head = head,
		.primitive = h->primitive, .kind = kind, .rule = rule_for(h, rec, base, kind),
		.final_break = final_break, .uncertain = uncertain,
		.base = base && DECL_P(base) ? base : NULL_TREE,
		.fn = current_function_decl, .origin = clone_origin(),
		.reason = clone_origin() ? clone_reason() : NULL,
	};

	if (report.reported->add(pair))
		return;
	if (lazy_child())
		lazy_child_found(&it, pass);
	else if (lazy_defers())
		lazy_defer(&it, pass);
	else
		emit_report(&it, pass);
}

/*
 * Fix-up mode cannot order a value loaded before its head: refuse, with an
 * error, rather than pretend the site is protected.
 */
void refuse_fixup(location_t loc, int head, gimple early)
{
	const struct dep_source *h = source_at(head);
	auto_diagnostic_group d;

	if (report.reported->add(pair_key(loc, h->loc)))
		return;
	count_one(COUNT_BROKEN_ACCESSES);
	bitmap_set_bit(report.broken_heads, head);
	error_at(loc,
		 "rcu_deref fix-up mode cannot order this access after %qs: its address became a constant, and its value is now loaded before the head",
		 h->primitive);
	if (early)
		inform(gimple_location(early), "the value now comes from this load");
	inform(h->loc, "dependency head: %qs loads the value here", h->primitive);
	inform(loc,
	       "a load-acquire at the head cannot order a load made before it; keep the access through the pointer (for example with READ_ONCE()), or build this file in warning mode");
}

/* A head whose value nothing uses (see check_heads_used()). */
void warn_unused_head(location_t loc, const char *primitive)
{
	auto_diagnostic_group d;

	if (warning_at(loc, 0,
		       "the value loaded by %qs is never used: no access depends on it",
		       primitive))
		inform(loc,
		       "the C front end folds expressions such as %<x - x%>, %<x * 0%> and %<x & 0%> before any optimization; %s: %s",
		       RULES, rule_text[RULE_CANCELLATION]);
}
