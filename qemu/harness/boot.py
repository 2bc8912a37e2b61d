"""Boot a test kernel in QEMU (qemu-system-aarch64, -ppc64 or -riscv64, by
the kernel's architecture) and capture its console."""
import dataclasses
import subprocess

from rcuderef import layout


@dataclasses.dataclass(frozen=True)
class Machine:
    qemu: str           # the QEMU system emulator
    args: tuple         # its machine, CPU and firmware
    console: str        # the kernel's console= device


# One machine per architecture of the layout (layout.KARCHS).
MACHINES = {
    "arm64": Machine("qemu-system-aarch64", ("-machine", "virt", "-cpu", "cortex-a57"),
                     "ttyAMA0"),
    # pseries under SLOF, the firmware QEMU ships; POWER9 runs the POWER8
    # code GCC 12 generates by default for powerpc64le (the kernel's and
    # the static init's, whose glibc uses VSX).  No VGA: its option ROM
    # comes from a package installed only as a recommendation.
    "powerpc": Machine("qemu-system-ppc64", ("-machine", "pseries", "-cpu", "POWER9",
                                             "-vga", "none"),
                       "hvc0"),
    # virt under OpenSBI, QEMU's default firmware (-bios default).
    "riscv": Machine("qemu-system-riscv64", ("-machine", "virt", "-bios", "default"),
                     "ttyS0"),
}


@dataclasses.dataclass
class BootResult:
    log_path: str
    returncode: int     # None when the timeout killed QEMU
    timed_out: bool
    console: str


def machine(karch):
    return MACHINES[layout.check("KARCH", karch, layout.KARCHS)]


def qemu_command(image, initrd, smp=4, memory=512, append="", karch=layout.DEFAULT_KARCH):
    m = machine(karch)
    cmd = [m.qemu, *m.args,
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
