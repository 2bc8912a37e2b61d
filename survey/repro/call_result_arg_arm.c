// SPDX-License-Identifier: GPL-2.0
/*
 * The shape of tcp_v6_syn_recv_sock() (net/ipv6/tcp_ipv6.c:1477-1487,
 * Linux 6.12 defconfig survey, slice net-ipv6--virt): opt is
 * ireq->ipv6_opt, a plain load, or the head rcu_dereference(np->opt); the
 * accesses go through dup_options(newsk, opt)'s result, which the plugin
 * takes as derived from its arguments (RTL too).  Read by hand in GCC
 * 12's aarch64 code at -O2: `ldr x1, [x1, 240]` (ireq->ipv6_opt), `cbz
 * x1, .L9`; `.L9: ldr x1, [x0, 24]` (the head), `cbnz x1, .L2`; `.L2: mov
 * x0, x19; bl dup_options` and `ldrh w1, [x0, 6]; ldrh w0, [x0, 4]`
 * (lines 44-45) through the call's result: on the head's path the head is
 * the call's argument, on the other the argument is ireq->ipv6_opt, which
 * the source never derived from a head.  No break; the plugin warned "no
 * register of its address holds a value derived from the load" (broken
 * by expand) at both lines, every level: the arms of a call's arguments
 * that a head reaches are the result's now (push_dependent_call_args() in
 * rcu_deref_verdict.c; tests/test_plugin_regressions.py::
 * test_call_result_arg_arm).  (In the kernel dup_options() is
 * ipv6_dup_options(), which returns a new copy.)
 */
#include "rcu_deref.h"

struct txopt { int tot_len; short opt_flen; short opt_nflen; };
struct np_s { long pad[3]; struct txopt *opt; };
struct req_s { long pad[30]; struct txopt *ipv6_opt; };
struct newsk_s { long pad[160]; short ext_hdr_len; long pad2[10]; struct txopt *opt; };

struct txopt *dup_options(struct newsk_s *sk, struct txopt *opt);
void child(struct newsk_s *sk);

void syn_recv(struct np_s *np, struct req_s *ireq, struct newsk_s *newsk)
{
	struct txopt *opt;

	opt = ireq->ipv6_opt;
	if (!opt)
		opt = rcu_dereference(np->opt);	/* rcu:head */
	if (opt) {
		opt = dup_options(newsk, opt);
		WRITE_ONCE(newsk->opt, opt);
	}
	newsk->ext_hdr_len = 0;
	if (opt)
		newsk->ext_hdr_len = opt->opt_nflen +	/* rcu:dep */
				     opt->opt_flen;
	child(newsk);
}
