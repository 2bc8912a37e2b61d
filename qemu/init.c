// SPDX-License-Identifier: GPL-2.0
/*
 * Static init for the QEMU test kernel: say hello, show what the kernel
 * reported, and power the machine off.  The console log is parsed by
 * qemu/harness/console.py, which looks for the "rcu-deref-init:" lines.
 */
#include <stdio.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <unistd.h>

int main(void)
{
	printf("rcu-deref-init: started as pid %d\n", (int)getpid());
	if (mount("proc", "/proc", "proc", 0, NULL))
		perror("rcu-deref-init: mount /proc");
	if (mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL))
		perror("rcu-deref-init: mount debugfs");
	printf("rcu-deref-init: powering off\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	perror("rcu-deref-init: reboot");
	return 1;
}
