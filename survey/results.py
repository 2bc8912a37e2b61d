"""Read the survey's per-object results: statistics, diagnostics, failures.

A survey run leaves, for each compile that loaded the plugin, in its
diagnostics folder (see survey/cc-wrapper.sh):
  <object>.json   GCC's -fdiagnostics-format=json output (a JSON array)
  <object>.stats  the plugin's statistics line (-fplugin-arg-...-stats)
  <object>.rc     the exit status, only when the compile failed
"""
import dataclasses
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from rcuderef.diagnostics import PLUGIN_WARNINGS  # noqa: E402  the plugin's warning texts
from rcuderef.diagnostics import parse as _json_arrays  # noqa: E402  GCC's JSON lines

STAT_KEYS = ("functions", "heads", "chains", "accesses", "broken_accesses",
             "broken_heads", "fixups", "volatile_loads", "consume_loads")

_HEAD = re.compile(r"[‘'`]([^’']+)[’']")
_PASS = re.compile(r"\(broken by (.+)\)$")


@dataclasses.dataclass
class Warning:
    file: str           # relative to the kernel tree
    line: int
    col: int
    message: str
    head: str           # the primitive named in the message
    kind: str           # constant | lost | vanished | flags | unused
    blamed: str         # the pass named in the message, or ""
    head_at: str        # file:line of the "dependency head" note
    uses: str           # the object named by "the access now uses the address of"
    clone: str          # the "in 'f.isra', a clone of 'f'" note, if any
    objects: list       # the objects whose compile reported it

    @property
    def key(self):
        return "%s:%d" % (self.file, self.line)


def _rel(path, src):
    path = os.path.normpath(path)
    if src and path.startswith(src.rstrip("/") + "/"):
        return path[len(src.rstrip("/")) + 1:]
    return path


def _kind(message):
    if message.startswith("the value loaded by"):
        return "unused"
    if message.startswith("this access depends on"):
        return "flags"
    if "became a constant" in message:
        return "constant"
    if "lost its dependency" in message:
        return "lost"
    if "replaced by loads" in message:
        return "vanished"
    if "in the final code, no register" in message:
        return "final"
    if "based on an object's address" in message:
        return "object"
    if "from constants and the function's parameters" in message:
        return "params"
    if "values known before the loop" in message:
        return "loop"
    if "only through a comparison" in message:
        return "flags"
    return "other"


def parse_warning(diag, src):
    """A Warning from one JSON diagnostic of the plugin, or None."""
    msg = diag.get("message", "")
    if diag.get("kind") != "warning" or not msg.startswith(PLUGIN_WARNINGS):
        return None
    caret = diag["locations"][0]["caret"]
    head = _HEAD.search(msg)
    blamed = _PASS.search(msg)
    head_at = uses = clone = ""
    for c in diag.get("children", []):
        cm = c.get("message", "")
        if cm.startswith("dependency head:") and c.get("locations"):
            hc = c["locations"][0]["caret"]
            head_at = "%s:%d" % (_rel(hc["file"], src), hc["line"])
        elif cm.startswith("the access now uses the address of"):
            m = _HEAD.search(cm)
            uses = m.group(1) if m else cm
        elif "a clone of" in cm:
            clone = cm
    return Warning(file=_rel(caret["file"], src), line=caret["line"],
                   col=caret.get("column", 0), message=msg,
                   head=head.group(1) if head else "", kind=_kind(msg),
                   blamed=blamed.group(1) if blamed else "",
                   head_at=head_at, uses=uses, clone=clone, objects=[])


@dataclasses.dataclass
class Run:
    diag_dir: str
    stats: dict         # object -> statistics dict
    diags: dict         # object -> list of JSON diagnostics
    failed: dict        # object -> exit status
    compiled: set       # objects with a diagnostics file (plugin loaded)

    def totals(self, objects=None):
        t = dict.fromkeys(STAT_KEYS, 0)
        for obj, s in self.stats.items():
            if objects is None or obj in objects:
                for k in STAT_KEYS:
                    t[k] += s.get(k, 0)
        return t

    def warnings(self, src, objects=None):
        """The plugin's warnings, one per (file, line, column, message, head
        place), each with the objects that reported it, sorted by place."""
        seen = {}
        for obj in sorted(self.diags):
            if objects is not None and obj not in objects:
                continue
            for d in self.diags[obj]:
                w = parse_warning(d, src)
                if w is None:
                    continue
                k = (w.file, w.line, w.col, w.message, w.head_at)
                if k not in seen:
                    seen[k] = w
                if obj not in seen[k].objects:
                    seen[k].objects.append(obj)
        return [seen[k] for k in sorted(seen)]

    def other_diagnostics(self):
        """(object, kind, message) of the compiler's own warnings and errors."""
        out = []
        for obj, ds in sorted(self.diags.items()):
            for d in ds:
                if d.get("kind") in ("warning", "error", "fatal error",
                                     "internal compiler error") and \
                        not d.get("message", "").startswith(PLUGIN_WARNINGS):
                    out.append((obj, d["kind"], d.get("message", "")))
        return out


def load(diag_dir):
    """Everything a survey run left in diag_dir."""
    run = Run(diag_dir, {}, {}, {}, set())
    if not os.path.isdir(diag_dir):
        return run
    for root, _dirs, files in os.walk(diag_dir):
        for name in files:
            path = os.path.join(root, name)
            base, ext = os.path.splitext(name)
            obj = os.path.relpath(os.path.join(root, base), diag_dir)
            if obj.startswith(".tmp_"):
                continue    # kbuild's compiler probes (try-run)
            if ext == ".json":
                with open(path, errors="replace") as f:
                    text = f.read()
                try:
                    run.diags[obj] = _json_arrays(text)
                except ValueError:
                    # Not GCC's JSON (a crash): keep it as an error.
                    run.diags[obj] = [{"kind": "error", "message": text.strip()[:200]}]
                run.compiled.add(obj)
            elif ext == ".stats":
                with open(path) as f:
                    lines = [ln for ln in f.read().splitlines() if ln.strip()]
                if lines:
                    run.stats[obj] = json.loads(lines[-1])
            elif ext == ".rc":
                with open(path) as f:
                    run.failed[obj] = int(f.read().strip() or 1)
    return run


def top_dir(obj, depth=1):
    """The kernel directory an object belongs to, for the per-directory
    table: "net/core" for net/core/dev.o with depth 2."""
    parts = obj.split("/")[:-1]
    return "/".join(parts[:depth]) if parts else "."
