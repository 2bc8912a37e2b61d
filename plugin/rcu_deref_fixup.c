// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_deref: fix-up mode.  The head of each chain broken in the final code
 * becomes a load-acquire (LDAR, or LDAPR with RCpc), or gets an acquire
 * fence after it, in the final code (rcu_deref_rtl.c changes the insns); a
 * head loaded in another function gets an acquire fence after the call
 * that returned it, or at the entry of the clone.  Each fixed site is
 * recorded in the object, in section __rcu_deref_fixups.
 */

#include "rcu_deref_internal.h"
#include "rcu_deref_rtl.h"

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
 * Record a site in the object file: one NUL-terminated string
 * "file:line: function: how" in section __rcu_deref_fixups (how: acquire,
 * fence, or demoted for a consume load made a plain load).  The strings
 * of all objects concatenate at link time, so that a kernel can list at
 * boot the sites it protects, and a tool can list them in any object.
 */
void record_site_text(location_t loc, const char *how)
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
}

/* Record a fixed site, and count it. */
static void record_site(location_t loc, const char *how)
{
	record_site_text(loc, how);
	count_one(COUNT_FIXUPS);
}

/* Tell and record that the site at loc was fixed, and how. */
static void fixed_site(location_t loc, int head, const char *how, const char *text)
{
	loc = user_loc(loc);
	inform(loc, "fix-up: %s %qs in %qs", text, source_at(head)->primitive,
	       site_function());
	record_site(loc, how);
}

/*
 * Protect each head of heads, and the heads merged with it, in the final
 * code of the current function.  A head not loaded here (the caller of a
 * clone passed its value) gets an acquire fence at the entry.
 */
void fix_heads_in_final_code(const int *heads, unsigned int nheads)
{
	auto_bitmap done;
	unsigned int i;

	for (i = 0; i < nheads; i++) {
		int head = heads[i], leader = head_leader(head);

		if (!bitmap_set_bit(done, leader) || rtl_fix_head(leader, fixed_site))
			continue;
		rtl_fence_at_entry();
		fixed_site(DECL_SOURCE_LOCATION(current_function_decl), head, "fence",
			   "an acquire fence at the entry of this function orders the accesses through the value of");
	}
}
