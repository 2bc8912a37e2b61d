# The arm64 test kernels, their initramfs, and the QEMU boot.
#
#   make kernel          both test kernels: warning mode, then fix-up mode
#   make kernel-warn     build/qemu/V/arm64/kernel-warn  (CONFIG_GCC_PLUGIN_RCU_DEREF, warning mode)
#   make kernel-fixup    build/qemu/V/arm64/kernel-fixup (the same plus qemu/fixup.config)
#
# The paths (QEMU_OUT, KOUT_*, KIMAGE_*, INIT, INITRAMFS) come from the
# build layout, for the kernel version KERNEL and the GCC release GCC
# (KERNEL_CC: aarch64-linux-gnu-gcc, or aarch64-linux-gnu-gcc-11 with GCC=11,
# which also builds the kernel's plugins against GCC 11's headers).

KERNEL_INPUTS := qemu/arm64.config qemu/build-kernel.sh qemu/kconfig.sh $(SERIES_STAMP)

kernel: kernel-warn kernel-fixup
kernel-warn: $(KIMAGE_WARN)
kernel-fixup: $(KIMAGE_FIXUP)
$(KIMAGE_WARN): $(KERNEL_INPUTS)
	KERNEL_CC=$(KERNEL_CC) nice -n 19 qemu/build-kernel.sh $(KERNEL_SRC) $(KOUT_WARN)
# After the warning-mode kernel: two kernel builds at once would only
# compete for the same cores.
$(KIMAGE_FIXUP): $(KERNEL_INPUTS) qemu/fixup.config | $(KIMAGE_WARN)
	KERNEL_CC=$(KERNEL_CC) nice -n 19 qemu/build-kernel.sh $(KERNEL_SRC) $(KOUT_FIXUP) qemu/fixup.config

initramfs: $(INITRAMFS)
$(INIT): qemu/init.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc -static -O2 -Wall -o $@ $<
$(INITRAMFS): $(INIT) qemu/mkinitramfs.py
	$(PYTHON) qemu/mkinitramfs.py $(INIT) $@

.PHONY: kernel kernel-warn kernel-fixup initramfs
