"""The QEMU command of each architecture's test kernel (qemu/harness/boot.py),
written here by hand: the machine, the console the kernel writes to, and
what every boot has (-smp 4, no NIC, no reboot)."""
import pytest

from qemu.harness import boot
from rcuderef import layout

EXPECTED = {
    "arm64": ["qemu-system-aarch64", "-machine", "virt", "-cpu", "cortex-a57"],
    "powerpc": ["qemu-system-ppc64", "-machine", "pseries", "-cpu", "POWER9", "-vga", "none"],
    "riscv": ["qemu-system-riscv64", "-machine", "virt", "-bios", "default"],
}
CONSOLE = {"arm64": "ttyAMA0", "powerpc": "hvc0", "riscv": "ttyS0"}


@pytest.mark.parametrize("karch", layout.KARCHS)
def test_qemu_command(karch):
    cmd = boot.qemu_command("IMAGE", "INITRD", append="x=1", karch=karch)
    assert cmd[:len(EXPECTED[karch])] == EXPECTED[karch]
    assert cmd[cmd.index("-smp") + 1] == "4"
    assert cmd[cmd.index("-kernel") + 1] == "IMAGE"
    assert cmd[cmd.index("-initrd") + 1] == "INITRD"
    assert {"-no-reboot", "-nographic"} <= set(cmd)
    assert cmd[cmd.index("-nic") + 1] == "none"
    assert cmd[-2:] == ["-append", "console=%s panic=-1 x=1" % CONSOLE[karch]]


def test_default_is_arm64():
    assert boot.qemu_command("I", "R")[0] == "qemu-system-aarch64"


def test_every_architecture_has_a_machine():
    assert sorted(boot.MACHINES) == sorted(layout.KARCHS)


def test_unknown_architecture_refused():
    with pytest.raises(layout.UnknownParameter, match="unknown KARCH=x86"):
        boot.qemu_command("I", "R", karch="x86")
