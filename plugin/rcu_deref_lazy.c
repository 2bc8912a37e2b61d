// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: lazy blame.  Naming the pass that broke a dependency takes
 * probes between passes (rcu_deref_blame.c, and rtl_pass_execution() in
 * rcu_deref_rtl.c), which cost more than the rest of the plugin; the
 * verdict itself needs none: the final code decides it.  Most units warn
 * about nothing, so the probes are run only for a unit that warns:
 *
 *  - this compile probes nothing, and keeps each warning until the end of
 *    the unit (lazy_defer());
 *  - at the end, if it has any, it runs the compiler once more on the same
 *    input with the same options, the output to /dev/null, with probes
 *    (blame=probes) and -fplugin-arg-rcu_deref_plugin-blame-out=FILE: that
 *    compile writes each break it finds, with the pass it blames, to FILE
 *    instead of warning (lazy_child_found());
 *  - the warnings are then shown, each with the pass the second compile
 *    blamed.  A verdict only a probe could settle (an access that no insn
 *    makes any more, whose insn a probe saw it merged into) is shown only
 *    when the second compile found the break too.
 *
 * The second compile is the same compile: same input, options and code.
 * Where it cannot run (the input is standard input, the command line is
 * not readable, an option writes a file it would overwrite, such as
 * -fdump-*, -fstack-usage or coverage notes, LTO's lto1), this compile
 * probes, as blame=probes does; so do fix-up mode and consume=dependency,
 * whose code depends on the verdicts, and probe-all.  If the second
 * compile fails, the warnings are shown without the pass, and an unsettled
 * one as the final code shows it.
 */

#include "rcu_deref_internal.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

/* A warning kept until the end of the unit, and the pass known without probes. */
struct deferred {
	struct report_item it;
	const char *pass;
	char *key;
};

struct lazy_state {
	vec<struct deferred> items;	/* the warnings kept */
	bool parent;			/* this compile defers its warnings */
	const char *plugin_name;	/* its options carry it */
	FILE *out;			/* the second compile: its blame-out file */
	/* the second compile's findings: key -> the pass blamed ("" for none) */
	hash_map<nofree_string_hash, const char *> *found;
	vec<char *> argv;		/* the command line of the second compile */
	char *cmdline;			/* /proc/self/cmdline, the words argv points to */
	char *found_text;		/* the second compile's file, found points into it */
};

static struct lazy_state lazy;

/* The trees of the deferred warnings, kept alive for the garbage collector. */
static GTY(()) vec<tree, va_gc> *lazy_keep;

static const struct ggc_root_tab lazy_roots[] = {
	{ &lazy_keep, 1, sizeof(lazy_keep), &gt_ggc_mx_vec_tree_va_gc_,
	  &gt_pch_nx_vec_tree_va_gc_ },
	LAST_GGC_ROOT_TAB
};

bool lazy_defers(void)
{
	return lazy.parent;
}

bool lazy_child(void)
{
	return !!lazy.out;
}

/* The key of a break in both compiles: where its access and its head are. */
static char *break_key(const struct report_item *it)
{
	expanded_location a = expand_location(pure_loc(it->loc));
	expanded_location h = expand_location(it->head_loc);

	return xasprintf("%s:%d:%d>%s:%d:%d", a.file ? a.file : "", a.line, a.column,
			 h.file ? h.file : "", h.line, h.column);
}

void lazy_defer(const struct report_item *it, const char *pass)
{
	struct deferred d = { *it, pass, break_key(it) };

	vec_safe_push(lazy_keep, it->base);
	vec_safe_push(lazy_keep, it->fn);
	vec_safe_push(lazy_keep, it->origin);
	lazy.items.safe_push(d);
}

/* The second compile: write the break and the pass it blames. */
void lazy_child_found(const struct report_item *it, const char *pass)
{
	char *key = break_key(it);

	fprintf(lazy.out, "%s\t%s\n", key, pass ? pass : "");
	free(key);
}

/* Read a whole file into a new buffer (NUL-terminated; its size in *len). */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t size = 4096, n = 0, got;
	char *buf;

	if (!f)
		return NULL;
	buf = XNEWVEC(char, size + 1);
	while ((got = fread(buf + n, 1, size - n, f)) > 0) {
		n += got;
		if (n == size) {
			size *= 2;
			buf = XRESIZEVEC(char, buf, size + 1);
		}
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Options whose argument is a file the second compile must not write. */
static bool drops_with_argument(const char *arg)
{
	static const char * const opts[] = { "-MD", "-MMD", "-MF", "-MT", "-MQ", "-o" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(opts); i++) {
		if (!strcmp(arg, opts[i]))
			return true;
	}
	return false;
}

/* Options that write a file the second compile would write again. */
static bool writes_files(const char *arg)
{
	static const char * const prefixes[] = {
		"-fdump-", "-fstack-usage", "-fcallgraph-info", "-fopt-info",
		"-ftest-coverage", "-fprofile-arcs", "-fprofile-generate",
		"-fsave-optimization-record", "-aux-info", "-fcompare-debug",
		"-fltrans", "-fwpa",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(prefixes); i++) {
		if (!strncmp(arg, prefixes[i], strlen(prefixes[i])))
			return true;
	}
	return !strcmp(arg, "-");
}

/*
 * The command line of the second compile, from this one's: its output,
 * dependency files and plugin outputs left out (the plugin ignores its
 * output options in the second compile), its blame-out option added by
 * run_second_compile().  False when a second compile cannot run.
 */
static bool second_command(void)
{
	size_t len;
	char *w;

	lazy.cmdline = read_file("/proc/self/cmdline", &len);
	if (!lazy.cmdline || !len)
		return false;
	for (w = lazy.cmdline; w < lazy.cmdline + len; w += strlen(w) + 1) {
		if (writes_files(w))
			return false;
		if (drops_with_argument(w)) {
			w += strlen(w) + 1;
			continue;
		}
		if (!strcmp(w, "-M") || !strcmp(w, "-MM") || !strcmp(w, "-MG") ||
		    !strcmp(w, "-MP"))
			continue;
		lazy.argv.safe_push(w);
	}
	return lazy.argv.length() > 1;
}

/*
 * Whether this compile defers its warnings to a second compile.  Called
 * at the start of the unit: from then on, it probes nothing.
 */
void lazy_start(void)
{
	struct rcu_deref_options *o = &rcu_deref_options;

	lazy.parent = false;
	lazy.items.create(0);
	lazy.argv.create(0);
	if (o->blame_out) {
		/* The second compile: probes, and writes nothing but its findings. */
		lazy.out = fopen(o->blame_out, "w");
		if (!lazy.out)
			fatal_error(UNKNOWN_LOCATION, "cannot open %qs: %m", o->blame_out);
		o->blame = BLAME_PROBES;
		o->stats_path = NULL;
		o->records_path = NULL;
		o->verbose = false;
		return;
	}
	if (o->blame != BLAME_LAZY)
		return;
	if (o->mode == RCU_DEREF_WARN && !o->consume_dependency && !o->probe_all &&
	    optimize && second_command())
		lazy.parent = true;
	else
		o->blame = BLAME_PROBES;
}

/* A new empty file for the second compile's findings, or NULL. */
static char *temp_file(void)
{
	const char *dir = getenv("TMPDIR");
	char *path = xasprintf("%s/rcu_deref_blame.XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(path);

	if (fd < 0) {
		free(path);
		return NULL;
	}
	close(fd);
	return path;
}

/* Run the second compile; its findings in lazy.found.  False if it failed. */
static bool run_second_compile(void)
{
	char *path = temp_file();
	char *blame_out, *buf, *line, *tab, *next;
	int status = 0, fd;
	size_t len;
	pid_t pid;

	if (!path)
		return false;
	blame_out = xasprintf("-fplugin-arg-%s-blame-out=%s", lazy.plugin_name, path);

	lazy.argv.safe_push(CONST_CAST(char *, "-o"));
	lazy.argv.safe_push(CONST_CAST(char *, "/dev/null"));
	lazy.argv.safe_push(CONST_CAST(char *, "-w"));
	lazy.argv.safe_push(blame_out);
	lazy.argv.safe_push(NULL);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		fd = open("/dev/null", O_RDWR);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execv("/proc/self/exe", lazy.argv.address());
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	free(blame_out);
	buf = pid > 0 && WIFEXITED(status) && !WEXITSTATUS(status) ?
	      read_file(path, &len) : NULL;
	unlink(path);
	free(path);
	if (!buf)
		return false;
	lazy.found_text = buf;
	for (line = buf; *line; line = next) {
		next = strchr(line, '\n');
		if (!next)
			break;
		*next++ = '\0';
		tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = '\0';
		lazy.found->put(line, tab + 1);
	}
	return true;
}

/* A GIMPLE break the second compile found gone from the final code. */
static void trace_settled(const struct report_item *it)
{
	expanded_location xl = expand_location(it->loc);

	count_one(COUNT_RTL_RESTORED);
	if (rcu_deref_options.verbose)
		fprintf(stderr,
			"rcu_deref: %s:%d:%d: in %s, the break GIMPLE made is gone from the final code (its insn went into another access's, as the second compile's probes saw)\n",
			xl.file, xl.line, xl.column, lang_hooks.decl_printable_name(it->fn, 2));
}

/*
 * The end of the unit: if any warning waits, run the second compile, and
 * show the warnings with the passes it blamed.
 */
static void lazy_finish_unit(void *gcc_data, void *user_data)
{
	struct deferred *d;
	const char **pass;
	unsigned int i;
	bool ran;

	if (!lazy.parent || lazy.items.is_empty())
		return;
	lazy.found = new hash_map<nofree_string_hash, const char *>;
	count_one(COUNT_BLAME_COMPILES);
	ran = run_second_compile();
	FOR_EACH_VEC_ELT(lazy.items, i, d) {
		pass = lazy.found->get(d->key);
		if (d->it.uncertain && (ran ? !pass : d->it.kind == BREAK_FINAL)) {
			if (d->it.kind != BREAK_FINAL)
				trace_settled(&d->it);
			continue;
		}
		emit_report(&d->it, pass && **pass ? *pass : d->pass);
	}
}

void lazy_finish(void)
{
	struct deferred *d;
	unsigned int i;

	FOR_EACH_VEC_ELT(lazy.items, i, d)
		free(d->key);
	lazy.items.release();
	free(lazy.found_text);
	lazy.found_text = NULL;
	lazy.argv.release();
	free(lazy.cmdline);
	lazy.cmdline = NULL;
	delete lazy.found;
	lazy.found = NULL;
	if (lazy.out)
		fclose(lazy.out);
	lazy.out = NULL;
	lazy.parent = false;
	vec_safe_truncate(lazy_keep, 0);
}

void lazy_register(const char *plugin_name)
{
	lazy.plugin_name = plugin_name;
	register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL, (void *)lazy_roots);
	register_callback(plugin_name, PLUGIN_FINISH_UNIT, lazy_finish_unit, NULL);
}
