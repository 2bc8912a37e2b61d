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
 * or recorded accesses and names the pass after which a recorded access
 * lost its dependency.  Whether a function holds any is found by one walk,
 * made again only after a pass that can bring in another function's code
 * (an inliner, an IPA pass).
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
 * -fplugin-arg-rcu_deref_plugin-consume=acquire|dependency
 *	acquire (the default): a C11 consume load is GCC's load-acquire;
 *	dependency: one whose dependencies all survive to the final code is
 *	a plain load (rcu_deref_consume.c)
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
 * -fplugin-arg-rcu_deref_plugin-records=PATH
 *	append one line of JSON to PATH with the heads the mark pass saw and,
 *	for each, the places of the dependent accesses it recorded for it
 *	(rcu_deref_listing.c says what is not listed); the warnings are the
 *	same with it
 * -fplugin-arg-rcu_deref_plugin-blame=lazy|probes|none
 *	how each warning names the pass that broke the dependency.  lazy
 *	(the default): a unit with a warning is compiled a second time, with
 *	probes, to name it (rcu_deref_lazy.c); a unit without one costs no
 *	probe.  probes: probe the functions that hold heads or recorded
 *	accesses between passes (fix-up mode and consume=dependency always
 *	do).  none: no probe, no pass named, and an access that no insn of
 *	the final code makes any more keeps the GIMPLE verdict (a probe can
 *	see which intact access's insn it was merged into)
 * -fplugin-arg-rcu_deref_plugin-blame-out=PATH
 *	used by lazy blame: write the breaks found and their passes to PATH
 *	instead of warning, and no other output
 * -fplugin-arg-rcu_deref_plugin-probe-all
 *	probe every function after every GIMPLE pass, not only those that
 *	hold a head or a recorded access (slower; the reference the tests
 *	compare the blamed passes with)
 * -fplugin-arg-rcu_deref_plugin-dump
 *	write the dump files of both passes, which list the chains of each
 *	function (as -fdump-tree-all does; GCC parses -fdump-tree-<pass>
 *	before plugins register their passes, so it cannot name them)
 *
 * Files, each with its own state:
 *  rcu_deref_internal.h	what the files share
 *  rcu_deref_plugin.c	options, registration, version check
 *  rcu_deref_heads.c	head markers, the unmark pass, head recognition
 *  rcu_deref_chain.c	sources, and the walk along the chains through SSA
 *  rcu_deref_access.c	memory accesses: keys, base pointers, objects
 *  rcu_deref_mark.c	the mark pass
 *  rcu_deref_records.c	what the mark pass records for later passes
 *  rcu_deref_resolve.c	the head a parameter or a call stands for; clones
 *  rcu_deref_check.c	the check pass, and decide_break(), the verdict on a break
 *  rcu_deref_blame.c	probes between passes: which pass broke a dependency
 *  rcu_deref_lazy.c	lazy blame: the probes only in a second compile of a unit that warns
 *  rcu_deref_fixup.c	fix-up mode: load-acquires, fences, site records
 *  rcu_deref_consume.c	consume=dependency: consume loads made plain loads
 *  rcu_deref_report.c	warnings, notes, and the rules they name
 *  rcu_deref_stats.c	the stats option
 *  rcu_deref_listing.c	the records option: heads and their dependent accesses
 *
 * Usage:
 * $ make		# builds build/plugin/<target>/rcu_deref_plugin.so
 * $ gcc -O2 -fplugin=build/plugin/x86_64-linux-gnu/rcu_deref_plugin.so \
 *	-I plugin/include test.c
 */

#include "rcu_deref_internal.h"
#include "rcu_deref_rtl.h"

__visible int plugin_is_GPL_compatible;

static struct plugin_info rcu_deref_plugin_info = {
	.version	= PLUGIN_VERSION,
	.help		=
		"mode=warn|fixup\twarn about broken dependencies, or also fix them with a load-acquire\n"
			  "consume=acquire|dependency\tmake a consume load a plain load where its dependencies survive\n"
			  "blame=lazy|probes|none\tname the pass that broke a dependency by a second compile of a unit that warns (lazy), by probes, or not\n"
			  "read-once-heads\tevery volatile scalar load is a dependency head\n"
			  "disable\tdo not activate the plugin\n"
			  "verbose\tprint the dependency chains being tracked\n"
			  "stats=PATH\tappend this translation unit's counts to PATH as a line of JSON\n"
			  "records=PATH\tappend this translation unit's heads and their dependent accesses to PATH as a line of JSON\n"
			  "dump\twrite the dump files of the plugin's passes\n",
};

struct rcu_deref_options rcu_deref_options = {
	.mode = RCU_DEREF_WARN,
};

/* The values an option takes: their names, in the order of its enum. */
static const char * const mode_values[] = { "warn", "fixup", NULL };
static const char * const consume_values[] = { "acquire", "dependency", NULL };
static const char * const blame_values[] = { "lazy", "probes", "none", NULL };

/*
 * The index in values (NULL-terminated) of the option's value, or -1 after
 * an error that names the option and the values it takes (hint).
 */
static int parse_choice(const char *plugin_name, const struct plugin_argument *arg,
			const char * const *values, const char *hint)
{
	int i;

	if (!arg->value) {
		error(G_("no value supplied for option '-fplugin-arg-%s-%s' (use %s)"),
		      plugin_name, arg->key, hint);
		return -1;
	}
	for (i = 0; values[i]; i++) {
		if (!strcmp(arg->value, values[i]))
			return i;
	}
	error(G_("invalid option argument '-fplugin-arg-%s-%s=%s' (use %s)"),
	      plugin_name, arg->key, arg->value, hint);
	return -1;
}

static bool parse_mode(const char *plugin_name, const struct plugin_argument *arg)
{
	int i = parse_choice(plugin_name, arg, mode_values, "warn or fixup");

	if (i >= 0)
		rcu_deref_options.mode = (enum rcu_deref_mode)i;
	return i >= 0;
}

static bool parse_consume(const char *plugin_name, const struct plugin_argument *arg)
{
	int i = parse_choice(plugin_name, arg, consume_values, "acquire or dependency");

	if (i >= 0)
		rcu_deref_options.consume_dependency = i == 1;
	return i >= 0;
}

static bool parse_blame(const char *plugin_name, const struct plugin_argument *arg)
{
	int i = parse_choice(plugin_name, arg, blame_values, "lazy, probes or none");

	if (i >= 0)
		rcu_deref_options.blame = (enum rcu_deref_blame)i;
	return i >= 0;
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
	if (!strcmp(arg->key, "consume"))
		return parse_consume(plugin_name, arg);
	if (!strcmp(arg->key, "blame"))
		return parse_blame(plugin_name, arg);
	if (!strcmp(arg->key, "verbose"))
		return parse_flag(plugin_name, arg, &rcu_deref_options.verbose);
	if (!strcmp(arg->key, "disable"))
		return parse_flag(plugin_name, arg, &rcu_deref_options.disable);
	if (!strcmp(arg->key, "dump"))
		return parse_flag(plugin_name, arg, &rcu_deref_options.dump);
	if (!strcmp(arg->key, "read-once-heads"))
		return parse_flag(plugin_name, arg, &rcu_deref_options.read_once_heads);
	if (!strcmp(arg->key, "probe-all"))
		return parse_flag(plugin_name, arg, &rcu_deref_options.probe_all);
	if (!strcmp(arg->key, "blame-out"))
		return parse_path(plugin_name, arg, &rcu_deref_options.blame_out);
	if (!strcmp(arg->key, "stats"))
		return parse_path(plugin_name, arg, &rcu_deref_options.stats_path);
	if (!strcmp(arg->key, "records"))
		return parse_path(plugin_name, arg, &rcu_deref_options.records_path);

	error(G_("unknown option '-fplugin-arg-%s-%s'"), plugin_name, arg->key);
	return false;
}

/* The start of the unit: the heads' macro, and each file's state. */
static void rcu_deref_start_unit(void *gcc_data, void *user_data)
{
	cpp_define(parse_in, PLUGIN_MACRO);
	stats_start();
	chain_start();
	heads_start();
	records_start();
	listing_start();
	blame_start();
	resolve_start();
	report_start();
	consume_start();
	lazy_start();
}

static void rcu_deref_finish(void *gcc_data, void *user_data)
{
	if (rcu_deref_options.stats_path)
		write_stats();
	if (rcu_deref_options.records_path)
		write_listing();
	lazy_finish();
	listing_finish();
	consume_finish();
	report_finish();
	blame_finish();
	resolve_finish();
	records_finish();
	heads_finish();
	chain_finish();
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

	if (plugin_default_version_check(version, &built_for))
		return true;

	error(G_(VERSION_MISMATCH),
	      plugin_name, built_for.basever,
	      configured_target(built_for.configuration_arguments, built, sizeof(built)),
	      version->basever,
	      configured_target(version->configuration_arguments, running, sizeof(running)));
	return false;
}

/* The passes are made only once the version matched: their constructors are GCC's. */
static void register_passes(const char *plugin_name)
{
	PASS_INFO(rcu_deref_unmark, "cfg", 1, PASS_POS_INSERT_AFTER);
	PASS_INFO(rcu_deref_mark, "ssa", 1, PASS_POS_INSERT_AFTER);
	PASS_INFO(rcu_deref_check, "optimized", 1, PASS_POS_INSERT_BEFORE);

	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &rcu_deref_unmark_pass_info);
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &rcu_deref_mark_pass_info);
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &rcu_deref_check_pass_info);
}

__visible int plugin_init(struct plugin_name_args *plugin_info,
			  struct plugin_gcc_version *version)
{
	const char * const plugin_name = plugin_info->base_name;
	int i;

	/* First: nothing of another GCC's internals may run before it. */
	if (!version_matches(plugin_name, version))
		return 1;

	for (i = 0; i < plugin_info->argc; i++) {
		if (!parse_argument(plugin_name, &plugin_info->argv[i]))
			return 1;
	}

	register_callback(plugin_name, PLUGIN_INFO, NULL, &rcu_deref_plugin_info);
	if (rcu_deref_options.disable)
		return 0;

	register_callback(plugin_name, PLUGIN_START_UNIT, rcu_deref_start_unit, NULL);
	register_callback(plugin_name, PLUGIN_FINISH, rcu_deref_finish, NULL);
	register_passes(plugin_name);
	register_callback(plugin_name, PLUGIN_PASS_EXECUTION,
			  rcu_deref_pass_execution, NULL);
	register_callback(plugin_name, PLUGIN_GGC_START, resolve_forget, NULL);
	rtl_register(plugin_name);
	lazy_register(plugin_name);
	if (rcu_deref_options.dump && !rcu_deref_options.blame_out) {
		g->get_dumps()->dump_switch_p("tree-rcu_deref_mark-lineno");
		g->get_dumps()->dump_switch_p("tree-rcu_deref_check-lineno");
		g->get_dumps()->dump_switch_p("rtl-rcu_deref_rtl");
	}
	return 0;
}
