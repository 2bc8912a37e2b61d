// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: the stats option.  Counts over the translation unit, written
 * as one line of JSON at the end: functions, heads, chains, dependent
 * accesses, breaks, fixed sites, the volatile and consume loads a blanket
 * approach would make acquire, and the work of the walks.
 */

#include "rcu_deref_internal.h"
#include "rcu_deref_rtl.h"

struct stats_state {
	unsigned long long counts[NR_UNIT_COUNTS];
};

static struct stats_state stats;

void stats_start(void)
{
	memset(&stats, 0, sizeof(stats));
}

void count_one(enum unit_count what)
{
	stats.counts[what]++;
}

void count_add(enum unit_count what, unsigned long long n)
{
	stats.counts[what] += n;
}

/* Copy s into a JSON string body: quotes, backslashes and controls escaped. */
char *json_escape(const char *s)
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

/* Append the unit's counts to the stats file, as one line of JSON. */
void write_stats(void)
{
	const unsigned long long *n = stats.counts;
	unsigned int chains, deps;
	char *file;
	FILE *f;

	count_chains(&chains, &deps);
	f = fopen(rcu_deref_options.stats_path, "a");
	if (!f) {
		error(G_("cannot open the rcu_deref stats file %qs: %m"),
		      rcu_deref_options.stats_path);
		return;
	}
	file = json_escape(main_input_filename ? main_input_filename : "");
	fprintf(f,
		"{\"file\": \"%s\", \"functions\": %llu, \"heads\": %llu, \"chains\": %u, \"accesses\": %u, \"broken_accesses\": %llu, \"broken_heads\": %u, \"fixups\": %llu, \"volatile_loads\": %llu, \"consume_loads\": %llu, \"walk_steps\": %llu, \"rule_warnings\": %llu, \"rtl_restored\": %llu, \"rtl_breaks\": %llu, \"rtl_functions\": %u, \"rtl_accesses\": %u, \"rtl_intact\": %u, \"rtl_broken\": %u, \"rtl_vanished\": %u, \"rtl_unknown\": %u, \"rtl_fallback_functions\": %u, \"rtl_steps\": %llu, \"probes\": %llu, \"probes_skipped\": %llu, \"probes_unchanged\": %llu",
		file, n[COUNT_FUNCTIONS], n[COUNT_HEADS], chains, deps,
		n[COUNT_BROKEN_ACCESSES], broken_heads(), n[COUNT_FIXUPS],
		n[COUNT_VOLATILE_LOADS], n[COUNT_CONSUME_LOADS], n[COUNT_WALK_STEPS],
		n[COUNT_RULE_WARNINGS], n[COUNT_RTL_RESTORED], n[COUNT_RTL_BREAKS],
		rtl_counts.functions, rtl_counts.accesses, rtl_counts.intact,
		rtl_counts.broken, rtl_counts.vanished, rtl_counts.unknown,
		rtl_counts.fallback_functions, rtl_counts.steps,
		n[COUNT_PROBES], n[COUNT_PROBES_SKIPPED], n[COUNT_PROBES_UNCHANGED]);
	fprintf(f, ", \"rtl_merged\": %u, \"blame_compiles\": %llu", rtl_counts.merged,
		n[COUNT_BLAME_COMPILES]);
	consume_write_stats(f);
	fputs("}\n", f);
	fclose(f);
	XDELETEVEC(file);
}
