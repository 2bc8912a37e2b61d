"""Boot a kernel in qemu-system-aarch64 and capture its console."""
import dataclasses
import subprocess

QEMU = "qemu-system-aarch64"


@dataclasses.dataclass
class BootResult:
    log_path: str
    returncode: int     # None when the timeout killed QEMU
    timed_out: bool
    console: str


def qemu_command(image, initrd, smp=4, memory=512, append=""):
    cmd = [QEMU, "-machine", "virt", "-cpu", "cortex-a57",
           "-smp", str(smp), "-m", str(memory),
           "-nographic", "-no-reboot", "-monitor", "none",
           # No network: the default NIC's option ROM comes from ipxe-qemu,
           # a package installed only as a recommendation.
           "-nic", "none",
           "-serial", "stdio",
           "-kernel", image, "-initrd", initrd]
    cmdline = ("console=ttyAMA0 panic=-1 " + append).strip()
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
