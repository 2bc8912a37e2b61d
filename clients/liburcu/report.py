"""Write docs/liburcu.md: the plugin on programs that use liburcu.

    /usr/bin/python3 -m clients.liburcu.report [--out docs/liburcu.md]

(`make liburcu` runs it after building the plugins.)  Everything in the
report is measured by this run except the prose of reading.py and the
explanations written below.
"""
import argparse
import datetime
import glob
import os
import re
import subprocess
import tempfile

from rcuderef.asmcheck.aarch64 import analyze
from rcuderef.compiler import ENV, PLUGIN_ARG, REPO, TARGETS

from . import sites, toolchain
from .reading import READING

A64 = "aarch64-linux-gnu"
X86 = "x86_64-linux-gnu"
EXAMPLES = "/usr/share/doc/liburcu-dev/examples"
BLAME = re.compile(r"\(broken by ([^)]+)\)")


def rel(path):
    return os.path.relpath(path, REPO) if path.startswith(REPO) else path


def first_line(path, pattern):
    """(line number, text) of the first line of path matching pattern."""
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if re.search(pattern, line):
                return number, line.strip()
    return None, None


def header_facts():
    """What rcu_dereference() is in the installed liburcu headers."""
    u = toolchain.URCU
    checks = [
        ("urcu/pointer.h", r"#if defined\(_LGPL_SOURCE\) \|\| defined\(URCU_INLINE_SMALL_FUNCTIONS\)",
         "only with `_LGPL_SOURCE` (or `URCU_INLINE_SMALL_FUNCTIONS`) is "
         "`rcu_dereference` the inline `_rcu_dereference`"),
        ("urcu/pointer.h", r"#define rcu_dereference\s+_rcu_dereference", ""),
        ("urcu/pointer.h", r"extern void \*rcu_dereference_sym",
         "otherwise it is a call into liburcu"),
        ("urcu/pointer.h", r"rcu_dereference_sym\(URCU_FORCE_CAST",
         "the caller loads `p` with a plain load and passes its value"),
        ("urcu/static/pointer.h", r"#if !defined \(URCU_DEREFERENCE_USE_VOLATILE\)",
         "the selection: not `URCU_DEREFERENCE_USE_VOLATILE`, and C11 or "
         "C++11 ..."),
        ("urcu/static/pointer.h", r"__STDC_VERSION__ >= 201112L", ""),
        ("urcu/static/pointer.h", r"# define __URCU_DEREFERENCE_USE_ATOMIC_CONSUME",
         "... selects the consume load"),
        ("urcu/static/pointer.h", r"__atomic_load\(&\(p\), &_________p1, __ATOMIC_CONSUME\)",
         "the consume load (GCC's generic `__atomic_load`)"),
        ("urcu/static/pointer.h", r"_________p1 = CMM_LOAD_SHARED\(p\)",
         "the other branch: a volatile load"),
        ("urcu/system.h", r"#define _CMM_LOAD_SHARED\(p\)", ""),
        ("urcu/compiler.h", r"#define CMM_ACCESS_ONCE\(x\)", "a volatile access"),
        ("urcu/arch/generic.h", r"#define cmm_smp_read_barrier_depends\(\)\s*$",
         "empty except on Alpha (`urcu/arch/alpha.h`)"),
        ("urcu/rculist.h", r"#define cds_list_for_each_entry_rcu", "lists use `rcu_dereference()`"),
        ("urcu/rcuhlist.h", r"#define cds_hlist_for_each_entry_rcu_2", ""),
        ("urcu/rculfhash.h", r"This function acts as a rcu_dereference\(\) to read the node pointer",
         "hash table lookups are functions of liburcu-cds"),
        ("urcu/rculfhash.h", r"return iter->node;",
         "`cds_lfht_iter_get_node()`: a plain load of the iterator"),
    ]
    rows = []
    for name, pattern, what in checks:
        path = os.path.join(toolchain.MULTIARCH, name)
        number, text = first_line(path, pattern)
        loc = "%s:%s" % (name, number) if number else "%s: not found" % name
        rows.append("| `%s` | `%s` | %s |" % (loc, (text or "").replace("|", "\\|"), what))
    absent = []
    for macro in ("CONFIG_RCU_USE_ATOMIC_BUILTINS", "cmm_ptr_eq", "CMM_CONSUME"):
        found = subprocess.run(["grep", "-rl", macro, u, toolchain.MULTIARCH + "/urcu.h"],
                               capture_output=True, text=True).stdout.split()
        absent.append("`%s`: %s" % (macro, "found in " + ", ".join(found) if found
                                    else "absent from the installed headers"))
    return rows, absent


def package_version():
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "liburcu-dev"],
                         capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def plugin_version():
    """The plugin's last commit, whether its source differs from it, and
    when the .so files were built."""
    commit = subprocess.run(["git", "log", "-1", "--format=%h %s", "--", "plugin/"],
                            capture_output=True, text=True, cwd=REPO).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "plugin/"],
                           capture_output=True, text=True, cwd=REPO).stdout.strip()
    built = datetime.datetime.utcfromtimestamp(
        os.path.getmtime(toolchain.plugin_path(A64))).strftime("%Y-%m-%d %H:%M UTC")
    return "`%s`%s, built %s" % (commit[:60], " (with uncommitted changes)" if dirty else "", built)


def compiler_version(cc):
    out = subprocess.run([cc, "--version"], capture_output=True, text=True)
    return out.stdout.splitlines()[0]


def warnings_of(diags, kind="warning"):
    """[(file, line, message, pass)] of the diagnostics of a kind."""
    out = []
    for d in diags:
        if d["kind"] != kind or not d.get("locations"):
            continue
        caret = d["locations"][0]["caret"]
        m = BLAME.search(d["message"])
        out.append((os.path.basename(caret["file"]), caret["line"], d["message"],
                    m.group(1) if m else "-"))
    return out


def fixup_notes(diags):
    out = []
    for d in diags:
        for c in [d] + d.get("children", []):
            if c["kind"] == "note" and c["message"].startswith("fix-up:") and c.get("locations"):
                caret = c["locations"][0]["caret"]
                out.append("%s:%d" % (os.path.basename(caret["file"]), caret["line"]))
    return out


def fixup_records(name, config):
    """The strings of the __rcu_deref_fixups section of a fix-up build."""
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, "o.o")
        cmd = toolchain.compile_cmd(name, A64, config, out=obj,
                                    plugin_args=["mode=fixup"])
        cmd[cmd.index("-S")] = "-c"
        proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
        if proc.returncode:
            return None
        raw = os.path.join(tmp, "s.bin")
        subprocess.run(["aarch64-linux-gnu-objcopy", "-O", "binary",
                        "--only-section=__rcu_deref_fixups", obj, raw], check=True)
        data = open(raw, "rb").read() if os.path.exists(raw) else b""
        return [s.decode() for s in data.split(b"\0") if s]


def site_rows(name, asm):
    text = open(toolchain.source(name)).read()
    rows = []
    for site, (heads, deps) in sites.sites(text).items():
        res = analyze(asm, name, heads, deps)
        head_insns = ", ".join("`%s`" % i.text for i in res.heads) or "(none)"
        dep_insns = []
        for line, accesses in res.deps.items():
            for a in accesses:
                if a.stack:
                    continue
                tag = ("dep" if a.dependent else
                       "flags only" if a.via_flags else "NOT dep")
                dep_insns.append("%d: `%s` %s" % (line, a.insn_text, tag))
            if not [a for a in accesses if not a.stack]:
                dep_insns.append("%d: (no access on this line)" % line)
        rows.append((site, sorted(heads), sorted(deps), head_insns,
                     "<br>".join(dep_insns), res.verdict, res.acquire))
    return rows


def run_host(name, config, mode, define=None):
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "prog")
        proc = toolchain.build_host(name, exe, config, mode,
                                    [define] if define else [])
        if proc.returncode:
            return "build failed: " + proc.stderr.strip().splitlines()[-1]
        try:
            run = subprocess.run([exe], capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            return "timed out"
        return "exit %d: `%s`" % (run.returncode, run.stdout.strip())


def examples():
    """The examples shipped by liburcu-dev, as shipped and with _LGPL_SOURCE."""
    rows = []
    for path in sorted(glob.glob(EXAMPLES + "/list/*.c") + glob.glob(EXAMPLES + "/hlist/*.c")
                       + glob.glob(EXAMPLES + "/rculfhash/*.c")):
        cells = [rel(path).replace(EXAMPLES + "/", "")]
        for lgpl in (False, True):
            with tempfile.TemporaryDirectory() as tmp:
                stats = os.path.join(tmp, "s.json")
                cmd = [TARGETS[A64], "-O2", "-g", "-pthread",
                       *toolchain.include_flags(A64), "-I", os.path.dirname(path),
                       *(["-D_LGPL_SOURCE"] if lgpl else []),
                       "-fplugin=" + toolchain.plugin_path(A64),
                       PLUGIN_ARG + "stats=" + stats, "-fdiagnostics-format=json",
                       "-S", "-o", os.devnull, path]
                proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
                if proc.returncode or not os.path.exists(stats):
                    cells.append("compile failed")
                    continue
                import json
                counts = json.loads(open(stats).readline())
                diags = []
                for line in proc.stderr.splitlines():
                    if line.startswith("["):
                        diags += json.loads(line)
                cells.append("%d / %d / %d" % (counts["heads"], counts["accesses"],
                                               len(warnings_of(diags))))
        rows.append("| `%s` | %s | %s |" % tuple(cells))
    return rows


INTRO = """\
# The plugin on liburcu clients

Regenerated by `make liburcu` (`/usr/bin/python3 -m clients.liburcu.report`).
Programs: `clients/liburcu/` ({programs}); they use Debian's liburcu-dev
{version} the way an application does: RCU lists (`cds_list_*_rcu`), hlists
(`cds_hlist_*_rcu`), the lock-free hash table (`cds_lfht_*`: lookup,
iteration, node to entry with `caa_container_of`), `rcu_dereference()` /
`rcu_xchg_pointer()` on a global pointer, readers and an updater thread,
`call_rcu()` and `synchronize_rcu()`.  Compilers: {a64}; {x86}.
Plugin: {plugin}.  Tested by `tests/test_liburcu.py` (`make liburcu-check`).

## What liburcu's `rcu_dereference()` is

In liburcu {version} (read from the installed headers, `{multiarch}`):

| where | text | meaning |
| --- | --- | --- |
{facts}

Also checked: {absent}.  So in 0.13 there is no `urcu/config.h` setting
for this (`CONFIG_RCU_USE_ATOMIC_BUILTINS` and `cmm_ptr_eq()` came later);
three builds of one program give three different `rcu_dereference()`s:

| build | `rcu_dereference(p)` | heads for the plugin |
| --- | --- | --- |
| `-D_LGPL_SOURCE`, C11 or later (GCC 12's default `-std=gnu17`) | `__atomic_load(&p, &v, __ATOMIC_CONSUME)` | yes, as they are (C11 consume loads) |
| `-D_LGPL_SOURCE -DURCU_DEREFERENCE_USE_VOLATILE` (or C99) | `CMM_LOAD_SHARED(p)`, a volatile load; `cmm_smp_read_barrier_depends()` is empty on arm64 | with `-fplugin-arg-rcu_deref_plugin-read-once-heads` (every volatile scalar load is then a head, including those of `rcu_read_lock()`) |
| no `_LGPL_SOURCE` (what the shipped examples do) | `rcu_dereference_sym(p)`: a plain load of `p` and a call into liburcu that returns its argument | none: the plugin sees a call result |

GCC emits `memory_order_consume` as acquire: in the consume build every
`rcu_dereference()` is an `LDAR` on arm64 (the head instructions below),
so the CPU orders what follows whatever happens to the dependency; a
break found there is harmless with GCC 12 today and matters for a
compiler that implements consume as it is specified.  The volatile build
exists for speed ("may improve performance on weakly-ordered
architectures where the compiler implements memory_order_consume as a
memory_order_acquire", says the header); its heads are plain `LDR`s, and
there each break is a real reordering hazard on arm64 — that is the build
where the plugin matters most, and where fix-up mode gives back acquire
only where the dependency was broken.

The hash table's lookups (`cds_lfht_lookup`, `cds_lfht_first`,
`cds_lfht_next`, ...) "act as rcu_dereference()", but their load is in
liburcu-cds.so; the caller reads the node back from the iterator with a
plain load (`cds_lfht_iter_get_node()`), which no option makes a head.
Ordering for the caller therefore comes from the library's own load:
if liburcu-cds.so was compiled as C11 or later (GCC 12's default is
gnu17) and without `URCU_DEREFERENCE_USE_VOLATILE`, its
`rcu_dereference()` is the consume path, an acquire on arm64.  Debian's
arm64 library (`liburcu-dev:arm64`, `{lfht_archive}`) has these
load-acquires (`LDAR`, `LDAPR`) in the read functions: {lfht}
(`cds_lfht_first` ends in a tail call to `cds_lfht_next`, read by hand);
Debian's build flags were not checked.  `clients/liburcu/lfht_head.h`
lets a user mark the node read back as a head (a volatile reload marked
with the plugin's `__rcu_deref_head()`), so that the plugin checks what
the caller does with it; `cache.c` is also built that way ("marked").

## Compiling for aarch64

Debian 12's liburcu-dev installs its headers only in the amd64 multiarch
directory.  All of them but one select the architecture from the
compiler's predefined macros (`urcu/arch.h` and `urcu/uatomic.h` test
`__aarch64__`, `__x86_64__`, ...); the exception is `urcu/config.h`,
written by configure, whose settings ({config_keys}) do not depend on the
architecture.  `clients/liburcu/toolchain.py` therefore builds
`build/clients/liburcu/include-aarch64/`: a link to every liburcu header
except `urcu/config.h`, which it writes as a copy of the amd64 one after
checking that it holds nothing else.  Passing `-I /usr/include/x86_64-linux-gnu`
to the cross compiler instead would also pull in amd64 glibc headers.
The aarch64 programs are also linked, statically, against Debian's arm64
liburcu (`liburcu-dev:arm64`, a multiarch package: `mk/packages.sh` adds
the arm64 architecture to dpkg for it), and run under `qemu-aarch64`
with their threads, with and without `consume=dependency`
(`clients/liburcu/consume_run.py`, `tests/test_liburcu_consume_run.py`,
`docs/consume.md`); that package's `urcu/config.h` is the amd64 text.
On x86_64 they are linked with `-lurcu -lurcu-cds` and run (below).

## Turning the plugin on in a liburcu program

```sh
make                                  # build/plugin/<target>/rcu_deref_plugin.so
aarch64-linux-gnu-gcc -O2 -D_LGPL_SOURCE -c reader.c \\
    -fplugin=$RCU_DEREF/build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so
# with -DURCU_DEREFERENCE_USE_VOLATILE, add:
#   -fplugin-arg-rcu_deref_plugin-read-once-heads
# to make each broken head a load-acquire (the warnings stay), add:
#   -fplugin-arg-rcu_deref_plugin-mode=fixup
```

`_LGPL_SOURCE` is what makes the heads visible: without it
`rcu_dereference()` is a library call and there is nothing to check.
Use the plugin built for the compiler that loads it (`gcc` for x86_64,
`aarch64-linux-gnu-gcc` for arm64).  In a Makefile:

```make
RCU_DEREF ?= /path/to/rcu-deref
RCU_DEREF_PLUGIN := $(RCU_DEREF)/build/plugin/$(shell $(CC) -dumpmachine)/rcu_deref_plugin.so
CPPFLAGS += -D_LGPL_SOURCE
CFLAGS   += -fplugin=$(RCU_DEREF_PLUGIN)
# CFLAGS += -fplugin-arg-rcu_deref_plugin-mode=fixup
LDLIBS   += -lurcu -lurcu-cds
```

With CMake:

```cmake
set(RCU_DEREF "/path/to/rcu-deref" CACHE PATH "rcu-deref checkout")
execute_process(COMMAND ${{CMAKE_C_COMPILER}} -dumpmachine
                OUTPUT_VARIABLE RCU_DEREF_TARGET OUTPUT_STRIP_TRAILING_WHITESPACE)
target_compile_definitions(reader PRIVATE _LGPL_SOURCE)
target_compile_options(reader PRIVATE
    -fplugin=${{RCU_DEREF}}/build/plugin/${{RCU_DEREF_TARGET}}/rcu_deref_plugin.so)
target_link_libraries(reader PRIVATE urcu urcu-cds)
```

The warnings are ordinary GCC warnings: `-Werror` stops the build on
them, `-fdiagnostics-format=json` reports them as JSON.
"""


LFHT_ARCHIVE = os.path.join(toolchain.ARM64_LIBDIR, "liburcu-cds.a")
LFHT_READERS = ("cds_lfht_lookup", "cds_lfht_first", "cds_lfht_next", "cds_lfht_next_duplicate")


def lfht_acquires():
    """{function: load-acquires} of the hash table's read functions in
    Debian's arm64 liburcu-cds.a, in LFHT_READERS order."""
    dump = subprocess.run([A64 + "-objdump", "-d", LFHT_ARCHIVE], capture_output=True,
                          text=True, check=True).stdout
    counts = dict.fromkeys(LFHT_READERS, 0)
    function = None
    for line in dump.splitlines():
        m = re.match(r"^[0-9a-f]+ <([\w.]+)>:$", line)
        if m:
            function = m.group(1)
        elif function in counts and re.search(r"\t(ldar|ldapr)[bh]?\s", line):
            counts[function] += 1
    return counts


def main():
    parser = argparse.ArgumentParser(prog="python3 -m clients.liburcu.report")
    parser.add_argument("--out", default=os.path.join(REPO, "docs", "liburcu.md"))
    args = parser.parse_args()
    toolchain.aarch64_include()
    facts, absent = header_facts()
    version = package_version()
    out = [INTRO.format(
        programs=", ".join("`%s`" % p for p in toolchain.PROGRAMS),
        version=version, a64=compiler_version(TARGETS[A64]),
        x86=compiler_version(TARGETS[X86]), multiarch=toolchain.MULTIARCH,
        plugin=plugin_version(),
        facts="\n".join(facts), absent="; ".join(absent),
        config_keys=", ".join("`%s`" % k for k in sorted(toolchain.CONFIG_KEYS)),
        lfht_archive=LFHT_ARCHIVE,
        lfht=", ".join("`%s` %d" % kv for kv in lfht_acquires().items()))]

    configs = ["consume", "volatile", "marked", "library"]
    results = {}
    for name in toolchain.PROGRAMS:
        for config in configs:
            if config == "marked" and name != "cache.c":
                continue
            results[name, config] = toolchain.compile_program(name, A64, config)
            results[name, config, "x86"] = toolchain.compile_program(name, X86, config)
            results[name, config, "fixup"] = toolchain.compile_program(
                name, A64, config, plugin_args=["mode=fixup"])

    out.append("## Summary (aarch64, -O2)\n")
    out.append("Counts from the plugin's `stats=` output: heads, chains (heads "
               "with a dependent access), dependent accesses, warnings "
               "(`broken_accesses`); then the warning lines on aarch64 and on "
               "x86_64, and fix-up mode (`mode=fixup`): the sites made "
               "load-acquire, or the error that stopped the compile.\n")
    out.append("| program | build | heads | chains | accesses | warnings | lines (aarch64) | lines (x86_64) | fix-up |")
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (key, res) in results.items():
        if len(key) != 2:
            continue
        name, config = key
        rc, diags, counts, asm, err = res
        x86 = results[name, config, "x86"]
        fx = results[name, config, "fixup"]
        lines = sorted({w[1] for w in warnings_of(diags)})
        xlines = sorted({w[1] for w in warnings_of(x86[1])})
        errors = warnings_of(fx[1], "error")
        if errors:
            fix = "**error** at " + ", ".join("%s:%d" % (f, l) for f, l, _, _ in errors)
        else:
            fix = "%d acquire: %s" % (fx[2].get("fixups", 0),
                                      ", ".join(fixup_notes(fx[1])) or "-")
        out.append("| `%s` | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            name, config, counts.get("heads"), counts.get("chains"),
            counts.get("accesses"), counts.get("broken_accesses"),
            ", ".join(map(str, lines)) or "-", ", ".join(map(str, xlines)) or "-", fix))
    out.append("")
    out.append("Builds: " + "; ".join("**%s**: %s" % (c, toolchain.CONFIGS[c]["what"])
                                      for c in configs) + ".\n")

    out.append("## Warnings\n")
    out.append("Every warning of the aarch64 builds (the x86_64 builds give the "
               "same lines except where the summary says otherwise), with the "
               "pass the plugin blames and how the source marks the line "
               "(`rcu:expect-warning`: a true warning by the rules and the "
               "assembly; `rcu:known-fp`: a plugin false positive).\n")
    out.append("| build | file:line | pass | warning | marked |")
    out.append("| --- | --- | --- | --- | --- |")
    for (key, res) in results.items():
        if len(key) != 2:
            continue
        name, config = key
        text = open(toolchain.source(name)).read()
        for f, line, msg, blamed in warnings_of(res[1]):
            mark = ("expect-warning" if line in sites.marked(text, config, "expect-warning")
                    else "known-fp" if line in sites.marked(text, config, "known-fp")
                    else "**unexpected**")
            out.append("| %s | `%s:%d` | %s | %s | %s |" % (config, f, line, blamed,
                                                        msg.replace("|", "\\|"), mark))
    out.append("")

    out.append("## Sites and their assembly\n")
    out.append("For each site (`site:NAME` comments in the sources): the head "
               "instructions and each access on the dependent lines in the "
               "aarch64 -O2 assembly of the consume and volatile builds (cache.c: "
               "marked and volatile), with `rcuderef/asmcheck`'s verdict "
               "(\"dep\": the address register derives from the head through "
               "data; \"flags only\"; \"NOT dep\"), then my own reading, "
               "and what the plugin said.  For cache.c the head lines hold the "
               "reload of the node pointer from the iterator after the library "
               "call, which stands for the library's load.\n")
    for name in toolchain.PROGRAMS:
        text = open(toolchain.source(name)).read()
        out.append("### `%s`\n" % name)
        first = "marked" if name == "cache.c" else "consume"
        warned = {c: {w[1] for w in warnings_of(results[name, c][1])}
                  for c in (first, "volatile")}
        misses = sites.marked(text, first, "expect-miss")
        out.append("| site | head line | dep lines | build | head instructions | accesses | asmcheck | my reading | plugin |")
        out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for config in (first, "volatile"):
            for site, heads, deps, hi, di, verdict, acq in site_rows(name, results[name, config][3]):
                mine = READING.get((name, site), ("?", ""))
                said = [d for d in deps if d in warned[config]]
                plugin = ("warned " + ", ".join(map(str, said)) if said else
                          "silent (known miss)" if set(deps) & misses and config == first
                          else "silent")
                out.append("| %s | %s | %s | %s | %s%s | %s | %s | **%s**: %s | %s |" % (
                    site, ", ".join(map(str, heads)), ", ".join(map(str, deps)), config,
                    hi, " (acquire)" if acq else "", di, verdict, mine[0],
                    mine[1] if config == first else "same as above", plugin))
        out.append("")

    partial = []
    out.append("## Fix-up mode\n")
    out.append("`-fplugin-arg-rcu_deref_plugin-mode=fixup`, aarch64: the "
               "`__rcu_deref_fixups` records of each object, and the heads of "
               "the warned sites in the fixed code.\n")
    for name in toolchain.PROGRAMS:
        for config in ("consume", "volatile", "marked"):
            if config == "marked" and name != "cache.c":
                continue
            fx = results[name, config, "fixup"]
            recs = fixup_records(name, config)
            if fx[0]:
                errs = warnings_of(fx[1], "error")
                out.append("- `%s` (%s): **compile error**: %s" % (
                    name, config, "; ".join("`%s:%d`: %s" % (f, l, m) for f, l, m, _ in errs)))
                continue
            out.append("- `%s` (%s): %s" % (name, config, ", ".join(
                "`%s`" % r for r in recs) if recs else "no fixed site"))
            text = open(toolchain.source(name)).read()
            warned = {w[1] for w in warnings_of(fx[1])}
            for site, heads, deps, hi, di, verdict, acq in site_rows(name, fx[3]):
                if set(deps) & warned:
                    out.append("  - site `%s`: heads after fix-up: %s%s" % (
                        site, hi, "" if acq else " (**not all acquire**)"))
                    if not acq:
                        partial.append("%s `%s` (%s)" % (name, site, config))
    out.append("")

    out.append("## The programs run (x86_64, linked with -lurcu -lurcu-cds)\n")
    out.append("A sanity check that the programs are correct RCU users: a "
               "reader thread checks every value it reads against what the updater "
               "publishes (x86_64 does not reorder loads, so this checks the "
               "programs, not the hazards).\n")
    for name in toolchain.PROGRAMS:
        out.append("- `%s` (consume build, plugin in warning mode): %s" % (
            name, run_host(name, "consume", "warn")))
        out.append("- `%s` (volatile build, plugin in fix-up mode): %s" % (
            name, run_host(name, "volatile", "fixup")))
    out.append("- `cache.c` (marked build, plugin in fix-up mode): %s" % run_host(
        "cache.c", "consume", "fixup", "-DCACHE_MARK_HEADS"))
    out.append("")

    out.append("## The examples shipped with liburcu-dev\n")
    out.append("`%s`, compiled for aarch64 with the plugin: heads / dependent "
               "accesses / warnings, as shipped (no `_LGPL_SOURCE`) and with "
               "`-D_LGPL_SOURCE`.\n" % EXAMPLES)
    out.append("| example | as shipped | `-D_LGPL_SOURCE` |")
    out.append("| --- | --- | --- |")
    out += examples()
    out.append("")

    out.append(FINDINGS.format(fixup=(
        "at the warned sites of the volatile builds every head load is now "
        "`LDAR`, including both loads of a list walk (the first `next` and "
        "the loop's increment).  With the plugin of commit 4d174d8 only the "
        "increment's load became `LDAR` (`repro/fixup_first_head.c`)"
        if not partial else
        "heads left plain at warned sites: " + ", ".join(partial) +
        "; a list walk's first `next` load stays `LDR` while the "
        "increment's becomes `LDAR` (`repro/fixup_first_head.c`)")))
    out.append("_Generated %s._\n" % datetime.date.today().isoformat())
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        f.write("\n".join(out))
    print("wrote", rel(args.out))


FINDINGS = """\
## Findings

- **Heads.** With `_LGPL_SOURCE` every `rcu_dereference()` of the list,
  hlist and pointer code is a consume load the plugin takes as a head; the
  list and hlist iterators give two heads per loop (the first `next` and
  the loop's increment).  Without `_LGPL_SOURCE`, as the shipped examples
  are built, there are none.  The hash table has no head in the caller at
  all (its load is in liburcu-cds.so); `lfht_head.h` marks the node read
  back from the iterator.
- **Real breaks in realistic code, reported**: a relational result
  choosing an interface (`ifaces[r->metric > LOCAL_METRIC]`, routes.c);
  comparing a hash table entry with the static wildcard entry (cache.c,
  marked build), which RTL's CSE breaks after GIMPLE on aarch64, also when
  the value is read before the comparison.  The verdict is the final code:
  on x86_64 the same two loads keep their dependency and are not reported.
- **Not reported, because the final code keeps the dependency**: GIMPLE's
  substitution after comparing an entry with the static default route
  (routes.c), which aarch64 -O2 RTL undoes (`repro/eq_rtl_restored.c`):
  the code is still fragile, but the machine code is ordered.
- **Real breaks not reported** (each marked `rcu:expect-miss`):
  `zones[cfg->zone % NR_ZONES]` with one zone (the C front end folds
  `% 1`; a documented limit).
- **Plugin false positives**: none in these programs.  The consume
  build of routes.c once reported the list walk's own `next` load
  (`repro/list_walk_merged_fp.c`, `repro/cse_merged_fp.c`); it builds in
  fix-up mode now, and a test keeps it so.
- **Fix-up mode**: {fixup}.
- **Safe rewrites**: compare keys or flags loaded through the entry, not
  the entry's address (cache.c `wildcard_safe`); keep a pointer in the
  entry rather than an index computed from it (config.c `zone_safe`,
  sessions.c `shard_safe`).  Reading through the pointer before the
  comparison (`default_safe`) held in routes.c, but in cache.c GCC sank
  the load into the branch and broke it (`wildcard_early`).
"""


if __name__ == "__main__":
    main()
