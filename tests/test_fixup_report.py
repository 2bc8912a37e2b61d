"""The fix-up report parser (qemu/harness/fixups.py), on a recorded boot
log of the fix-up-mode test kernel (tests/data/console-fixup.log) and on
the notes of a recorded build."""

from qemu.harness import console, fixups, ktap, torture
from tests.recorded import read

SRC = "/work/main/build/kernel/src"     # where the recorded kernel was built
KUNIT = "lib/rcu_deref_kunit.c"


def test_recorded_report():
    rep = fixups.parse(read("console-fixup.log"), SRC)
    assert rep.summary == (2, 2, 0)
    assert rep.complete and not rep.absent and rep.malformed == []
    assert rep.sites == [
        fixups.Site(KUNIT, 59, "read_relational_hazard", "acquire"),
        fixups.Site(KUNIT, 39, "read_eq_subst_hazard", "acquire"),
    ]
    assert rep.counts == rep.summary
    assert fixups.summary(rep) == \
        "2 site(s) protected (2 load-acquire, 0 fence), debugfs lists 2"


def test_paths_kept_without_src():
    rep = fixups.parse(read("console-fixup.log"))
    assert rep.sites[0].file == SRC + "/" + KUNIT


def test_truncated_listing_is_incomplete():
    """A boot that stops in the middle of the list (no end marker)."""
    text = read("console-fixup.log")
    text = text[:text.index("rcu-deref-fixup: " + SRC + "/" + KUNIT + ":39")]
    rep = fixups.parse(text, SRC)
    assert len(rep.sites) == 1 and not rep.complete
    assert fixups.summary(rep).endswith("(does not match)")


def test_warning_mode_has_no_report():
    rep = fixups.parse(read("console-rcutorture.log"))
    assert rep.summary is None and rep.listing is None and rep.absent
    assert fixups.summary(rep) == "no fix-up summary at boot"


def test_parse_site():
    assert fixups.parse_site("/k/src/mm/x.c:12: get_thing: fence", "/k/src") == \
        fixups.Site("mm/x.c", 12, "get_thing", "fence")
    assert fixups.parse_site("lib/y.c:3: f: acquire") == fixups.Site("lib/y.c", 3, "f", "acquire")
    for bad in ("lib/y.c:3: f: release", "lib/y.c: f: acquire", "lib/y.c:3: f acquire", ""):
        assert fixups.parse_site(bad) is None


BUILD_ERR = """\
/work/main/build/kernel/src/lib/rcu_deref_kunit.c: In function \u2018read_eq_subst_hazard\u2019:
/work/main/build/kernel/src/lib/rcu_deref_kunit.c:42:25: warning: this access no longer depends on the value loaded by \u2018rcu_dereference\u2019: its address became a constant (broken by evrp)
   42 |                 return p->a; /* rcu_deref: expect-warning */
      |                        ~^~~
/work/main/build/kernel/src/lib/rcu_deref_kunit.c:39:35: note: fix-up: a load-acquire now performs the load of \u2018rcu_dereference\u2019 in \u2018read_eq_subst_hazard\u2019
/work/main/build/kernel/src/mm/z.c:7:3: note: fix-up: an acquire fence now follows the load of \u2018rcu_dereference\u2019 in \u2018caller\u2019
/work/main/build/kernel/src/mm/z.c:9:3: note: dependency head: \u2018rcu_dereference\u2019 loads the value here
"""


def test_build_sites():
    """The sites named by "fix-up:" notes, lines from a recorded build.err
    (and a made-up fence note in the plugin's wording)."""
    assert fixups.build_sites(BUILD_ERR, SRC) == [
        fixups.Site(KUNIT, 39, "read_eq_subst_hazard", "acquire"),
        fixups.Site("mm/z.c", 7, "caller", "fence"),
    ]


SRC_6_12 = "/work/wt-k612/build/kernel/6.12/src"   # where the 6.12 one was built


def test_recorded_report_6_12():
    """The fix-up-mode test kernel of Linux 6.12 (tests/data/console-fixup-6.12.log):
    the heads of the two hazard readers, lines 39 and 59 of the self-test."""
    rep = fixups.parse(read("console-fixup-6.12.log"), SRC_6_12)
    assert rep.summary == (2, 2, 0)
    assert rep.complete and not rep.absent and rep.malformed == []
    assert rep.sites == [
        fixups.Site(KUNIT, 59, "read_relational_hazard", "acquire"),
        fixups.Site(KUNIT, 39, "read_eq_subst_hazard", "acquire"),
    ]
    assert rep.counts == rep.summary


def test_recorded_fixup_boot_6_12():
    """The rest of that boot: clean, every KUnit case ok (with the check of
    the report), rcutorture's bounded run a success."""
    text = read("console-fixup-6.12.log")
    con = console.parse(text)
    assert con.version == "6.12.118+" and con.clean
    assert con.init_lines[-1] == "waiting for rcutorture to power off (shutdown_secs=12)"
    suite = ktap.parse(text).find("rcu_deref")
    assert suite.ok and suite.plan == 5
    assert [(t.name, t.ok) for t in suite.subtests] == [
        ("rcu_deref_eq_subst_hazard", True),
        ("rcu_deref_eq_subst_safe", True),
        ("rcu_deref_relational_hazard", True),
        ("rcu_deref_relational_safe", True),
        ("rcu_deref_fixup_report", True),
    ]
    t = torture.parse(text)
    assert t.end == "SUCCESS" and t.errors == [] and t.ok
    assert len(t.pipes) == 4 and t.pipes[-1] == [882807, 84, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert t.versions == 111
