"""Generate C readers with many dependency heads and long chains.

generate(functions, heads, length) writes `functions` reader functions, each
with `heads` dependency heads (alternately rcu_dereference() from
plugin/include/rcu_deref.h and C11 consume loads), and from each head a chain
of `length` steps.  The steps cycle through the shapes the plugin follows:
a load through the dependent pointer (p->next), uintptr_t tag masking, an
index loaded through the chain, a PHI through a loop, a PHI through a
branch.  Each chain ends with an access through its last pointer.

With broken_every=k, every k-th head is followed first by the equality
substitution of rcu_dereference.rst ("if (p == &def) v = p->val"), which
GCC 12 -O2 breaks in GIMPLE (evrp): the access inside the if becomes
def.val.  (cse1 gives it the head's register back at -O2: the final code
keeps the dependency, and the plugin, whose verdict is the final code's,
does not warn; the value goes to a slot of its own, hit<f>[n], so that the
access is not dead.)

Head lines carry /* rcu:head */ and the checked accesses (the end of each
chain, the access inside the equality test) /* rcu:dep */, as in
tests/corpus, so that rcuderef/asmcheck can judge them from the assembly.

The returned counts are the generator's own: they are what it wrote, not
what any compiler or the plugin says.
"""

STRUCT = """\
struct node {
	struct node *next;
	struct node *prev;
	unsigned long tag;
	int val;
	struct node *kids[4];
};

struct node def_node;
"""

# Where each chain's last value goes: a store to its own slot of a global
# array, or a sum over the function's chains (the sum derives from every
# head of the function).
SINKS = ("store", "sum")

# Each step turns the chain's pointer q into a new pointer derived from it.
STEPS = (
    "q = q->next;",
    "q = (struct node *)((unsigned long)q->prev & ~3UL);",
    "q = q->kids[q->val & 3];",
    "while (q->val > {k}) q = q->next;",
    "q = (flag & {bit}) ? q->next : q->prev;",
)


def head_expr(n):
    """The head load for the n-th head of a function: (C expression, kind)."""
    if n % 2 == 0:
        return "rcu_dereference(gp{f}[%d])" % n, "rcu_dereference"
    return "__atomic_load_n(&gp{f}[%d], __ATOMIC_CONSUME)" % n, "consume"


def reader(f, heads, length, broken_every, sink):
    """One reader function; returns (C text, counts)."""
    out = ["int reader_%d(unsigned int flag)" % f, "{", "\tint v = 0, t;", ""]
    counts = {"heads": 0, "rcu_dereference": 0, "consume": 0, "steps": 0,
          "broken": 0}
    for n in range(heads):
        expr, kind = head_expr(n)
        # The dependent load alone on its line (for rcuderef/asmcheck), then
        # the sink.
        use = ["t = q->val; /* rcu:dep */",
               "v += t;" if sink == "sum" else "out%d[%d] = t;" % (f, n)]
        out.append("\t{")
        out.append("\t\tstruct node *q = %s; /* rcu:head */" % expr.format(f=f))
        counts["heads"] += 1
        counts[kind] += 1
        if broken_every and n % broken_every == broken_every - 1:
            # Its own sink: a store to the chain's slot of out would be
            # dead (the chain's end stores there again), and so the load.
            out.append("\t\tif (q == &def_node) {")
            out += ["\t\t\t" + use[0], "\t\t\t" + (
                use[1] if sink == "sum" else "hit%d[%d] = t;" % (f, n))]
            out.append("\t\t}")
            counts["broken"] += 1
        for k in range(length):
            step = STEPS[(n + k) % len(STEPS)]
            out.append("\t\t" + step.format(k=k % 7, bit=1 << (k % 31)))
            counts["steps"] += 1
        out += ["\t\t" + u for u in use]
        out.append("\t}")
    out += ["", "\treturn v;", "}", ""]
    return "\n".join(out), counts


def generate(functions, heads, length, broken_every=0, sink="store"):
    """(C source, counts) for functions readers of heads heads each."""
    if sink not in SINKS:
        raise ValueError("sink must be one of %s" % ", ".join(SINKS))
    parts = ['#include "rcu_deref.h"', "", STRUCT]
    for f in range(functions):
        parts.append("struct node *gp%d[%d];" % (f, max(heads, 1)))
        if sink == "store":
            parts.append("int out%d[%d];" % (f, max(heads, 1)))
        if sink == "store" and broken_every:
            parts.append("int hit%d[%d];" % (f, max(heads, 1)))
    parts.append("")
    total = {"functions": functions, "heads": 0, "rcu_dereference": 0,
         "consume": 0, "steps": 0, "broken": 0}
    for f in range(functions):
        text, counts = reader(f, heads, length, broken_every, sink)
        parts.append(text)
        for key, val in counts.items():
            total[key] += val
    return "\n".join(parts), total


def main(argv=None):
    import argparse
    import json
    import sys

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--functions", type=int, default=1)
    ap.add_argument("--heads", type=int, default=10)
    ap.add_argument("--length", type=int, default=10)
    ap.add_argument("--broken-every", type=int, default=0)
    ap.add_argument("--sink", choices=SINKS, default="store")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--counts", help="write the generator's counts (JSON) here")
    args = ap.parse_args(argv)
    text, counts = generate(args.functions, args.heads, args.length,
                args.broken_every, args.sink)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as fh:
            fh.write(text)
    if args.counts:
        with open(args.counts, "w") as fh:
            json.dump(counts, fh)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
