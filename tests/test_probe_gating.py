"""The probes between GIMPLE passes run only in functions that hold
something to check (a head, a call returning a head's value, a recorded
access or the records of the function's own accesses); whether a function
does is found again only after a pass that can bring in another function's
code.  The reference is the plugin probing every function after every pass
(-fplugin-arg-rcu_deref_plugin-probe-all): the diagnostics, with the pass
each names as the breaker, must be the same, and the probes skipped must
be counted."""
import glob
import json
import os

import pytest

from tests import corpus
from rcuderef.compiler import REPO, compile_c

AARCH64 = "aarch64-linux-gnu"
SOURCES = sorted(glob.glob(os.path.join(corpus.CORPUS, "*.c")) +
                 glob.glob(os.path.join(REPO, "survey", "repro", "*.c")) +
                 glob.glob(os.path.join(REPO, "fuzz", "repro", "*.c")))


def diagnostics(path, opt, extra_args=()):
    _, stderr = corpus.compile_asm(path, AARCH64, opt, ["mode=warn", *extra_args],
                                   extra=("-fdiagnostics-format=json",))
    return json.loads(stderr) if stderr.strip() else []


@pytest.mark.parametrize("opt", ("-O2", "-Os"))
def test_blame_same_as_probing_everything(opt):
    differ = []
    warned = 0
    for path in SOURCES:
        gated = diagnostics(path, opt)
        reference = diagnostics(path, opt, ("probe-all",))
        warned += len(reference)
        if gated != reference:
            differ.append(os.path.relpath(path, REPO))
    assert not differ, "diagnostics differ from probing every function: %s" % differ
    # The comparison saw warnings with their blamed passes, not only silence.
    assert warned > 20


HELPER = r"""
#include "rcu_deref.h"
struct s { int a; int b; };
int cold1(int *p) { return p[1] + p[2]; }
int cold2(int *p) { return p[3] * 2; }
int cold3(int x) { return x + 7; }
static inline int peek(struct s **pp)
{
	struct s *q = rcu_dereference(*pp);
	return q->a;
}
int reader(struct s **pp) { return peek(pp) + 1; }
"""


def stats(tmp_path, args):
    path = tmp_path / "stats.json"
    if path.exists():
        path.unlink()
    r = compile_c(HELPER, AARCH64, tmp_path,
                  args=("stats=%s" % path, *args),
                  extra=("-O2", "-I", corpus.INCLUDE))
    assert r.returncode == 0, r.stderr
    return json.loads(path.read_text().splitlines()[-1])


def test_probes_skipped_are_counted(tmp_path):
    gated = stats(tmp_path, ("blame=probes",))
    every = stats(tmp_path, ("probe-all",))
    # Three functions hold nothing to check: their probes are skipped.
    assert gated["probes_skipped"] > 0
    assert gated["probes"] > 0
    assert every["probes_skipped"] == 0 and every["probes_unchanged"] == 0
    # A pass that changed nothing in a function needs no probe after it.
    assert gated["probes_unchanged"] > 0
    assert every["probes"] == (gated["probes"] + gated["probes_skipped"] +
                               gated["probes_unchanged"])
    # Less work for the same answer.
    assert gated["walk_steps"] < every["walk_steps"]


# No function holds a head, but cold1(), cold2() and get() make accesses
# through their parameters, which a caller's head could reach once inlined.
NO_HEAD_AFTER_INLINING = r"""
#include "rcu_deref.h"
int cold1(int *p) { return p[1] + p[2]; }
int cold2(int *p) { return p[3] * 2; }
static inline int get(int *p) { return p[4]; }
int user(int *p) { return get(p) + get(p + 1); }
"""


def test_no_probe_after_inlining_without_a_head(tmp_path):
    """Once the IPA inliner has run on a function, one without a head gets
    no probe and no fingerprint: its probes are skipped after every later
    pass.  Those left are the early passes', before the IPA inliner: at
    -O2 fewer than a third of GCC 12's GIMPLE passes (read off
    passes.def: about 30 early passes, 100 after the IPA passes)."""
    path = tmp_path / "stats.json"
    r = compile_c(NO_HEAD_AFTER_INLINING, AARCH64, tmp_path,
                  args=("stats=%s" % path, "blame=probes"),
                  extra=("-O2", "-I", corpus.INCLUDE))
    assert r.returncode == 0, r.stderr
    gated = json.loads(path.read_text().splitlines()[-1])
    assert gated["heads"] == 0 and gated["accesses"] > 0
    looked = gated["probes"] + gated["probes_unchanged"]
    assert 0 < looked and 2 * looked < gated["probes_skipped"], gated


def test_probe_all_is_an_option(tmp_path):
    r = compile_c("int x;", AARCH64, tmp_path, args=("probe-all=yes",))
    assert r.returncode != 0 and "probe-all" in r.stderr


# reader() holds nothing to check until the early inliner brings pick()'s
# head and access in; only then does the comparison with &fallback (a
# constant only in reader()) let a GIMPLE pass rewrite q->a into
# fallback.a.  The probe must look at reader() again after the inliner to
# name that pass.
AFTER_EARLY_INLINING = r"""
#include "rcu_deref.h"
struct s { int a; int b; };
struct s fallback;
static inline void pick(struct s **pp, struct s *cand, int *out)
{
	struct s *q = rcu_dereference(*pp);

	if (q == cand)
		*out = q->a;
}
void reader(struct s **pp, int *out)
{
	pick(pp, &fallback, out);
}
"""


def test_break_after_early_inlining_names_its_pass(tmp_path):
    r = compile_c(AFTER_EARLY_INLINING, AARCH64, tmp_path, args=("mode=warn",),
                  extra=("-O1", "-I", corpus.INCLUDE))
    assert r.returncode == 0, r.stderr
    warnings = [line for line in r.stderr.splitlines() if "warning:" in line]
    # Read by hand: the break exists only after pick() is inlined into
    # reader() (pick's cand is a parameter), and it is made by a GIMPLE
    # pass of reader(), which the note names.
    assert len(warnings) == 1 and "t.c:10:" in warnings[0], r.stderr
    assert "(broken by " in warnings[0], warnings
    assert "inlining" not in warnings[0], warnings
