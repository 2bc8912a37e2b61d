"""Console logs recorded from real boots of the test kernels (tests/data/),
for the tests of the harness's parsers, as kunit_tool_test.py has them."""
import os

DATA = os.path.join(os.path.dirname(__file__), "data")


def read(name):
    with open(os.path.join(DATA, name)) as f:
        return f.read()
