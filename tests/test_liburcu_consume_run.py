"""The liburcu clients' C11 consume build on aarch64, linked against
Debian's arm64 liburcu (liburcu-dev:arm64) and run under qemu-aarch64 with
their threads, without and with consume=dependency: each program's own
result check passes both ways (clients/liburcu/consume_run.py), and the
build that ran is the one consume_table counts (its stats line: the
consume loads decided and demoted).  x86-64 runs are in test_liburcu.py
and test_consume_run.py."""
import os
import shutil

import pytest

from clients.liburcu import consume_run, consume_table, toolchain
from rcuderef.compiler import QEMU_USER

A64 = consume_table.A64


def test_arm64_liburcu_installed():
    """mk/packages.sh installs liburcu-dev:arm64 (the arm64 architecture
    added to dpkg), and qemu-aarch64 is there to run what links to it.
    Its urcu/config.h is the amd64 text, as toolchain.aarch64_include()
    assumes for the headers it compiles with."""
    for archive in toolchain.ARM64_LIBS:
        with open(archive, "rb") as f:
            assert f.read(8) == b"!<arch>\n", archive
    assert shutil.which(QEMU_USER[A64])
    configs = [os.path.join(d, "urcu", "config.h")
               for d in ("/usr/include/aarch64-linux-gnu", toolchain.MULTIARCH)]
    texts = []
    for path in configs:
        with open(path) as f:
            texts.append(f.read())
    assert texts[0] == texts[1]


@pytest.mark.parametrize("name", toolchain.PROGRAMS)
def test_runs_under_qemu(name, tmp_path):
    loads, ldar0, ldar1, ldapr1, demoted, st = consume_table.row(name)
    for option in (False, True):
        res = consume_run.run(name, option, str(tmp_path))
        assert res["passed"], (option, res["output"])
        # The binary that ran is the code the table counts: without the
        # option no consume load is decided (GCC's LDARs), with it the
        # plugin decided and demoted those of the assembly.
        ran = res["stats"]
        if option:
            assert ran["consume_checked"] == loads == st["consume_checked"]
            assert ran["consume_demoted"] == st["consume_demoted"] == demoted
        else:
            assert ran["consume_checked"] == ran["consume_demoted"] == 0


def test_some_load_demoted():
    """At least one program runs with loads demoted: the option's runs are
    not all of GCC's code."""
    assert any(consume_table.row(n)[4] for n in toolchain.PROGRAMS)
