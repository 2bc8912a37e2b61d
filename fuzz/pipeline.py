"""One csmith program through the plugin: every check of the fuzz campaign.

For a seed: csmith writes a program, fuzz.heads turns some pointer loads
into heads, then for each compiler and optimization level:

  1. no plugin: compile to assembly, link, run (the host binary directly,
     the aarch64 one under qemu-aarch64) with a timeout.  A program that
     does not compile, times out or crashes here, or whose checksum differs
     between levels, is discarded: its result is not the plugin's doing.
  2. mode=warn: the compiler must not crash, and the assembly must be
     byte-identical to step 1.
  3. mode=fixup: the compiler must not crash; the warnings must be those
     of step 2; without any fix-up the assembly must be byte-identical to
     step 1, and with fix-ups the program must print the checksum of
     step 1 (run again with a timeout); the sites recorded in the
     __rcu_deref_fixups section must match the "fix-up:" notes.
  3b. consume=dependency (with mode=warn): the compiler must not crash,
     and the program, linked and run again with a timeout, must print the
     checksum of step 1: the consume loads the plugin made plain loads
     (its stats count them) must not change what the program computes.

The truth is always the compile without the plugin and the checksum the
program prints, never the plugin's own output.

  4. verdicts (aarch64 only): per head, the plugin's verdict (a warning
     whose "dependency head" note is at the head) against the independent
     assembly checker's (rcuderef.asmcheck) on the assembly GCC alone
     makes with -g: the accesses that depend on each head come from the
     -O0 assembly, their fate from the optimized one (see fuzz/README.md,
     "Verdicts").
"""
import collections
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from fuzz import heads
from rcuderef import diagnostics
from rcuderef.asmcheck import aarch64 as asmcheck
from rcuderef.compiler import ENV, PLUGIN_ARG, REPO, TARGETS, plugin_path

CSMITH_INCLUDE = "/usr/include/csmith"
RCU_INCLUDE = os.path.join(REPO, "plugin", "include")
LEVELS = ("-O1", "-O2", "-O3", "-Os")
OBJCOPY = {t: "objcopy" if t == "x86_64-linux-gnu" else t + "-objcopy" for t in TARGETS}
RUNNER = {"x86_64-linux-gnu": [],
          "aarch64-linux-gnu": ["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"]}
RUN_TIMEOUT = {"x86_64-linux-gnu": 5, "aarch64-linux-gnu": 20}
# The targets a campaign runs by default: the two its reports and budget
# were made for (powerpc64le and riscv64 are not fuzzed yet).
FUZZ_TARGETS = ("aarch64-linux-gnu", "x86_64-linux-gnu")
COMPILE_TIMEOUT = 300
# The plugin configurations of phase 2, each the plugin options it adds:
# the two modes, and the consume loads made plain loads where their
# dependencies survive (docs/consume.md).
MODES = ("warn", "fixup", "consume")
MODE_ARGS = {"warn": ("mode=warn",), "fixup": ("mode=fixup",),
             "consume": ("mode=warn", "consume=dependency")}
# How failure details name a mode.
MODE_LABEL = {"warn": "mode=warn", "fixup": "mode=fixup", "consume": "consume=dependency"}
FIXUP_SECTION = "__rcu_deref_fixups"

PLUGIN_WARNING = re.compile(
    r"^(?P<loc>[^:\s]+:\d+:\d+): warning: (?P<msg>(this access (no longer depends|"
    r"depends on)|the value loaded by ).*)$", re.M)
FIXUP_NOTE = re.compile(r"^[^:\s]+:\d+:\d+: note: fix-up:", re.M)
ICE = re.compile(r"internal compiler error|Segmentation fault|"
                 r"(killed|terminated) (by|with) signal|Please submit a full bug report")


def run_csmith(*args):
    """csmith's output for args.  csmith writes platform.info into its
    working folder: run it in a temporary one."""
    with tempfile.TemporaryDirectory(prefix="csmith-") as cwd:
        return subprocess.run(["csmith", *args], cwd=cwd,
                              capture_output=True, text=True, check=True).stdout


def csmith(seed, options=()):
    """csmith's program for seed (a string)."""
    return run_csmith("--seed", str(seed), *options)


def warning_kinds(stderr):
    """Plugin warnings by kind: broken (the address lost its dependency),
    comparison (depends only through a comparison or boolean), unused (the
    head's value is never used)."""
    kinds = {"broken": 0, "comparison": 0, "unused": 0}
    for m in PLUGIN_WARNING.finditer(stderr):
        msg = m.group("msg")
        kinds["broken" if "no longer depends" in msg else
              "comparison" if "only through" in msg else "unused"] += 1
    return kinds


def error_lines(stderr):
    """The messages of the errors on stderr."""
    return [l.split(": error: ", 1)[1] for l in stderr.splitlines() if ": error: " in l]


def crashed(proc):
    """Why a compile counts as a compiler crash, or None."""
    if proc.returncode in (4, -6, -11) or proc.returncode < 0:
        return "exit status %d" % proc.returncode
    m = ICE.search(proc.stderr)
    return m.group(0) if m else None


class Program:
    """A program's files in a work directory."""

    def __init__(self, workdir, source):
        self.dir = workdir
        os.makedirs(workdir, exist_ok=True)
        self.src = os.path.join(workdir, "prog.c")
        with open(self.src, "w") as f:
            f.write(source)
        self.stats = os.path.join(workdir, "stats.jsonl")

    def path(self, name):
        return os.path.join(self.dir, name)

    def compile(self, target, level, mode, stats=False, include=RCU_INCLUDE, tag="",
                extra=()):
        """Compile to assembly: mode None (no plugin) or one of MODES;
        extra: more compiler options.
        Return (CompletedProcess or None on timeout, assembly path, seconds)."""
        tag = "%s%s.%s%s" % (target.split("-")[0], level, mode or "none", tag)
        out = self.path(tag + ".s")
        cmd = [TARGETS[target], level, "-S", "-o", out,
               "-I", CSMITH_INCLUDE, "-I", include, *extra]
        if mode:
            cmd += ["-fplugin=" + plugin_path(target), *(PLUGIN_ARG + a for a in MODE_ARGS[mode])]
            if stats:
                cmd.append(PLUGIN_ARG + "stats=" + self.stats)
        cmd.append(self.src)
        start = time.monotonic()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV,
                                  timeout=COMPILE_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc = None
        return proc, out, time.monotonic() - start

    def link(self, target, asm):
        exe = asm[:-2] + ".exe"
        obj = asm[:-2] + ".o"
        cc = TARGETS[target]
        subprocess.run([cc, "-c", "-o", obj, asm], check=True, capture_output=True)
        subprocess.run([cc, "-o", exe, obj], check=True, capture_output=True)
        return exe, obj

    def run(self, target, exe, timeout):
        """(stdout, None) or (None, why it failed)."""
        try:
            proc = subprocess.run(RUNNER[target] + [exe], capture_output=True,
                                  text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, "timeout after %g s" % timeout
        if proc.returncode != 0:
            return None, "exit status %d" % proc.returncode
        return proc.stdout, None


def fixup_records(target, obj):
    """The strings of the object's __rcu_deref_fixups section."""
    out = obj + ".fixups"
    subprocess.run([OBJCOPY[target], "-O", "binary", "--only-section=" + FIXUP_SECTION,
                    obj, out], check=True, capture_output=True)
    with open(out, "rb") as f:
        data = f.read()
    return [s.decode("ascii", "replace") for s in data.split(b"\0") if s]


def plugin_has_stats(target, _cache={}):
    """Whether the plugin knows the stats= option (it is being added)."""
    if target not in _cache:
        proc = subprocess.run(
            [TARGETS[target], "-fplugin=" + plugin_path(target),
             PLUGIN_ARG + "stats=/dev/null", "-x", "c", "-S", "-o", "/dev/null", "-"],
            input="int x;\n", capture_output=True, text=True, env=ENV)
        _cache[target] = proc.returncode == 0
    return _cache[target]


def read_stats(path):
    """Sum of the stats lines the plugin appended to path (and empty it)."""
    total = {}
    if not os.path.exists(path):
        return None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                for k, v in json.loads(line).items():
                    if isinstance(v, int):
                        total[k] = total.get(k, 0) + v
    os.unlink(path)
    return total


MARKER_REPRO = "marker_ssa_versions.c"
VOLATILE_REPRO = os.path.join(REPO, "fuzz", "repro", "volatile_pointer_object.c")


def volatile_rcu_safe(_cache=[]):
    """Whether rcu_dereference() of a volatile-qualified pointer object
    compiles to the same assembly with the plugin as without it (the bug
    of fuzz/repro/volatile_pointer_object.c is fixed).  While it is not,
    the campaign makes such sites consume loads, so that one known bug does
    not hide the others."""
    if not _cache:
        outs = []
        for plugin in (False, True):
            cmd = ["gcc", "-O2", "-I", RCU_INCLUDE, "-S", "-o", "-", VOLATILE_REPRO]
            if plugin:
                cmd.append("-fplugin=" + plugin_path("x86_64-linux-gnu"))
            outs.append(subprocess.run(cmd, capture_output=True, text=True,
                                       env=ENV).stdout)
        _cache.append(outs[0] == outs[1])
    return _cache[0]


# The marker declared without a virtual definition: the fix of
# fuzz/repro/marker_ssa_versions.c, used only to recognise that bug.
MARKER_DECL = ("void __rcu_deref_head(const char *primitive, ...)\n"
               "\t__attribute__((__nothrow__, __leaf__));\n"
               "#define __rcu_deref_mark(primitive, p) __rcu_deref_head(primitive, p)\n")
MARKER_CONST = ("int __rcu_deref_head(const char *primitive, ...)\n"
                "\t__attribute__((__nothrow__, __leaf__, __const__));\n"
                "#define __rcu_deref_mark(primitive, p) ((void)__rcu_deref_head(primitive, p))\n")


def known_marker_bug(prog, target, level, mode):
    """Whether a mode's assembly difference disappears with the marker of
    MARKER_CONST, i.e. is the known bug of fuzz/repro/marker_ssa_versions.c."""
    with open(os.path.join(RCU_INCLUDE, "rcu_deref.h")) as f:
        header = f.read()
    if MARKER_DECL not in header:
        return False
    inc = prog.path("marker-const")
    os.makedirs(inc, exist_ok=True)
    with open(os.path.join(inc, "rcu_deref.h"), "w") as f:
        f.write(header.replace(MARKER_DECL, MARKER_CONST))
    outs = []
    for m in (None, mode):
        proc, asm, _ = prog.compile(target, level, m, include=inc, tag=".marker-const")
        if proc is None or proc.returncode != 0:
            return False
        with open(asm, "rb") as f:
            outs.append(f.read())
    return outs[0] == outs[1]


def plugin_ids(targets):
    """A short hash of each plugin file, to tell which build a result saw."""
    ids = {}
    for t in targets:
        with open(plugin_path(t), "rb") as f:
            ids[t] = hashlib.sha1(f.read()).hexdigest()[:12]
    return ids


# --- Per-head verdicts: the plugin against the aarch64 assembly checker ------

VERDICT_TARGET = "aarch64-linux-gnu"
# What the plugin says of a head, from the warnings that name it: a break
# (the access lost its dependency), a dependency only through a comparison
# or boolean result (no address dependency either: a break for the
# checker), or "never used" (located at the head itself).
BREAK_KINDS = ("broken", "comparison")
HEAD_NOTE = "dependency head:"
# The classes of one head at one level.
CLASSES = ("agree-broken", "agree-intact", "miss", "false-positive",
           "vanished", "no-deps", "unknown")
DISAGREEMENTS = ("miss", "false-positive")


def plugin_head_warnings(stderr, source_basename, accesses=None):
    """{(line, column): Counter of warning kinds} of the heads the plugin's
    warnings name, from -fdiagnostics-format=json output: a break or
    comparison warning names the head of its "dependency head" note, a
    "never used" warning is located at its head.  ``accesses``, a dict if
    given, gets per head the set of the sites its break and comparison
    warnings are located at (the access the plugin judged): (line,
    column) in the source, (file basename, line, column) in another file
    (a header's inline function)."""
    found = collections.defaultdict(collections.Counter)

    def caret(d):
        c = d["locations"][0]["caret"]
        return os.path.basename(c["file"]), c["line"], c.get("byte-column", c["column"])

    def where(d):
        f, line, column = caret(d)
        return (line, column) if f == source_basename else None

    for d in diagnostics.parse(stderr):
        msg = d.get("message", "")
        if (d.get("kind") != "warning" or not d.get("locations")
                or not msg.startswith(diagnostics.PLUGIN_WARNINGS)):
            continue
        if "is never used" in msg:
            at = where(d)
            if at is not None:
                found[at]["unused"] += 1
            continue
        kind = "comparison" if diagnostics.is_rule_warning(msg) else "broken"
        for note in d.get("children", []):
            if note.get("message", "").startswith(HEAD_NOTE) and note.get("locations"):
                at = where(note)
                if at is not None:
                    found[at][kind] += 1
                    if accesses is not None:
                        accesses.setdefault(at, set()).add(where(d) or caret(d))
    return found


def checker_verdict(sres):
    """(verdict, detail) of the assembly checker on one head in the
    optimized code, from a SiteResult: "broken", "intact", "vanished"
    (every dependent access is gone) or "unknown" (why in detail)."""
    if sres.broken:
        return "broken", sorted(sres.broken)
    if sres.ambiguous:
        return "unknown", "more accesses at the site than at -O0: %s" % ", ".join(
            head_key(k) for k in sorted(sres.ambiguous))
    if not sres.heads:
        if len(sres.vanished) == len(sres.deps):
            return "vanished", []
        return "unknown", "no head load at the head's site"
    if any(a for accesses in sres.deps.values() for a in accesses if not a.stack):
        return "intact", []
    if sres.unreached:
        return "unknown", "dependent accesses only in functions without a head load"
    return "vanished", []


OUTSIDE = "warned access %s outside the -O0 dependent set"


def o0_access_counts(asm_text, source_basename):
    """Per access key, the number of accesses the -O0 assembly makes at it
    in the whole file, frame accesses (sp or x29 base) left out: at -O0
    every function stands alone, so this is how many copies of an access
    the source has (a callee's access once, however often it is called)."""
    counts = collections.Counter()
    for insn in asmcheck.parse(asm_text, source_basename).insns:
        if (insn.line is not None and asmcheck.is_memory_access(insn)
                and asmcheck.memref(insn).base not in asmcheck.STACK_BASES):
            counts[asmcheck.access_key(insn)] += 1
    return counts


def outside_verdict(sites, head, outside, o0_counts):
    """(verdict, detail) of the checker on the warned accesses of a head
    that are not among its -O0 dependent accesses (``outside``: their
    sites, from the warnings): an access the -O0 analysis could not see
    (it lies in a callee there, inlined since).  Each is looked up in the
    final code by its site (every direction and size), in the functions
    holding the head's load: "broken" when one is not dependent on it,
    "intact" when every one is located and dependent, else "unknown" (an
    access not located: in another file, or no instruction at its site;
    or more accesses at its site than the whole -O0 file has, one of
    them dependent: ambiguous, as in ``Sites.check``).  ``o0_counts``:
    :func:`o0_access_counts` of the -O0 assembly."""
    names = ", ".join(head_key(a) for a in sorted(outside, key=str))
    located = [a for a in outside if len(a) == 2]
    keys = [k for k in sites.accesses if k[:2] in located]
    sres = sites.check(head, keys, {k: o0_counts.get(k, 1) for k in keys})
    if sres.broken:
        return "broken", sorted(sres.broken)
    found = {k[:2] for k, accesses in sres.deps.items()
             if any(not a.stack for a in accesses)}
    if sres.ambiguous or len(located) < len(outside) or not set(located) <= found:
        return "unknown", OUTSIDE % names + (
            " (ambiguous in the final code)" if sres.ambiguous else
            " (not located in the final code)")
    return "intact", OUTSIDE % names + " (dependent in the final code)"


def classify(checker, warned):
    """The class of a head from the checker's verdict ("broken", "intact",
    "vanished", "no-deps", "unknown") and whether the plugin warned."""
    if checker == "broken":
        return "agree-broken" if warned else "miss"
    if checker == "intact":
        return "false-positive" if warned else "agree-intact"
    return checker


def head_key(site):
    """"line:column" of a head site, "line:column:load|store" of an access."""
    return ":".join(str(x) for x in site)


def code_lines(path):
    """The instructions and local code labels of an assembly file (no
    directive, no symbol or debug label: with -g GCC also emits the unused
    static variables, for their debug information): what -g must not
    change."""
    keep = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if (not line or line.startswith(("//", ".")) or line.endswith(":")) and \
                    not re.match(r"\.L\d+:$", line):
                continue
            keep.append(line)
    return keep


def read(path):
    with open(path) as f:
        return f.read()


def dependent_accesses(prog, head_sites, counts=None):
    """The -O0 truth, from the aarch64 -O0 -g assembly of GCC alone:
    ({head site: [dependent access keys]}, {head site: [mixed keys]},
    {head site: why unknown}).  ``counts``, a dict if given, gets per head
    site the dependent keys with more than one non-frame access at -O0,
    with their number (the others have one): what ``Sites.check`` tells an
    ambiguous key by."""
    proc, asm, _ = prog.compile(VERDICT_TARGET, "-O0", None, tag=".g", extra=("-g",))
    if proc is None or proc.returncode != 0:
        why = "-O0 -g compile failed"
        return {}, {}, {tuple(h): why for h in head_sites}
    sites = asmcheck.Sites(read(asm), os.path.basename(prog.src))
    sites.solve(head_sites)
    deps, mixed, unknown = {}, {}, {}
    for h in head_sites:
        found = sites.dependent_accesses(tuple(h))
        if found is None:
            unknown[tuple(h)] = "no head load at -O0"
        else:
            deps[tuple(h)] = sorted(found[0])
            if found[1]:
                mixed[tuple(h)] = sorted(found[1])
            if counts is not None:
                have = sites.access_counts(tuple(h))
                many = {k: have[k] for k in found[0] if have.get(k, 1) > 1}
                if many:
                    counts[tuple(h)] = many
    return deps, mixed, unknown


def head_verdicts(prog, level, base_s, head_sites, deps, o0_counts=None):
    """The comparison at one level (aarch64): a dict with "counts" per
    class of CLASSES (and "CLASS-warned": of those the plugin warned
    about; "vanished-head-kept"; "unknown-ambiguous": the unknown heads
    with a key that has more accesses than at -O0, one dependent and one
    not), "heads" ([head, checker verdict, plugin warning kinds, class] of
    each head but the silent ones with nothing to check) and
    "disagreements" (misses, false positives and unknowns the plugin
    warned about, with the checker's broken accesses or why it could not
    decide), or {"error": why there is no verdict}.  ``o0_counts``: per
    head, the dependent keys with more than one access at -O0
    (:func:`dependent_accesses`); None: no key is ambiguous (every access
    that is not dependent breaks its key)."""
    target = VERDICT_TARGET
    basename = os.path.basename(prog.src)
    proc, asm, _ = prog.compile(target, level, None, tag=".g", extra=("-g",))
    if proc is None or proc.returncode != 0:
        return {"error": "%s -g compile failed" % level}
    if code_lines(asm) != code_lines(base_s):
        return {"error": "-g changed the code at %s" % level}
    wproc, _, _ = prog.compile(target, level, "warn", tag=".json",
                               extra=("-fdiagnostics-format=json",))
    if wproc is None or wproc.returncode != 0:
        return {"error": "mode=warn with JSON diagnostics failed"}
    warned_at = {}
    warnings = plugin_head_warnings(wproc.stderr, basename, warned_at)
    sites = asmcheck.Sites(read(asm), basename)
    sites.solve(h for h in map(tuple, head_sites) if deps.get(h))
    o0_asm = []
    out = {"counts": collections.Counter(), "heads": [], "disagreements": []}
    for h in head_sites:
        h = tuple(h)
        kinds = warnings.get(h, collections.Counter())
        warned = any(kinds[k] for k in BREAK_KINDS)
        if not deps.get(h):
            # No head load at -O0 (code GCC drops even there) or no
            # dependent access: nothing to check.
            verdict, detail = "no-deps", []
        else:
            counts = None if o0_counts is None else o0_counts.get(h, {})
            sres = sites.check(h, deps[h], counts)
            verdict, detail = checker_verdict(sres)
            if verdict == "vanished" and sres.heads:
                out["counts"]["vanished-head-kept"] += 1
            if verdict == "unknown" and sres.ambiguous:
                out["counts"]["unknown-ambiguous"] += 1
            inside = {k[:2] for k in deps[h]}
            outside = warned_at.get(h, set()) - inside
            if verdict == "intact" and warned and outside == warned_at.get(h):
                # Every warned access lies outside the -O0 dependent set:
                # the checker's "intact" is about other accesses.  Each is
                # checked in the final code, if it can be found there.
                if not o0_asm:
                    o0_asm.append(o0_access_counts(read(prog.path(
                        "aarch64-O0.none.g.s")), basename))
                verdict, detail = outside_verdict(sites, h, outside, o0_asm[0])
                out["counts"]["outside-" + verdict] += 1
        cls = classify(verdict, warned)
        out["counts"][cls] += 1
        if cls in ("vanished", "no-deps", "unknown") and warned:
            out["counts"][cls + "-warned"] += 1
        if verdict != "no-deps" or warned:
            out["heads"].append([head_key(h), verdict, dict(kinds), cls])
        if cls in DISAGREEMENTS or (cls == "unknown" and warned):
            d = {"head": head_key(h), "class": cls, "checker": verdict,
                 "plugin": dict(kinds),
                 "deps": [head_key(s) for s in deps.get(h, [])]}
            if verdict == "broken":
                d["broken"] = [head_key(s) for s in detail]
            elif detail:
                d["why"] = detail
            out["disagreements"].append(d)
    out["counts"] = dict(out["counts"])
    return out


def check_program(seed, workdir, targets=None, levels=LEVELS, keep=False,
                  csmith_options=(), fraction=0.5):
    """Run every check on the program of seed; return the result dict:
    status "ok", "discarded" (with reason) or "fail" (with failures)."""
    targets = targets or FUZZ_TARGETS
    volatile_rcu = volatile_rcu_safe()
    source, counts = heads.add_heads(csmith(seed, csmith_options), seed, fraction,
                                     volatile_rcu=volatile_rcu)
    prog = Program(workdir, source)
    result = {"seed": seed, "heads_rcu": counts["rcu"], "heads_consume": counts["consume"],
              "sites": counts["sites"], "volatile_rcu": volatile_rcu,
              "head_sites": counts["heads"],
              "plugin": plugin_ids(targets),
              "configs": [], "failures": [], "status": "ok"}

    def fail(config, kind, detail, known=None):
        f = {"config": config, "kind": kind, "detail": detail[:2000]}
        if known:
            f["known"] = known
        result["failures"].append(f)

    # Phase 1: the truth, without the plugin, for every configuration.
    checksum = None
    baseline = {}
    for target in targets:
        for level in levels:
            config = "%s %s" % (target, level)
            base, base_s, _ = prog.compile(target, level, None)
            if base is None or base.returncode != 0:
                return discard(result, prog, keep, "%s: does not compile without the "
                               "plugin: %s" % (config, base and base.stderr[-500:]))
            exe, _ = prog.link(target, base_s)
            out, why = prog.run(target, exe, RUN_TIMEOUT[target])
            if out is None:
                return discard(result, prog, keep, "%s: without the plugin: %s"
                               % (config, why))
            if checksum is None:
                checksum = out
            elif out != checksum:
                return discard(result, prog, keep, "%s: checksum differs between "
                               "configurations without the plugin" % config)
            baseline[target, level] = base_s
    result["checksum"] = checksum.strip()

    # The -O0 truth of the verdicts: which accesses depend on which head.
    head_sites = [h[:2] for h in counts["heads"]]
    verdicts = VERDICT_TARGET in targets and head_sites
    if verdicts:
        o0_counts = {}
        deps, mixed, unknown_o0 = dependent_accesses(prog, head_sites, o0_counts)
        result["o0_deps"] = {head_key(h): [head_key(s) for s in d]
                             for h, d in sorted(deps.items()) if d}
        result["o0_counts"] = {head_key(h): {head_key(k): n for k, n in sorted(c.items())}
                               for h, c in sorted(o0_counts.items())}
        result["o0_mixed"] = {head_key(h): [head_key(s) for s in d]
                              for h, d in sorted(mixed.items())}
        result["o0_unknown"] = {head_key(h): why for h, why in sorted(unknown_o0.items())}

    # Phase 2: the plugin in each of MODES against that truth.
    for target in targets:
        stats = plugin_has_stats(target)
        for level in levels:
            config = "%s %s" % (target, level)
            base_s = baseline[target, level]
            rec = {"config": config}
            warned = {}
            for mode in MODES:
                label = MODE_LABEL[mode]
                proc, asm, secs = prog.compile(target, level, mode, stats)
                rec[mode + "_seconds"] = round(secs, 2)
                if proc is None:
                    fail(config, "hang", "%s: no result after %d s"
                         % (label, COMPILE_TIMEOUT))
                    continue
                why = crashed(proc)
                if why:
                    fail(config, "ice", "%s: %s\n%s" % (label, why, proc.stderr[-1500:]))
                    continue
                if proc.returncode != 0:
                    fail(config, "error", "%s: exit status %d\n%s"
                         % (label, proc.returncode, proc.stderr[-1500:]))
                    result["failures"][-1]["errors"] = error_lines(proc.stderr)
                    continue
                warned[mode] = sorted(m.group(0) for m in PLUGIN_WARNING.finditer(proc.stderr))
                rec[mode + "_warnings"] = len(warned[mode])
                if mode == "warn":
                    rec["warn_kinds"] = warning_kinds(proc.stderr)
                st = read_stats(prog.stats) if stats else None
                if st is not None:
                    rec[mode + "_stats"] = st
                same = filecmp(asm, base_s)
                if mode == "consume":
                    check_consume(prog, target, asm, same, checksum, rec, fail, config)
                    continue
                if mode == "warn":
                    if not same:
                        fail(config, "warn-asm-differs",
                             "mode=warn changed the assembly: %s" % diff_head(base_s, asm),
                             known_marker_bug(prog, target, level, mode) and MARKER_REPRO)
                    continue
                notes = len(FIXUP_NOTE.findall(proc.stderr))
                rec["fixup_notes"] = notes
                if "warn" in warned and warned["warn"] != warned["fixup"]:
                    fail(config, "fixup-warnings-differ",
                         "mode=fixup warned %d times, mode=warn %d times"
                         % (len(warned["fixup"]), len(warned["warn"])))
                if same:
                    rec["fixup_records"] = 0
                    if notes:
                        fail(config, "fixup-record", "%d fix-up notes, assembly unchanged"
                             % notes)
                    continue
                fexe, fobj = prog.link(target, asm)
                records = fixup_records(target, fobj)
                rec["fixup_records"] = len(records)
                if not records and not notes:
                    fail(config, "fixup-idle-diff", "mode=fixup fixed nothing but changed "
                         "the assembly: %s" % diff_head(base_s, asm),
                         known_marker_bug(prog, target, level, mode) and MARKER_REPRO)
                elif len(records) != notes:
                    fail(config, "fixup-record", "%d fix-up notes, %d records in %s"
                         % (notes, len(records), FIXUP_SECTION))
                fout, why = prog.run(target, fexe, RUN_TIMEOUT[target] * 3)
                rec["fixup_ran"] = True
                if fout != checksum:
                    fail(config, "fixup-checksum", "mode=fixup binary: %s (expected %r)"
                         % (why or "printed %r" % fout, checksum))
            if verdicts and target == VERDICT_TARGET:
                rec["verdicts"] = head_verdicts(prog, level, base_s, head_sites, deps,
                                                o0_counts)
            result["configs"].append(rec)
    if result["failures"]:
        result["status"] = "fail"
    # The work files of a seed with a disagreement stay, like a failure's.
    disagrees = any(c.get("verdicts", {}).get("disagreements") for c in result["configs"])
    if result["status"] != "fail" and not keep and not disagrees:
        shutil.rmtree(workdir, ignore_errors=True)
    return result


def check_consume(prog, target, asm, same, checksum, rec, fail, config):
    """consume=dependency: link and run the program (even when its assembly
    is GCC's: the run is the check, not a diff) and compare its checksum
    with the one GCC alone's binaries print."""
    st = rec.get("consume_stats") or {}
    rec["consume_loads"] = st.get("consume_checked", 0)
    rec["consume_demoted"] = st.get("consume_demoted", 0)
    rec["consume_same_asm"] = same
    exe, _ = prog.link(target, asm)
    out, why = prog.run(target, exe, RUN_TIMEOUT[target] * 3)
    rec["consume_ran"] = True
    if out != checksum:
        fail(config, "consume-checksum", "consume=dependency binary: %s (expected %r)"
             % (why or "printed %r" % out, checksum))


def discard(result, prog, keep, reason):
    result.update(status="discarded", reason=reason)
    if not keep:
        shutil.rmtree(prog.dir, ignore_errors=True)
    return result


def filecmp(a, b):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def diff_head(a, b, lines=12):
    proc = subprocess.run(["diff", "-u", a, b], capture_output=True, text=True)
    return "\n".join(proc.stdout.splitlines()[:lines])
