"""tests/corpus/INDEX.md against the corpus and the assembly checker.

INDEX.md gives, for every case, its kind and the truth read by hand from
the aarch64 assembly at each level.  These tests check that the table
lists exactly the corpus files, that its counts are right, and that each
cell agrees with rcuderef/asmcheck (through corpus.truth()).
"""
import functools
import os
import re

import pytest

from tests import corpus
from rcuderef.asmcheck import aarch64 as asmcheck

INDEX = os.path.join(corpus.CORPUS, "INDEX.md")
CASES = corpus.cases()


def table_rows(text):
    """The case table as a list of dicts keyed by the header's names."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.startswith("| case file |"))
    header = [c.strip() for c in lines[start].strip("|").split(" | ")]
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        assert len(cells) == len(header), line
        rows.append(dict(zip(header, cells)))
    return rows


@functools.lru_cache(maxsize=None)
def index_rows():
    with open(INDEX) as f:
        text = f.read()
    return {row["case file"].strip("`"): row for row in table_rows(text)}


def dep_lines(case):
    with open(corpus.case_path(case)) as f:
        return asmcheck.annotations(f.read())[1]


def cell_truth(cell, deps):
    """Broken dep lines written in a cell: 'intact', 'broken' (every dep
    line) or 'broken: N, M'; text from ' (' on is a comment."""
    verdict = cell.replace("*", "").split(" (")[0].strip()
    if verdict == "intact":
        return set()
    if verdict == "broken":
        return set(deps)
    m = re.fullmatch(r"broken: (\d+(?:, \d+)*)", verdict)
    assert m, "unreadable cell %r" % cell
    return {int(n) for n in m.group(1).split(", ")}


@functools.lru_cache(maxsize=None)
def truth(case, opt):
    return frozenset(corpus.truth(case, opt))


def test_cell_reader():
    deps = {20, 22}
    assert cell_truth("intact", deps) == set()
    assert cell_truth("**intact** (GCC keeps it)", deps) == set()
    assert cell_truth("broken (flags only)", deps) == {20, 22}
    assert cell_truth("broken: 22 (line 20 intact)", deps) == {22}
    with pytest.raises(AssertionError):
        cell_truth("= -O2", deps)


def test_index_lists_every_case_once():
    with open(INDEX) as f:
        names = [r["case file"].strip("`") for r in table_rows(f.read())]
    assert sorted(names) == CASES


def test_index_kinds_and_counterparts():
    rows = index_rows()
    for case, row in rows.items():
        kind = "hazard" if case.endswith("_hazard.c") else "safe"
        assert row["kind"] == kind, case
        counterpart = row["counterpart"].split()[0].strip("`")
        if counterpart.endswith(".c"):
            assert counterpart in rows, case
    for case in rows:
        if case.endswith("_hazard.c"):
            assert case.replace("_hazard.c", "_safe.c") in rows, case


def test_index_counts():
    with open(INDEX) as f:
        text = f.read()
    rows = index_rows()
    hazards = sum(1 for r in rows.values() if r["kind"] == "hazard")
    safe = sum(1 for r in rows.values() if r["kind"] == "safe")
    m = re.search(r"(\d+) files: (\d+) hazards, .*?, so (\d+) safe cases",
                  text, re.S)
    assert m, "no count line in INDEX.md"
    assert [int(n) for n in m.groups()] == [len(rows), hazards, safe]


@pytest.mark.parametrize("opt", corpus.LEVELS)
@pytest.mark.parametrize("case", CASES)
def test_index_truth_matches_checker(case, opt):
    row = index_rows()[case]
    expected = cell_truth(row[opt], dep_lines(case))
    assert set(truth(case, opt)) == expected, row[opt]
