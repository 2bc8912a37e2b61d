# The test kernels of one architecture (KARCH: arm64, powerpc, riscv), their
# initramfs, and the QEMU boot.
#
#   make kernel          both test kernels: warning mode, then fix-up mode
#   make kernel-warn     build/qemu/V/A/kernel-warn  (CONFIG_GCC_PLUGIN_RCU_DEREF, warning mode)
#   make kernel-fixup    build/qemu/V/A/kernel-fixup (the same plus qemu/fixup.config)
#
# The paths (QEMU_OUT, KOUT_*, KIMAGE_*, INIT, INITRAMFS), the kernel's
# ARCH (KARCH), its CROSS_COMPILE (KERNEL_CROSS) and the make goal of its
# image (KERNEL_GOAL) come from the build layout, for the kernel version
# KERNEL and the architecture KARCH.

KERNEL_INPUTS := qemu/common.config qemu/$(KARCH).config qemu/build-kernel.sh \
	qemu/kconfig.sh $(SERIES_STAMP)
KBUILD_ENV := ARCH=$(KARCH) CROSS_COMPILE=$(KERNEL_CROSS) KERNEL_GOAL=$(KERNEL_GOAL)

kernel: kernel-warn kernel-fixup
kernel-warn: $(KIMAGE_WARN)
kernel-fixup: $(KIMAGE_FIXUP)
$(KIMAGE_WARN): $(KERNEL_INPUTS)
	$(KBUILD_ENV) nice -n 19 qemu/build-kernel.sh $(KERNEL_SRC) $(KOUT_WARN)
# After the warning-mode kernel: two kernel builds at once would only
# compete for the same cores.
$(KIMAGE_FIXUP): $(KERNEL_INPUTS) qemu/fixup.config | $(KIMAGE_WARN)
	$(KBUILD_ENV) nice -n 19 qemu/build-kernel.sh $(KERNEL_SRC) $(KOUT_FIXUP) qemu/fixup.config

initramfs: $(INITRAMFS)
$(INIT): qemu/init.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(KERNEL_CROSS)gcc -static -O2 -Wall -o $@ $<
$(INITRAMFS): $(INIT) qemu/mkinitramfs.py
	$(PYTHON) qemu/mkinitramfs.py $(INIT) $@

.PHONY: kernel kernel-warn kernel-fixup initramfs
