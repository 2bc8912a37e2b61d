// SPDX-License-Identifier: GPL-2.0
/*
 * Static init for the QEMU test kernel: say hello, show what the kernel
 * reported, and power the machine off.  The console log is parsed by
 * qemu/harness/console.py, which looks for the "rcu-deref-init:" lines,
 * and qemu/harness/fixups.py, which reads the fix-up report: the lines
 * of /sys/kernel/debug/rcu_deref/fixups, each printed as
 * "rcu-deref-fixup: <site>" between a begin and an end marker.
 *
 * When the kernel command line bounds an rcutorture run
 * (rcutorture.shutdown_secs=N), rcutorture powers the machine off after N
 * seconds, once it has printed its results: init waits for that, and
 * powers off itself only if that does not happen within a minute more.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <unistd.h>

#define FIXUPS "/sys/kernel/debug/rcu_deref/fixups"
#define SHUTDOWN_SECS "rcutorture.shutdown_secs="

/* rcutorture.shutdown_secs from the kernel command line, or 0. */
static int torture_shutdown_secs(void)
{
	char cmdline[4096];
	const char *p;
	size_t n;
	FILE *f = fopen("/proc/cmdline", "r");

	if (!f)
		return 0;
	n = fread(cmdline, 1, sizeof(cmdline) - 1, f);
	fclose(f);
	cmdline[n] = '\0';
	p = strstr(cmdline, SHUTDOWN_SECS);
	return p ? atoi(p + strlen(SHUTDOWN_SECS)) : 0;
}

static void print_fixups(void)
{
	char line[512];
	int n = 0;
	FILE *f = fopen(FIXUPS, "r");

	if (!f) {
		printf("rcu-deref-init: no %s\n", FIXUPS);
		return;
	}
	printf("rcu-deref-init: begin %s\n", FIXUPS);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		printf("rcu-deref-fixup: %s\n", line);
		n++;
	}
	fclose(f);
	printf("rcu-deref-init: end %s (%d lines)\n", FIXUPS, n);
}

int main(void)
{
	int secs;

	printf("rcu-deref-init: started as pid %d\n", (int)getpid());
	if (mount("proc", "/proc", "proc", 0, NULL))
		perror("rcu-deref-init: mount /proc");
	if (mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL))
		perror("rcu-deref-init: mount debugfs");
	print_fixups();
	secs = torture_shutdown_secs();
	if (secs > 0) {
		printf("rcu-deref-init: waiting for rcutorture to power off (shutdown_secs=%d)\n",
		       secs);
		fflush(stdout);
		sleep(secs + 60);
		printf("rcu-deref-init: rcutorture did not power off\n");
	}
	printf("rcu-deref-init: powering off\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	perror("rcu-deref-init: reboot");
	return 1;
}
