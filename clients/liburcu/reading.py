"""My reading of the aarch64 -O2 assembly of each site (GCC 12.2).

Written by reading the instructions the report lists for each site, not
from the plugin's output.  Each entry: (verdict, why).  "broken" means the
dependent access does not use a register computed from the head's value;
in the consume build every head is an LDAR (GCC emits memory_order_consume
as acquire), so there a broken dependency is covered by the acquire; in
the volatile build the heads are plain LDRs and a broken dependency is a
real reordering hazard on arm64.  test_liburcu.py checks that
rcuderef/asmcheck reaches the same verdicts.
"""

READING = {
    ("routes.c", "walk"): (
        "intact",
        "the loop's loads (`ldar`/`ldr` of `next`) feed `sub x1, x1, #24`, "
        "and `ldp w4, w2, [x1]` (prefix, mask) and `ldr w0, [x1, 8]` "
        "(gateway) address through x1"),
    ("routes.c", "default"): (
        "intact",
        "GIMPLE reads `default_route.gateway` in the `r == &default_route` "
        "branch (evrp), but RTL's cse1, knowing the two registers equal, "
        "addresses through r's register: `ldr w0, [x1, 8]` with x1 the "
        "entry; even `default_hits` is then addressed from x1.  Intact by "
        "luck of register choice (see repro/eq_rtl_restored.c): the code "
        "is still fragile, so the warning is worth acting on"),
    ("routes.c", "tier"): (
        "broken",
        "`ldr w0, [x1, 12]` (metric) depends on the entry, but the MTU load "
        "`ldr w0, [x1, x0]` uses x1 = `&ifaces` from `adrp`/`add` and "
        "x0 from `cmp w0, 10; cset x0, hi`: the head reaches the address "
        "only through the flags"),
    ("routes.c", "ifindex"): (
        "intact",
        "`ldr w0, [x1, 16]` loads ifindex through the entry; `and` + "
        "`ldr w0, [x1, x0]` indexes `ifaces` with that loaded value: an "
        "address dependency through data"),
    ("routes.c", "default_safe"): (
        "intact",
        "`ldr w0, [x1, 8]` reads the gateway through the entry before the "
        "comparison, and the comparison only chooses what to do with it"),
    ("config.c", "chain"): (
        "intact",
        "`ldr x0, [x1, 8]` (cfg->limits) through the head's register, then "
        "`ldr w0, [x0]` through the loaded pointer: a chain of pointers"),
    ("config.c", "zone"): (
        "intact",
        "`ldr w0, [x0, 4]` (cfg->zone), `add x1, x1, x0, lsl 4`, then the "
        "zone's loads through x1: GCC 12 does not assume that the index "
        "into the one-element array is 0"),
    ("config.c", "zone_mod"): (
        "broken",
        "the zone's loads are `ldr x3, [x1, 8]` and `ldr w0, [x1, 16]` with "
        "x1 the section anchor: `% NR_ZONES` is `% 1`, folded to 0 by the "
        "C front end, and nothing computed from the head is used"),
    ("config.c", "zone_safe"): (
        "intact",
        "`ldr x0, [x0, 16]` (cfg->zone_ptr) through the head, then both "
        "zone loads through x0"),
    ("sessions.c", "bytes"): (
        "intact",
        "`ldr x2, [x1, -24]` (id) and `ldr x0, [x1, 8]` (bytes) through the "
        "node pointer loaded by the walk"),
    ("sessions.c", "shard"): (
        "broken",
        "`ldr x0, [x3, 512]` and `ldr w2, [x3, 520]`: x3 is the section "
        "anchor (`buckets` + 512 = `shards[0]`); shard_of()'s mask is 0 "
        "once inlined and the session's id is not used"),
    ("sessions.c", "addr"): (
        "broken",
        "the same two anchor-relative loads as `shard`: the address hash "
        "is masked with 0 once shard_by_addr() is inlined"),
    ("sessions.c", "shard_safe"): (
        "intact",
        "`ldr x0, [x2, 16]` (s->shard) through the entry, then "
        "`ldr x0, [x0]` and `ldr w2, [x0, 8]` through the loaded pointer"),
    ("sessions.c", "cached"): (
        "intact",
        "`ldr x0, [x1, 8]` through the entry: GCC did not substitute the "
        "thread's `last_seen` pointer for s after `s == last_seen`"),
    ("cache.c", "find"): (
        "intact",
        "after `bl cds_lfht_lookup`, `ldr x0, [sp, 48]` reloads iter.node "
        "and `ldr x1, [x0, -24]` reads the value through it (the real "
        "head is the library's load, see the text)"),
    ("cache.c", "wildcard"): (
        "broken",
        "GIMPLE keeps `MEM[node - 32].fallback`, but RTL's CSE uses "
        "`e == &wildcard` and emits `ldr x0, [x19, 32]` with x19 the "
        "section anchor: a break made after GIMPLE"),
    ("cache.c", "wildcard_early"): (
        "broken",
        "the load of e->fallback is sunk into the `e == &wildcard` branch "
        "(its only use) and then addressed from the anchor, "
        "`ldr x0, [x19, 32]`, exactly as in `wildcard`"),
    ("cache.c", "wildcard_safe"): (
        "intact",
        "the wildcard is recognised by `ldr x1, [x0, -32]` (its key, "
        "through the node) and its fallback is read with "
        "`ldr x0, [x0, 24]`, through the node too"),
    ("cache.c", "walk"): (
        "intact",
        "after each `bl cds_lfht_first`/`cds_lfht_next`, `ldr x1, "
        "[sp, 48]` reloads the node; `ldr x2, [x1, -32]` and `ldp x3, x4, "
        "[x3, 8]` (x3 = x1 - 32) read key, value and version through it"),
}
