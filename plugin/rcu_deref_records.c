// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: what the mark pass records for the passes that follow.  The
 * dependent accesses of the unit (by source location), the locations of
 * all its memory accesses, and what crosses function boundaries: the call
 * arguments that carry a dependency and the values functions return.
 */

#include "rcu_deref_internal.h"

struct records_state {
	vec<struct access_rec> recs;
	/* access key -> index in recs */
	hash_map<key_hash, int> *by_key;
	/* DECL_UID of a function -> its first record, chained by next */
	hash_map<key_hash, int> *first_of;
	/* pure location of any memory access in the mark pass */
	hash_set<key_hash> *locs;
	/* (call location, callee, argument index) -> source of the argument */
	hash_map<key_hash, int> *call_args;
	/* DECL_UID of a function -> source of its return value */
	hash_map<key_hash, int> *returns;
	/* integer constants the source merges with dependent values */
	hash_set<const_hash> *merged_constants;
};

static struct records_state records;

void records_start(void)
{
	records.recs.create(64);
	records.by_key = new hash_map<key_hash, int>;
	records.first_of = new hash_map<key_hash, int>;
	records.locs = new hash_set<key_hash>;
	records.call_args = new hash_map<key_hash, int>;
	records.returns = new hash_map<key_hash, int>;
	records.merged_constants = new hash_set<const_hash>;
}

void records_finish(void)
{
	records.recs.release();
	delete records.by_key;
	delete records.first_of;
	delete records.locs;
	delete records.call_args;
	delete records.returns;
	delete records.merged_constants;
	records.by_key = NULL;
}

/* A new record, owned by the current function. */
static void new_access_rec(unsigned HOST_WIDE_INT key, bool store)
{
	struct access_rec rec;
	bool existed;
	int *first = &records.first_of->get_or_insert(DECL_UID(current_function_decl),
						       &existed);

	memset(&rec, 0, sizeof(rec));
	rec.key = key;
	rec.source = -1;
	rec.base_source = -1;
	rec.load = !store;
	rec.next = existed ? *first : -1;
	*first = records.recs.length();
	records.recs.safe_push(rec);
}

/* The record of the access key, made when the key is new. */
struct access_rec *record_for(unsigned HOST_WIDE_INT key, bool store)
{
	bool existed;
	int *idx = &records.by_key->get_or_insert(key, &existed);

	if (!existed) {
		*idx = records.recs.length();
		new_access_rec(key, store);
	}
	return &records.recs[*idx];
}

/* The record of the access key, or NULL. */
struct access_rec *find_record(unsigned HOST_WIDE_INT key)
{
	int *idx = key ? records.by_key->get(key) : NULL;

	return idx ? &records.recs[*idx] : NULL;
}

/* The first record owned by the function fn_uid (see next), or -1. */
int first_record_of(unsigned int fn_uid)
{
	int *first = records.first_of->get(fn_uid);

	return first ? *first : -1;
}

/* The number of records of the unit: their indices are 0 to this - 1. */
unsigned int records_count(void)
{
	return records.recs.length();
}

struct access_rec *record_at(int index)
{
	return &records.recs[index];
}

/* Whether the mark pass recorded any access in the unit. */
bool any_records(void)
{
	return records.by_key && records.by_key->elements();
}

/* The mark pass saw a memory access at loc. */
void note_access_loc(location_t loc)
{
	records.locs->add(loc);
}

bool access_at(location_t loc)
{
	return records.locs->contains(loc);
}

/*
 * The key of argument index of a call to fn_uid at loc: calls nested in
 * one statement share its location (use(p, read(&x)) on one line).
 */
static unsigned HOST_WIDE_INT call_arg_key(location_t loc, unsigned int fn_uid, int index)
{
	return pair_key(loc, (fn_uid & 0xffffff) << 8 | (index & 0xff));
}

/* Argument index of the call to fn_uid at loc (a pure location) is src's. */
void set_call_arg(location_t loc, unsigned int fn_uid, int index, int src)
{
	records.call_args->put(call_arg_key(loc, fn_uid, index), src);
}

/* The source of argument index of the call to fn_uid at loc, or -1. */
int call_arg_source(location_t loc, unsigned int fn_uid, int index)
{
	int *src;

	loc = pure_loc(loc);
	src = known_loc(loc) ? records.call_args->get(call_arg_key(loc, fn_uid, index)) :
	      NULL;
	return src ? *src : -1;
}

/* The function fn_uid returns a value derived from src: keep the best. */
void note_return(unsigned int fn_uid, int src)
{
	int *known = records.returns->get(fn_uid);

	if (!known || source_rank(src) > source_rank(*known))
		records.returns->put(fn_uid, src);
}

/* The source of the value the function fn_uid returns, or -1. */
int returned_source(unsigned int fn_uid)
{
	int *src = records.returns->get(fn_uid);

	return src ? *src : -1;
}

static void add_constant(HOST_WIDE_INT value)
{
	if (value != HOST_WIDE_INT_MIN && value != HOST_WIDE_INT_MAX)
		records.merged_constants->add(value);
}

/*
 * The source merges the integer constant cst with a dependent value: keep
 * its value as RTL writes it in a register of the type's width (sign
 * extended) and in a wider one (zero extended, for an unsigned type).
 */
void note_merged_constant(tree cst)
{
	unsigned int prec = TYPE_PRECISION(TREE_TYPE(cst));
	unsigned HOST_WIDE_INT low = TREE_INT_CST_LOW(cst);

	if (prec > HOST_BITS_PER_WIDE_INT || (!tree_fits_shwi_p(cst) && !tree_fits_uhwi_p(cst)))
		return;
	add_constant(sext_hwi(low, prec));
	if (prec < HOST_BITS_PER_WIDE_INT)
		add_constant(zext_hwi(low, prec));
}

/* Whether the source merged the integer constant value with a dependent value. */
bool merged_constant(HOST_WIDE_INT value)
{
	return records.merged_constants && records.merged_constants->contains(value);
}

/* Heads with at least one dependent access, and those accesses. */
void count_chains(unsigned int *chains, unsigned int *deps)
{
	auto_bitmap seen;
	struct access_rec *rec;
	unsigned int i;

	*chains = 0;
	*deps = 0;
	FOR_EACH_VEC_ELT(records.recs, i, rec) {
		if (rec->source < 0 || rec->independent)
			continue;
		(*deps)++;
		if (source_at(rec->source)->kind != SRC_HEAD)
			continue;
		if (bitmap_set_bit(seen, rec->source))
			(*chains)++;
	}
}
