// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: the records option.  It lists, as one line of JSON per
 * translation unit, what the mark pass recorded: each head it saw (its
 * place, file:line and column, its primitive, the function that holds it
 * before any inlining, and its set: heads merged in one value, as a list
 * walk's first and next pointers, share it), and under each head the
 * places of the dependent accesses recorded for it directly (an access
 * record whose source is that head).  "others" lists the places of the
 * unit's other memory accesses (independent ones, and those that derive
 * from a parameter or a call result), so that a reader of the assembly
 * knows which lines hold accesses that do not derive from the head.
 *
 * This is the source's dependencies, not the plugin's verdict: it is what
 * survey/recall.py checks against the assembly.  Not listed:
 *  - accesses that reach a head only through a parameter (a caller's head
 *    passed to a helper) or a call result (a getter that returns a head):
 *    their records have the parameter or call as source;
 *  - heads the mark pass does not see: those only inlining makes (a
 *    consume load inside an inlined helper is its helper's head);
 *  - loads from read-only objects (string literals, const objects);
 *  - accesses with no location.
 * An access whose location holds accesses of other sources, or also one
 * that did not depend, is listed with "shared" (the check pass does not
 * check it either); one whose base pointer can also be a global object's
 * address, merged with the head's values (a list walk that starts at a
 * static element), with "object_arm": on that path it depends on no
 * head.  The mark pass does nothing at -O0: nothing is listed there.
 *
 * Nothing is collected without the option: the mark pass notes heads only
 * when records_path is set.
 */

#include "rcu_deref_internal.h"

/* A head the mark pass saw, and the function that held it. */
struct listed_head {
	int src;
	char *function;
};

struct listing_state {
	vec<struct listed_head> heads;
};

static struct listing_state listing;

void listing_start(void)
{
	listing.heads.create(0);
}

void listing_finish(void)
{
	struct listed_head *h;
	unsigned int i;

	FOR_EACH_VEC_ELT(listing.heads, i, h)
		XDELETEVEC(h->function);
	listing.heads.release();
}

/* The mark pass saw the head src in the current function. */
void listing_note_head(int src)
{
	struct listed_head h;

	h.src = src;
	h.function = xstrdup(function_name(cfun));
	listing.heads.safe_push(h);
}

/* Whether the record is a dependent access of a head (its own source). */
static bool head_record(const struct access_rec *rec)
{
	return rec->source >= 0 && source_at(rec->source)->kind == SRC_HEAD;
}

/* Whether accesses at the record's location also derive from no head, or another. */
static bool shared_record(const struct access_rec *rec)
{
	return rec->independent || rec->ambiguous;
}

/* "file:line", column of loc (at its macro's expansion point). */
static void write_place(FILE *f, const char *name, location_t loc)
{
	expanded_location xl = expand_location(loc);
	char *file = json_escape(xl.file ? xl.file : "");

	fprintf(f, "\"%s\": \"%s:%d\", \"column\": %d", name, file, xl.line, xl.column);
	XDELETEVEC(file);
}

static void write_access(FILE *f, const struct access_rec *rec, bool first)
{
	fprintf(f, "%s{", first ? "" : ", ");
	write_place(f, "place", (location_t)(rec->key >> 32));
	fprintf(f, ", \"store\": %s, \"flags\": %s, \"assumed\": %s",
		rec->load ? "false" : "true", rec->flags_only ? "true" : "false",
		rec->assumed ? "true" : "false");
	fprintf(f, ", \"shared\": %s, \"object_arm\": %s}",
		shared_record(rec) ? "true" : "false", rec->alt_uid ? "true" : "false");
}

/* The head h, and the accesses chained from first through next[]. */
static void write_head(FILE *f, const struct listed_head *h, int first,
		       const int *next, bool comma)
{
	const struct dep_source *s = source_at(h->src);
	char *function = json_escape(h->function);
	int i;

	fprintf(f, "%s{\"function\": \"%s\", ", comma ? ", " : "", function);
	write_place(f, "head", s->loc);
	fprintf(f, ", \"primitive\": \"%s\", \"set\": %d, \"unused\": %s, \"accesses\": [",
		s->primitive ? s->primitive : "", head_leader(h->src),
		s->unused ? "true" : "false");
	for (i = first; i >= 0; i = next[i])
		write_access(f, record_at(i), i == first);
	fputs("]}", f);
	XDELETEVEC(function);
}

/* The places of the records that are no head's dependent accesses (or not only). */
static void write_others(FILE *f)
{
	unsigned int i, n = records_count();
	bool first = true;

	fputs("], \"others\": [", f);
	for (i = 0; i < n; i++) {
		const struct access_rec *rec = record_at(i);

		if (head_record(rec) && !shared_record(rec))
			continue;
		fprintf(f, "%s{", first ? "" : ", ");
		write_place(f, "place", (location_t)(rec->key >> 32));
		fprintf(f, ", \"store\": %s}", rec->load ? "false" : "true");
		first = false;
	}
	fputs("]}\n", f);
}

/*
 * Chain the head records by source, in the order the mark pass made them:
 * first[src] is the first record of src, next[i] the one after record i.
 */
static void chain_by_source(int *first, int *next)
{
	unsigned int i, n = records_count();

	for (i = n; i-- > 0;) {
		const struct access_rec *rec = record_at(i);

		next[i] = -1;
		if (!head_record(rec))
			continue;
		next[i] = first[rec->source];
		first[rec->source] = i;
	}
}

static void write_listing_to(FILE *f)
{
	unsigned int nsrc = sources_count(), i;
	int *first = XNEWVEC(int, nsrc + 1);
	int *next = XNEWVEC(int, records_count() + 1);
	struct listed_head *h;
	auto_bitmap written;
	bool comma = false;
	char *file;

	memset(first, -1, sizeof(int) * (nsrc + 1));
	chain_by_source(first, next);
	file = json_escape(main_input_filename ? main_input_filename : "");
	fprintf(f, "{\"file\": \"%s\", \"heads\": [", file);
	XDELETEVEC(file);
	FOR_EACH_VEC_ELT(listing.heads, i, h) {
		/* A head seen twice (two loads at one location) is one head. */
		if (!bitmap_set_bit(written, h->src))
			continue;
		write_head(f, h, first[h->src], next, comma);
		comma = true;
	}
	write_others(f);
	XDELETEVEC(first);
	XDELETEVEC(next);
}

/* Append the unit's heads and their dependent accesses to the records file. */
void write_listing(void)
{
	FILE *f = fopen(rcu_deref_options.records_path, "a");

	if (!f) {
		error(G_("cannot open the rcu_deref records file %qs: %m"),
		      rcu_deref_options.records_path);
		return;
	}
	write_listing_to(f);
	fclose(f);
}
