"""checkpatch.pl --strict on the plugin: its findings, parsed, and the ones
accepted because checkpatch cannot parse C++ template syntax.

The plugin is C++ written in kernel C style (GCC plugins are C++), and uses
GCC's own containers (hash_map, hash_set, vec) as GCC's passes and the
kernel's plugins do.  checkpatch reads "hash_map<key_hash, int>" as the
operators "<" and ">" and asks for spaces around them.  Each such line is
listed here with what checkpatch says about it; anything else fails.
"""
import collections
import os
import re
import subprocess

from rcuderef import layout

SRC = layout.current().kernel_src
CHECKPATCH = os.path.join(SRC, "scripts", "checkpatch.pl")
# spdxcheck.py, run by checkpatch, needs Debian's python3 (with ply).
ENV = dict(os.environ, PATH="/usr/bin:" + os.environ.get("PATH", ""))

LT_GT = ("ERROR: spaces required around that '<'",
         "ERROR: spaces required around that '>'")

# File -> each line with C++ template syntax -> what checkpatch reports.
CXX_TEMPLATE_LINES = {
    "rcu_deref_blame.c": {
        "vec<const char *> pass_names;":
            LT_GT + ("CHECK: spaces preferred around that '*'",),
        "hash_map<key_hash, int> *first;": LT_GT,
        "hash_map<key_hash, struct pass_mark> *last_pass;": LT_GT,
        "blame.first = new hash_map<key_hash, int>;": LT_GT,
        "blame.last_pass = new hash_map<key_hash, struct pass_mark>;": LT_GT,
        "hash_map<const char *, int> *name_index;": LT_GT,
        "blame.name_index = new hash_map<const char *, int>;": LT_GT,
        "vec<bool> inliner;": LT_GT,
    },
    "rcu_deref_chain.c": {
        "vec<struct dep_source> sources;": LT_GT,
        "hash_map<int_hash<HOST_WIDE_INT, -1, -2>, int> *eithers;": LT_GT * 2,
        "chain.eithers = new hash_map<int_hash<HOST_WIDE_INT, -1, -2>, int>;": LT_GT * 2,
        "void address_operands(tree ref, vec<tree> *ops)": LT_GT,
        "auto_vec<tree, 8> ops;": LT_GT,
    },
    "rcu_deref_consume.c": {
        "cs.group_of_src = new hash_map<key_hash, int>;": LT_GT,
        "hash_map<key_hash, int> *group_of_src; /* head source + 1 -> group */": LT_GT,
        "vec<int> parent; /* union-find over groups */": LT_GT,
        "vec<int> srcs; /* group -> its head source */": LT_GT,
        "vec<struct consume_access> accesses;": LT_GT,
        "vec<tree> work;": LT_GT,
        "vec<unsigned char> why; /* by group: enum consume_why */": LT_GT,
    },
    "rcu_deref_check.c": {
        "auto_vec<basic_block, 16> work;": LT_GT,
        "hash_set<key_hash> keys_here;": LT_GT,
        "hash_map<key_hash, location_t> new_loads;": LT_GT,
        "auto_vec<struct head_stmt> head_stmts;": LT_GT,
        "auto_vec<tree, 16> todo;": LT_GT,
        "auto_vec<gimple, 4> loads;": LT_GT,
        "auto_vec<basic_block, 4> headers;": LT_GT,
        "hash_set<tree> seen;": LT_GT,
        "if (advanced_on_back_edge(as_a<gphi *>(def)))":
            LT_GT + ("CHECK: spaces preferred around that '*'",),
    },
    "rcu_deref_lazy.c": {
        "vec<struct deferred> items; /* the warnings kept */": LT_GT,
        "hash_map<nofree_string_hash, const char *> *found;":
            LT_GT + ("CHECK: spaces preferred around that '*'",),
        "lazy.found = new hash_map<nofree_string_hash, const char *>;":
            LT_GT + ("CHECK: spaces preferred around that '*'",),
        "vec<char *> argv; /* the command line of the second compile */":
            LT_GT + ("CHECK: spaces preferred around that '*'",),
        "static GTY(()) vec<tree, va_gc> *lazy_keep;": LT_GT,
    },
    "rcu_deref_heads.c": {
        "hash_set<key_hash> *consume_calls; /* consume=dependency: their locations */": LT_GT,
        "heads.consume_calls = new hash_set<key_hash>;": LT_GT,
        "hash_map<key_hash, int> *by_loc; /* head location -> its source */": LT_GT,
        "heads.by_loc = new hash_map<key_hash, int>;": LT_GT,
        "auto_vec<tree> todo;": LT_GT,
    },
    "rcu_deref_internal.h": {
        "struct key_hash : int_hash<HOST_WIDE_INT, 0, -1> {": LT_GT,
        "struct const_hash : int_hash<HOST_WIDE_INT, HOST_WIDE_INT_MIN, HOST_WIDE_INT_MAX> {":
            LT_GT,
        "vec<tree> work; /* names whose uses are to be visited */": LT_GT,
        "vec<tree> heads; /* mark pass: the values loaded by heads */": LT_GT,
        "void address_operands(tree ref, vec<tree> *ops);":
            LT_GT + ("WARNING: function definition argument 'tree' should also have "
                     "an identifier name",),
    },
    "rcu_deref_listing.c": {
        "vec<struct listed_head> heads;": LT_GT,
    },
    "rcu_deref_records.c": {
        "vec<struct access_rec> recs;": LT_GT,
        "hash_map<key_hash, int> *by_key;": LT_GT,
        "hash_map<key_hash, int> *first_of;": LT_GT,
        "hash_set<key_hash> *locs;": LT_GT,
        "hash_map<key_hash, int> *call_args;": LT_GT,
        "hash_map<key_hash, int> *returns;": LT_GT,
        "hash_set<const_hash> *merged_constants;": LT_GT,
        "records.merged_constants = new hash_set<const_hash>;": LT_GT,
        "records.by_key = new hash_map<key_hash, int>;": LT_GT,
        "records.first_of = new hash_map<key_hash, int>;": LT_GT,
        "records.locs = new hash_set<key_hash>;": LT_GT,
        "records.call_args = new hash_map<key_hash, int>;": LT_GT,
        "records.returns = new hash_map<key_hash, int>;": LT_GT,
    },
    "rcu_deref_report.c": {
        "hash_set<key_hash> *reported;": LT_GT,
        "report.reported = new hash_set<key_hash>;": LT_GT,
    },
    "rcu_deref_resolve.c": {
        "hash_map<tree, unsigned int> *blocks;": LT_GT,
        "hash_map<key_hash, int> *heads;": LT_GT,
        "resolved.blocks = new hash_map<tree, unsigned int>;": LT_GT,
        "resolved.heads = new hash_map<key_hash, int>;": LT_GT,
    },
    "rcu_deref_rtl.c": {
        "vec<head_rec> heads;": LT_GT,
        "auto_vec<basic_block, 64> work;": LT_GT,
        "hash_map<tree, HARD_REG_SET> *callee_regs; /* a callee -> the registers it clobbers */":
            LT_GT,
        "rtl.callee_regs = new hash_map<tree, HARD_REG_SET>;": LT_GT,
        "vec<tree> arm_local_loads; /* ... those from a local variable */": LT_GT,
        "vec<tree> arm_bitfield_loads; /* ... those of a bit-field */": LT_GT,
        "vec<call_rec> calls;": LT_GT,
        "vec<access_rec_rtl> accesses;": LT_GT,
        "hash_map<tree, int> *access_by_ref;": LT_GT,
        "hash_map<key_hash, int> *last_access_at; /* a location -> its last access */":
            LT_GT,
        "rtl.last_access_at = new hash_map<key_hash, int>;": LT_GT,
        "hash_map<tree, int> *head_by_ref;": LT_GT,
        "vec<rtx_insn *> head_insns; /* late pass: the head loads found */":
            LT_GT + ("CHECK: spaces preferred around that '*'",),
        "vec<int> head_insn_rec; /* ... and their record */": LT_GT,
        "vec<unsigned int> arm_hard_regs; /* register variables merged with heads */":
            LT_GT,
        "static GTY(()) vec<tree, va_gc> *rtl_keep;": LT_GT,
        "rtl.access_by_ref = new hash_map<tree, int>;": LT_GT,
        "rtl.head_by_ref = new hash_map<tree, int>;": LT_GT,
        "hash_map<int_hash<HOST_WIDE_INT, -1, -2>, unsigned int> *slots;":
            LT_GT * 2,
        "vec<unsigned int> sp_slots; /* slots addressed from the stack pointer */":
            LT_GT,
        # C++ scope operator, read as a label; one in each of seven functions.
        "subrtx_iterator::array_type array;":
            ("WARNING: labels should not be indented",) * 7,
        "vec<tree> arm_params; /* parameters merged with heads */": LT_GT,
        "hash_set<tree> *arm_loads; /* plain loads merged with heads */": LT_GT,
        "rtl.arm_loads = new hash_set<tree>;": LT_GT,
        "hash_set<tree> *arm_decls; /* objects whose address is merged with heads */": LT_GT,
        "rtl.arm_decls = new hash_set<tree>;": LT_GT,
        "vec<call_rec> arm_calls; /* calls whose results are merged with heads */": LT_GT,
        "vec<asm_rec> arm_asms; /* asms whose outputs are merged with heads */": LT_GT,
        "static int call_in(const vec<call_rec> &calls, rtx_insn *insn)": LT_GT,
        "vec<struct clobber_units> clobbers;": LT_GT,
        "hash_map<tree, bitmap> *callee_clobbers;": LT_GT,
        "w.callee_clobbers = new hash_map<tree, bitmap>;": LT_GT,
        "a.templ = gimple_asm_string(as_a<gasm *>(stmt));":
            LT_GT + ("CHECK: spaces preferred around that '*'",),
        "w.slots = new hash_map<int_hash<HOST_WIDE_INT, -1, -2>, unsigned int>;":
            LT_GT * 2,
        "struct const_map : hash_map<int_hash<unsigned int, UINT_MAX, UINT_MAX - 1>, struct sym_offset> {":
            LT_GT * 2,
    },
    "rcu_deref_verdict.c": {
        "vec<pending_break> breaks;": LT_GT,
        "vec<int> unused_heads; /* heads nothing uses: fixed whatever RTL does */":
            LT_GT,
        "vec<const struct access_rec *> rec_of_rtl; /* by RTL access */":
            LT_GT + ("CHECK: spaces preferred around that '*'",),
        "hash_set<key_hash> *twin_keys; /* a tracked access's line and field */":
            LT_GT,
        "hash_set<gimple> *tracked; /* the statements of tracked accesses */": LT_GT,
        "vec<gimple> untracked; /* loads of a field that depend on no head */": LT_GT,
        "verdict.tracked = new hash_set<gimple>;": LT_GT,
        "verdict.twin_keys = new hash_set<key_hash>;": LT_GT,
        "auto_vec<int> fix;": LT_GT,
        "auto_vec<std::pair<tree, bool>, 16> todo;": LT_GT * 2,
        # Twice: push_arm_operands() and push_inline_call_args().
        "vec<std::pair<tree, bool> > *todo)": LT_GT * 4 + (LT_GT[0],) * 4,
        "hash_set<tree> seen;": LT_GT,
        "auto_vec<tree, 8> ops;": LT_GT,
    },
}

Finding = collections.namedtuple("Finding", "kind file line text")

HEAD = re.compile(r"^(ERROR|WARNING|CHECK): (.*?)(?: \(ctx:\w+\))?$")
WHERE = re.compile(r"^#\d+: FILE: (.*):(\d+):$")


def parse(output):
    """The findings of checkpatch's (not --terse) output, with the source
    line each is about ('kind' is the level and message, without ctx)."""
    lines = output.split("\n")
    found = []
    for i, line in enumerate(lines):
        head = HEAD.match(line)
        where = WHERE.match(lines[i + 1]) if head and i + 1 < len(lines) else None
        if not head:
            continue
        if not where:
            found.append(Finding(head.group(1) + ": " + head.group(2), None, None, None))
            continue
        text = lines[i + 2][1:] if lines[i + 2].startswith("+") else None
        found.append(Finding(head.group(1) + ": " + head.group(2),
                             os.path.basename(where.group(1)), int(where.group(2)),
                             text))
    return found


def normalize(text):
    return " ".join(text.split()) if text is not None else None


def compare(findings, files):
    """The findings in files (base names) that are not listed C++ template
    syntax, and the listed ones that checkpatch no longer reports there."""
    seen = collections.Counter((f.file, normalize(f.text), f.kind) for f in findings)
    listed = collections.Counter()
    for name, lines in CXX_TEMPLATE_LINES.items():
        for text, kinds in lines.items():
            for kind in kinds:
                if name in files:
                    listed[(name, normalize(text), kind)] += 1
    return (["%s: %r: %s" % k for k in sorted(seen - listed, key=str)],
            ["%s: %r: %s" % k for k in sorted(listed - seen, key=str)])


def run(args, cwd=None):
    return subprocess.run([CHECKPATCH, "--strict", *args], cwd=cwd, env=ENV,
                          capture_output=True, text=True)
