"""Boot a test kernel in QEMU and capture its console.

One machine per kernel architecture (the layout's KARCH), each with four
CPUs and a console on QEMU's standard output:

- arm64: qemu-system-aarch64 -machine virt, Cortex-A57, PL011 (ttyAMA0),
  powered off through PSCI;
- powerpc: qemu-system-ppc64 -machine pseries (SLOF loads vmlinux), the
  hypervisor's console (hvc0), powered off through RTAS;
- riscv: qemu-system-riscv64 -machine virt (QEMU's OpenSBI, else Debian's
  opensbi package), its 16550 UART (ttyS0), powered off through SBI's
  system reset.
"""
import dataclasses
import os
import subprocess


@dataclasses.dataclass(frozen=True)
class Machine:
    qemu: str
    args: tuple         # the machine and CPU options
    console: str        # the kernel's console device


# QEMU's pseries machine asks for Spectre mitigations that TCG cannot give
# unless told they are off.
_PSERIES = "pseries,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off"

MACHINES = {
    "arm64": Machine("qemu-system-aarch64", ("-machine", "virt", "-cpu", "cortex-a57"),
                     "ttyAMA0"),
    # No VGA: its option ROM comes from a recommended package.
    "powerpc": Machine("qemu-system-ppc64", ("-machine", _PSERIES, "-vga", "none"), "hvc0"),
    "riscv": Machine("qemu-system-riscv64", ("-machine", "virt"), "ttyS0"),
}

# Debian's opensbi package, when QEMU does not bundle the firmware.
OPENSBI = ("/usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin",
           "/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin")


def firmware(karch):
    """The -bios option of the machine, if it needs one."""
    if karch != "riscv":
        return []
    for path in OPENSBI:
        if os.path.exists(path):
            return ["-bios", path]
    raise FileNotFoundError("no OpenSBI firmware for qemu-system-riscv64: "
                            "install Debian's opensbi package")


@dataclasses.dataclass
class BootResult:
    log_path: str
    returncode: int     # None when the timeout killed QEMU
    timed_out: bool
    console: str


def qemu_command(image, initrd, smp=4, memory=512, append="", karch="arm64"):
    m = MACHINES[karch]
    cmd = [m.qemu, *m.args, *firmware(karch),
           "-smp", str(smp), "-m", str(memory),
           "-nographic", "-no-reboot", "-monitor", "none",
           # No network: the default NIC's option ROM comes from ipxe-qemu,
           # a package installed only as a recommendation.
           "-nic", "none",
           "-serial", "stdio",
           "-kernel", image, "-initrd", initrd]
    cmdline = ("console=%s panic=-1 %s" % (m.console, append)).strip()
    return cmd + ["-append", cmdline]


def boot(image, initrd, log_path, timeout=120, **kw):
    """Boot, write the console to log_path, and return a BootResult.

    The kernel is started with panic=-1 and QEMU with -no-reboot, so a
    panic ends QEMU as a power-off does; the console log tells them apart.
    """
    cmd = qemu_command(image, initrd, **kw)
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT)
        try:
            rc = proc.wait(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            rc, timed_out = None, True
    with open(log_path, "rb") as log:
        console = log.read().decode("utf-8", "replace")
    return BootResult(log_path, rc, timed_out, console)
