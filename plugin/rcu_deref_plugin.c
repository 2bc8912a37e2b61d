// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: check and enforce the address dependencies that
 * rcu_dereference() relies on.
 *
 * Accesses through a pointer loaded by rcu_dereference() are ordered after
 * that load by the address dependency alone on ARM64 and Power.  The
 * optimizers may destroy the dependency (constant folding, cancellation,
 * equality-based substitution, value-range deduction, value speculation).
 * Documentation/RCU/rcu_dereference.rst lists the rules; this plugin marks
 * the values derived from each dependency head early, follows the chain
 * through SSA, and checks after the last GIMPLE optimization which
 * dependent accesses lost their dependency.
 *
 * Options:
 * -fplugin-arg-rcu_deref_plugin-mode=warn|fixup
 *	warn (the default): report each broken dependency as a warning;
 *	fixup: also turn the head of a broken chain into a load-acquire
 * -fplugin-arg-rcu_deref_plugin-disable
 *	do not activate the plugin
 * -fplugin-arg-rcu_deref_plugin-verbose
 *	print the chains the plugin tracks
 *
 * Usage:
 * $ make		# builds build/plugin/<target>/rcu_deref_plugin.so
 * $ gcc -O2 -fplugin=build/plugin/x86_64-linux-gnu/rcu_deref_plugin.so test.c
 */

#include "gcc-common.h"

__visible int plugin_is_GPL_compatible;

static struct plugin_info rcu_deref_plugin_info = {
	.version	= PLUGIN_VERSION,
	.help		= "mode=warn|fixup\twarn about broken dependencies, or also fix them with a load-acquire\n"
			  "disable\tdo not activate the plugin\n"
			  "verbose\tprint the dependency chains being tracked\n",
};

enum rcu_deref_mode {
	RCU_DEREF_WARN,
	RCU_DEREF_FIXUP,
};

static enum rcu_deref_mode mode = RCU_DEREF_WARN;
static bool verbose;
static bool disable;

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

static bool parse_argument(const char *plugin_name, const struct plugin_argument *arg)
{
	if (!strcmp(arg->key, "mode"))
		return parse_mode(plugin_name, arg);
	if (!strcmp(arg->key, "verbose"))
		return parse_flag(plugin_name, arg, &verbose);
	if (!strcmp(arg->key, "disable"))
		return parse_flag(plugin_name, arg, &disable);

	error(G_("unknown option '-fplugin-arg-%s-%s'"), plugin_name, arg->key);
	return false;
}

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
	char built[64], running[64];

	if (plugin_default_version_check(version, &gcc_version))
		return true;

	error(G_("%s was built for GCC %s targeting %s, but this compiler is GCC %s targeting %s; rebuild the plugin with this compiler's plugin headers"),
	      plugin_name, gcc_version.basever,
	      configured_target(gcc_version.configuration_arguments, built, sizeof(built)),
	      version->basever,
	      configured_target(version->configuration_arguments, running, sizeof(running)));
	return false;
}

__visible int plugin_init(struct plugin_name_args *plugin_info,
			  struct plugin_gcc_version *version)
{
	const char * const plugin_name = plugin_info->base_name;
	int i;

	if (!version_matches(plugin_name, version))
		return 1;

	for (i = 0; i < plugin_info->argc; i++) {
		if (!parse_argument(plugin_name, &plugin_info->argv[i]))
			return 1;
	}

	register_callback(plugin_name, PLUGIN_INFO, NULL, &rcu_deref_plugin_info);
	if (disable)
		return 0;

	return 0;
}
