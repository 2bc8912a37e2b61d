"""Read GCC's -fdiagnostics-format=json output."""
import json
import os

# The plugin's warnings start with one of these.
PLUGIN_WARNINGS = ("this access no longer depends on the value loaded by",
                   "this access depends on",
                   "the value loaded by")


def parse(stderr):
    """All diagnostics in stderr, as dicts (GCC prints one JSON array per
    translation unit; anything else on stderr is ignored)."""
    diags = []
    for line in stderr.splitlines():
        line = line.strip()
        if line.startswith("["):
            diags += json.loads(line)
    return diags


def caret(diag):
    loc = diag["locations"][0]["caret"]
    return os.path.basename(loc["file"]), loc["line"]


def plugin_warnings(stderr, source_basename):
    """(line, message, notes) of each warning located in source_basename."""
    out = []
    for d in parse(stderr):
        if d["kind"] != "warning" or not d.get("locations"):
            continue
        f, line = caret(d)
        if f == source_basename:
            notes = [c["message"] for c in d.get("children", [])]
            out.append((line, d["message"], notes))
    return out


# A warning of the rule class: the source uses a comparison or boolean
# result as an address (a rule of rcu_dereference.rst), while the final
# code kept a dependency.  A broken dependency is every other warning.
RULE_ONLY = ("only through a comparison or boolean result, "
             "not through its address")


def is_rule_warning(message):
    """Whether a plugin warning is of the rule class, not a break."""
    return RULE_ONLY in message
