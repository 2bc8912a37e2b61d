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
