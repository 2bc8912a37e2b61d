"""Hand-written assembly for the checkers' tests: functions whose
instructions are attributed to source lines of t.c."""


def func(name, body, type_suffix="%function"):
    """Assembly of one function; ``@N insn`` sets the source line to N.

    The snippets use line 6 for the head, 7 for the dep and 9 for unrelated
    statements (an instruction belongs to the most recent ``.loc``).
    """
    out = [f"\t.type\t{name}, {type_suffix}", f"{name}:"]
    for raw in body.strip().splitlines():
        text = raw.strip()
        if text.startswith("@"):
            line, _, text = text[1:].partition(" ")
            out.append(f"\t.loc 1 {line} 3 is_stmt 0")
        out.append(text if text.endswith(":") else "\t" + text.strip())
    out.append(f"\t.size\t{name}, .-{name}")
    return "\n".join(out)


def unit(functions, arch=""):
    """A translation unit of t.c made of the given functions."""
    header = (arch + '\t.file\t"t.c"\n\t.text\n'
              '\t.file 0 "/build/dir" "t.c"\n\t.file 1 "t.c"\n')
    return header + "\n".join(functions) + "\n"


# A C source for the IPA-RA tests of the aarch64 and x86-64 checkers: a
# head whose value lives across a call of a static (always bound locally)
# and of a global helper (bound locally only without -fPIC).
IPA_RA_C = """#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct foo { long a; };
struct foo *gp;
__attribute__((noinline)) static int add(int a, int b) { return a + b; }
__attribute__((noinline)) int gadd(int a, int b) { return a - b; }
int reader(int a, int b)
{
	struct foo *p = READ_ONCE(gp); /* rcu:head */
	int r = add(a, b);
	p->a = r; /* rcu:dep */
	return r;
}
int greader(int a, int b)
{
	struct foo *p = READ_ONCE(gp); /* rcu:head */
	int r = gadd(a, b);
	p->a = r; /* rcu:dep */
	return r;
}
"""
