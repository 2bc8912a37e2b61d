"""A break inside a clone names the clone and why GCC made it; the reason
is checked against the clone's symbol in the assembly."""
import os
import subprocess

from rcuderef import diagnostics
from rcuderef.compiler import ENV, REPO, TARGETS, plugin_path

INCLUDE = os.path.join(REPO, "plugin", "include")

# field_a() is called with &defs[1] from both callers: IPA-CP clones it
# for that constant, and in the clone f->a is defs[1].a.
SOURCE = """#include "rcu_deref.h"
struct foo { int a; int b; };
struct foo defs[2];
struct foo *gp;
static __attribute__((noinline)) int field_a(struct foo *f, int k)
{
	return f->a + k;
}
int reader(int k)
{
	struct foo *p = rcu_dereference(gp);

	if (p == &defs[1])
		return field_a(p, k);
	return 0;
}
int other(int k)
{
	return field_a(&defs[1], k);
}
"""


def test_constprop_clone_is_named_with_its_reason(tmp_path):
    src = tmp_path / "clone.c"
    src.write_text(SOURCE)
    asm = tmp_path / "clone.s"
    r = subprocess.run([TARGETS["aarch64-linux-gnu"], "-O2", "-S", "-o", str(asm),
                        "-I", INCLUDE, "-fdiagnostics-format=json",
                        "-fplugin=" + plugin_path("aarch64-linux-gnu"), str(src)],
                       capture_output=True, text=True, env=ENV)
    assert r.returncode == 0, r.stderr
    assert "field_a.constprop.0:" in asm.read_text()
    warnings = [d for d in diagnostics.parse(r.stderr) if d["kind"] == "warning"]
    assert [diagnostics.caret(w) for w in warnings] == [("clone.c", 7)]
    notes = [c["message"] for c in warnings[0]["children"]]
    assert "in 'field_a.constprop', a clone of 'field_a' made for a " \
           "constant argument (IPA-CP)" in notes
