"""The plugin's recall on a survey's objects: how many of the dependencies
the source has are broken in the machine code, and how many of those the
plugin warned about.

    /usr/bin/python3 survey/recall.py run SURVEY_DIR --plugin P [-j N] [--depth D]
    /usr/bin/python3 survey/recall.py report SURVEY_DIR|ARCHIVE... [--depth D] [-o FILE]
    /usr/bin/python3 survey/recall.py archive SURVEY_DIR NAME.json.xz

run compiles each object of SURVEY_DIR (the objects of its
compile_commands.json that its warning-mode run, diag/, compiled with the
plugin) once more with its kbuild command (rcuderef.compile_commands
.rewrite, run in the command's directory, the kernel out tree) to assembly
(-S to a temporary file; the kernel config has debug info, so every
instruction carries its source line), with the plugin P in warning mode,
its JSON diagnostics and -fplugin-arg-rcu_deref_plugin-records=FILE:
warning mode changes no byte of the code, so this is the code the survey
built.  The records are the enumeration, taken from the source before any
optimization: each head the mark pass saw and the places of the dependent
accesses it recorded for it directly (plugin/rcu_deref_listing.c says
what they leave out).  For each set of heads (heads merged in one value
share a set) and each place of their accesses, rcuderef.asmcheck
.aarch64's Places checks the accesses at the place against the loads at
the heads' places, in every function holding such a load.  Each (set,
access place) is:

  intact     every access there derives from a head load, on every path
             (at a head's place, the head loads before which no register
             or stack slot holds a head's value are left out: the first
             head of a chain, a list walk's first pointer, whose address
             derives from no head by design, on the line of the next
             pointer's head, an access of the head before it; the table
             counts these intact verdicts apart too);
  broken     one does not (or only through the flags);
  vanished   only frame accesses there (the access was optimized away);
  unreached  no function holding a head load holds an access there (the
             access went with an inlined copy elsewhere, or was removed),
             or no head load is left at all (no_head);
  ambiguous  the places do not name the accesses alone, and the verdict
             is one they cannot decide.  Places are (file basename,
             line).  At an access place only the accesses of the set's
             directions (load, store) are looked at, but those the
             assembly's .loc columns give to accesses of the records
             that do not derive from the set (the head loads themselves
             on the heads' own line, a load beside a dependent one).  A
             head place that holds a head of another set too (several
             heads on one macro line) makes every load there a head,
             which can only hide a break: "broken" stays sure, "intact"
             is ambiguous.  An access place that may still hold accesses
             of the set's directions that do not derive from the set
             (the records' "others" or another set's accesses at a
             column of the set's, as in a macro, whose tokens all have
             the column of its use, or at a column the assembly does
             not have there; a record marked shared; a load at the
             column of a store of the others, which may be that store's
             read-modify-write, as a bitfield's, a load the records do
             not have) can only show a break that is not the set's:
             "intact" stays sure, "broken" is ambiguous.  So is an
             access the records mark object_arm: its base pointer is
             also a global object's address on a path without the head
             (a list walk that starts at a static element, as
             for_each_process()), which the checker, asking for a head
             on every path, calls broken.  So is a "broken"
             whose accesses are dependent on every path that passes a
             head load (Places.from_heads, the analysis started at the
             head loads: "joined"): the head's value meets at a join one
             the source never derived from it (a pointer from another
             lookup, a default value, another statement's cross-jumped
             access), which "on every path" calls broken.

A break is warned when a plugin warning (the survey's diag/OBJECT.json or
this compile's) is at the access place with one of the set's head places.

The results go to SURVEY_DIR/recall.json (objects already there are not
done again, but those that failed are: an interrupted run goes on), and
report prints, per directory, the heads, those with accesses, those with
an access checked (intact or broken), the access places checked, the
broken ones, of those warned and not warned, the other verdicts, and
lists each break not warned (object, function, head place, access place,
the functions where it is broken) for triage; run writes it to
SURVEY_DIR/recall.md too.
"""
import argparse
import concurrent.futures
import json
import lzma
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
from rcuderef import compile_commands, diagnostics  # noqa: E402
from rcuderef.asmcheck.aarch64 import Places, memory_kind  # noqa: E402
import report  # noqa: E402
import results  # noqa: E402

OUT = "recall.json"
REPORT = "recall.md"
RECORDS_ARG = "-fplugin-arg-rcu_deref_plugin-records="
VERDICTS = ("intact", "broken", "vanished", "unreached", "ambiguous")
CHECKED = ("intact", "broken")
COMPILE_TIMEOUT = 1200


def place(key):
    """(basename, line) of a "file:line" key."""
    name, _, line = key.rpartition(":")
    return os.path.basename(name), int(line)


def relative(key, src, directory):
    """A records "file:line" key with its file relative to the kernel tree
    src (or to the compile's directory, for generated files)."""
    name, _, line = key.rpartition(":")
    path = os.path.normpath(os.path.join(directory or "", name))
    for root in (src, directory):
        if root and path.startswith(root.rstrip("/") + "/"):
            path = path[len(root.rstrip("/")) + 1:]
            break
    return "%s:%s" % (path, line)


def load_units(path):
    """The records file's units, one JSON object per line."""
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def warned_pairs(diags):
    """{(access place, head place)} of the plugin's warnings among GCC's
    JSON diagnostics, each place a (basename, line)."""
    out = set()
    for d in diags:
        w = results.parse_warning(d, "")
        if w is not None and w.head_at:
            out.add(((os.path.basename(w.file), w.line), place(w.head_at)))
    return out


class Group:
    """The heads of one set in one unit, and their accesses by place."""

    def __init__(self, key):
        self.key = key
        self.heads = []         # the records' head entries
        self.access_kinds = {}  # (basename, line) -> {"load", "store"}
        self.sites = {}         # (basename, line) -> {(direction, column)}
        self.keys = {}          # (basename, line) -> the records' "file:line"
        self.shared = set()     # access places a record marks shared
        self.object_arm = set()  # ... or object_arm

    @property
    def head_places(self):
        return {place(h["head"]) for h in self.heads}


def direction(access):
    return "store" if access["store"] else "load"


def groups_of(unit):
    """The unit's head sets, in the order of their first head."""
    groups = {}
    for h in unit.get("heads", []):
        g = groups.setdefault(h.get("set", h["head"]), Group(h.get("set", h["head"])))
        g.heads.append(h)
        for a in h.get("accesses", []):
            p = place(a["place"])
            g.access_kinds.setdefault(p, set()).add(direction(a))
            g.sites.setdefault(p, set()).add((direction(a), a.get("column")))
            g.keys.setdefault(p, a["place"])
            if a.get("shared"):
                g.shared.add(p)
            if a.get("object_arm"):
                g.object_arm.add(p)
    return list(groups.values())


def foreign_accesses(unit, groups, group):
    """{(basename, line): {(direction, column)}} of the unit's accesses that
    do not derive from group: the others, and the accesses of the other sets."""
    out = {}
    for o in unit.get("others", []):
        out.setdefault(place(o["place"]), set()).add((direction(o), o.get("column")))
    for g in groups:
        if g is not group:
            for p, sites in g.sites.items():
                out.setdefault(p, set()).update(sites)
    return out


def place_verdict(res, kinds, exclude=frozenset(), first=frozenset()):
    """The verdict on a PlaceResult, only the accesses of the directions
    kinds counted, but those at a (direction, column) of exclude and the
    first heads (instruction indices), and the functions of the accesses
    that do not depend."""
    if not res.heads:
        return "no head", []
    found = [(insn, a) for insn, a in res.accesses
             if memory_kind(insn.mnemonic) in kinds
             and (memory_kind(insn.mnemonic), insn.column) not in exclude
             and not (insn.index in first and not a.dependent)]
    if not found:
        return "unreached", []
    real = [(insn, a) for insn, a in found if not a.stack]
    if not real:
        return "vanished", []
    lost = sorted({insn.function or "" for insn, a in real if not a.dependent})
    return ("broken" if lost else "intact"), lost


def place_sites(res, ours, others):
    """Which accesses at a place are the set's: (exclude, mixed).  An
    access of the assembly at a (direction, column) where the records
    have only accesses that do not derive from the set is not the set's
    (exclude).  mixed: the place may still hold accesses that are not
    the set's: the records put one at a column of the set's, or one the
    assembly has at no column of its records (GCC gave it another's), or
    a load at the column of a store that is not the set's (a bitfield's
    read-modify-write)."""
    exclude = others - ours
    seen = {(memory_kind(insn.mnemonic), insn.column) for insn, _ in res.accesses}
    kinds = {k for k, _ in ours}
    # A store that is not the set's may be a read-modify-write (a
    # bitfield's: GCC expands it at RTL with a load the records do not
    # have, at the store's column): a load there may not be the set's.
    rmw = {("load", c) for k, c in exclude if k == "store"} & seen
    mixed = (bool(ours & others) or any(k in kinds and (k, c) not in seen
                                        for k, c in exclude)
             or ("load" in kinds and bool(rmw)))
    return exclude, mixed


def decide(raw, head_shared, access_mixed, joined=False):
    """The verdict on a (set, access place) from the raw one and the
    ambiguities of its places (see the module's docstring)."""
    if raw == "no head":
        return "unreached"
    if raw == "intact" and head_shared:
        return "ambiguous"
    if raw == "broken" and (access_mixed or joined):
        return "ambiguous"
    return raw


def check_unit(places, unit, warned, src=None, directory=None):
    """(heads, entries) of one unit of records against the assembly
    (a Places): heads, one dict per head with its own access count and
    whether one of them was checked; entries, one per (set, access place)."""
    groups = groups_of(unit)
    head_owner = {}
    for g in groups:
        for p in g.head_places:
            head_owner.setdefault(p, set()).add(g.key)
    heads, entries = [], []
    for g in groups:
        hp = g.head_places
        head_shared = any(len(head_owner[p]) > 1 for p in hp)
        foreign = foreign_accesses(unit, groups, g)
        decided = set()
        for p in sorted(g.access_kinds, key=lambda x: (x[0], x[1])):
            kinds = g.access_kinds[p]
            res = places.check(sorted(hp), [p])
            exclude, mixed = place_sites(res, g.sites[p], foreign.get(p, set()))
            first = places.first_heads(sorted(hp)) if p in hp else set()
            raw, lost = place_verdict(res, kinds, exclude, first)
            first_left_out = raw != place_verdict(res, kinds, exclude)[0]
            mixed = mixed or p in g.shared or p in g.object_arm
            joined = raw == "broken" and places.from_heads(sorted(hp), [
                insn for insn, a in res.accesses
                if not a.dependent and not a.stack and insn.index not in first
                and memory_kind(insn.mnemonic) in kinds
                and (memory_kind(insn.mnemonic), insn.column) not in exclude])
            verdict = decide(raw, head_shared, mixed, joined)
            if verdict in CHECKED:
                decided.add(p)
            entries.append(dict(
                function=",".join(sorted({h["function"] for h in g.heads})),
                heads=sorted(relative(h["head"], src, directory) for h in g.heads),
                access=relative(g.keys[p], src, directory),
                kinds=sorted(kinds), raw=raw, verdict=verdict,
                head_shared=head_shared, access_mixed=mixed, joined=joined,
                object_arm=p in g.object_arm, first_heads_left_out=first_left_out,
                no_head=raw == "no head", lost_in=lost,
                warned=any((p, h) in warned for h in hp)))
        for h in g.heads:
            own = {place(a["place"]) for a in h.get("accesses", [])}
            heads.append(dict(function=h["function"],
                              head=relative(h["head"], src, directory),
                              accesses=len(own), checked=bool(own & decided)))
    return heads, entries


def check_assembly(asm_text, units, warned, src=None, directory=None):
    """check_unit() on every unit of one compile: (heads, entries)."""
    places = Places(asm_text)
    heads, entries = [], []
    for unit in units:
        h, e = check_unit(places, unit, warned, src, directory)
        heads += h
        entries += e
    return heads, entries


def compile_with_records(argv, directory, plugin, timeout=COMPILE_TIMEOUT):
    """Compile once (argv: a compile command, its -o and -c already gone)
    to assembly with the plugin and its records: (assembly text, units,
    JSON diagnostics).  RuntimeError if the compile fails."""
    with tempfile.TemporaryDirectory(prefix="recall-") as tmp:
        asm, rec = os.path.join(tmp, "out.s"), os.path.join(tmp, "records.jsonl")
        cmd = compile_commands.rewrite(argv, plugin=plugin)
        if not any(a.startswith("-fplugin=") for a in cmd):
            cmd.append("-fplugin=" + plugin)
        cmd += [RECORDS_ARG + rec, "-fdiagnostics-format=json", "-S", "-o", asm]
        r = subprocess.run(cmd, cwd=directory, capture_output=True, text=True,
                           timeout=timeout)
        if r.returncode != 0:
            raise RuntimeError("exit %d: %s" % (r.returncode, r.stderr.strip()[-400:]))
        with open(asm) as f:
            text = f.read()
        units = load_units(rec) if os.path.exists(rec) else []
    return text, units, diagnostics.parse(r.stderr)


def check_object(obj, argv, directory, plugin, survey_diags, src=None):
    """The recall entry of one object (a dict; "error" set if it failed)."""
    try:
        argv = compile_commands.rewrite(argv, cc=compile_commands.KERNEL_CC,
                                        plugin=plugin)
        asm, units, diags = compile_with_records(argv, directory, plugin)
        warned = warned_pairs(survey_diags) | warned_pairs(diags)
        heads, entries = check_assembly(asm, units, warned, src, directory)
    except (RuntimeError, OSError, ValueError, subprocess.TimeoutExpired) as e:
        return dict(object=obj, error=str(e)[:500], heads=[], entries=[])
    for e in entries:
        e["object"] = obj
    return dict(object=obj, error="", units=len(units), heads=heads, entries=entries)


def survey_objects(survey):
    """({object: (argv, directory)}, the warning-mode run): the objects of
    compile_commands.json that the survey's warning-mode run (diag/)
    compiled with the plugin, and that run (results.Run)."""
    run = results.load(os.path.join(survey, "diag"))
    out = {}
    for e in compile_commands.load(survey):
        argv = e["argv"]
        if "-o" not in argv:
            continue
        # kbuild names virt/kvm's objects arch/arm64/kvm/../../../virt/kvm/...;
        # the diagnostics' folder has them where the path leads.
        obj = os.path.normpath(argv[argv.index("-o") + 1])
        if obj in run.compiled:
            out[obj] = (argv, e["directory"])
    return out, run


def load(survey):
    """SURVEY_DIR/recall.json ({"objects": {object: entry}}), or an empty
    one; survey may also be a slice's archived recall (NAME.json.xz)."""
    if survey.endswith(".json.xz"):
        with lzma.open(survey, "rt") as f:
            return json.load(f)
    try:
        with open(os.path.join(survey, OUT)) as f:
            return json.load(f)
    except FileNotFoundError:
        return {"objects": {}}


def merge(paths):
    """One recall of several surveys or slices (their objects differ)."""
    data = {"objects": {}}
    for path in paths:
        data["objects"].update(load(path)["objects"])
    return data


def archive(survey, path):
    """Keep a slice's recall.json as path (NAME.json.xz): the slice's folder
    is scratch, the archives add up to the whole build's recall."""
    with lzma.open(path + ".tmp", "wt", preset=9) as f:
        json.dump(load(survey), f, indent=0, sort_keys=True)
    os.replace(path + ".tmp", path)


def save(survey, data):
    path = os.path.join(survey, OUT)
    with open(path + ".tmp", "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
    os.replace(path + ".tmp", path)


def run(survey, plugin, jobs=1, only=None, log=print):
    """Check every object of the survey not in recall.json yet; save after each."""
    data = load(survey)
    objects, diag_run = survey_objects(survey)
    src = report.source_root(survey)
    if os.path.basename(plugin) != compile_commands.PLUGIN_FILE:
        raise SystemExit("recall: the plugin must be a file named %s (its options "
                         "are named after it): %s" % (compile_commands.PLUGIN_FILE, plugin))
    todo = [o for o in sorted(objects)
            if (o not in data["objects"] or data["objects"][o].get("error"))
            and (only is None or o in only)]
    log("recall: %d objects, %d done, %d to do" % (
        len(objects), len(data["objects"]), len(todo)))
    with concurrent.futures.ProcessPoolExecutor(max(1, jobs)) as pool:
        jobs_ = {pool.submit(check_object, o, objects[o][0], objects[o][1], plugin,
                             diag_run.diags.get(o, []), src): o for o in todo}
        for n, job in enumerate(concurrent.futures.as_completed(jobs_), 1):
            entry = job.result()
            data["objects"][entry["object"]] = entry
            save(survey, data)
            log("recall: [%d/%d] %s: %s" % (
                n, len(todo), entry["object"],
                entry["error"] or "%d heads, %d places" % (
                    len(entry["heads"]), len(entry["entries"]))))
    return data


def summarize(data, depth=1):
    """{directory: counts} over the objects of recall.json data, and the
    breaks not warned (entries), sorted."""
    rows, unwarned = {}, []
    for obj, o in sorted(data["objects"].items()):
        r = rows.setdefault(results.top_dir(obj, depth), dict(
            objects=0, errors=0, heads=0, heads_with_accesses=0, heads_checked=0,
            places=0, checked=0, warned=0, not_warned=0, first_heads=0,
            **{v: 0 for v in VERDICTS}))
        r["objects"] += 1
        r["errors"] += bool(o.get("error"))
        for h in o.get("heads", []):
            r["heads"] += 1
            r["heads_with_accesses"] += h["accesses"] > 0
            r["heads_checked"] += bool(h["checked"])
        for e in o.get("entries", []):
            r["places"] += 1
            r[e["verdict"]] += 1
            r["checked"] += e["verdict"] in CHECKED
            r["first_heads"] += e["verdict"] == "intact" and e.get("first_heads_left_out", False)
            if e["verdict"] != "broken":
                continue
            if e["warned"]:
                r["warned"] += 1
            else:
                r["not_warned"] += 1
                unwarned.append(e)
    return rows, sorted(unwarned, key=lambda e: (e["object"], e["access"]))


COLUMNS = (("heads", "heads"), ("heads_with_accesses", "with accesses"),
           ("heads_checked", "with accesses checked"), ("checked", "accesses checked"),
           ("broken", "broken in the machine code"), ("warned", "of those warned"),
           ("not_warned", "not warned"), ("vanished", "vanished"),
           ("unreached", "unreached"), ("ambiguous", "ambiguous"),
           ("first_heads", "intact with a first head left out"),
           ("errors", "failed compiles"))


def markdown(data, depth=1):
    """The per-directory table and the list of breaks not warned."""
    rows, unwarned = summarize(data, depth)
    total = {k: sum(r[k] for r in rows.values()) for k, _ in COLUMNS}
    out = ["| directory | objects | " + " | ".join(t for _, t in COLUMNS) + " |",
           "| --- " * (len(COLUMNS) + 2) + "|"]
    for d, r in sorted(rows.items()):
        out.append("| %s | %d | " % (d, r["objects"]) +
                   " | ".join(str(r[k]) for k, _ in COLUMNS) + " |")
    out.append("| total | %d | " % sum(r["objects"] for r in rows.values()) +
               " | ".join(str(total[k]) for k, _ in COLUMNS) + " |")
    out += ["", "Breaks in the machine code the plugin did not warn about: %d"
            % len(unwarned)]
    if unwarned:
        out += ["", "| object | function | head | access | in |", "| --- " * 5 + "|"]
        for e in unwarned:
            out.append("| %s | %s | %s | %s | %s |" % (
                e["object"], e["function"], ", ".join(e["heads"]), e["access"],
                ", ".join(e["lost_in"])))
    errors = sorted((o, v["error"]) for o, v in data["objects"].items() if v.get("error"))
    if errors:
        out += ["", "Failed compiles:", ""] + ["- %s: %s" % e for e in errors]
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("survey")
    r.add_argument("--plugin", required=True)
    r.add_argument("-j", type=int, default=1)
    r.add_argument("--depth", type=int, default=1)
    r.add_argument("--object", action="append", help="only these objects")
    p = sub.add_parser("report")
    p.add_argument("survey", nargs="+", help="survey folders or archived recalls (.json.xz)")
    p.add_argument("--depth", type=int, default=1)
    p.add_argument("-o", help="write the report to this file too")
    a = sub.add_parser("archive")
    a.add_argument("survey")
    a.add_argument("path", help="the archive to write (NAME.json.xz)")
    opts = ap.parse_args()
    if opts.cmd == "archive":
        archive(os.path.abspath(opts.survey), opts.path)
        return
    if opts.cmd == "run":
        survey = os.path.abspath(opts.survey)
        data = run(survey, os.path.abspath(opts.plugin), opts.j,
                   set(opts.object) if opts.object else None)
        out = os.path.join(survey, REPORT)
    else:
        data = merge([os.path.abspath(s) for s in opts.survey])
        out = opts.o
    text = markdown(data, opts.depth)
    if out:
        with open(out, "w") as f:
            f.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
