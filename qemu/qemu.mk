# The test kernels of KARCH (arm64, powerpc, riscv), their initramfs, and
# the QEMU boot.
#
#   make kernel          both test kernels: warning mode, then fix-up mode
#   make kernel-warn     build/qemu/V/A/kernel-warn  (CONFIG_GCC_PLUGIN_RCU_DEREF, warning mode)
#   make kernel-fixup    build/qemu/V/A/kernel-fixup (the same plus qemu/fixup.config)
#
# The paths (QEMU_OUT, KOUT_*, KIMAGE_*, INIT, INITRAMFS), the config
# fragment of the architecture (KERNEL_CONFIG: qemu/<A>.config), the
# kernel's image target (KERNEL_MAKE_IMAGE) and compilers come from the
# build layout, for the kernel version KERNEL, the architecture KARCH and
# the GCC release GCC (KERNEL_CROSS: aarch64-linux-gnu-, powerpc64le-linux-gnu-
# or riscv64-linux-gnu-; KERNEL_CC: its gcc, or aarch64-linux-gnu-gcc-11 with
# GCC=11, which also builds the kernel's plugins against GCC 11's headers).

# The fragment of the architecture for this kernel version, if any
# (qemu/kconfig.sh picks it: qemu/<A>-<V>.config).
KERNEL_INPUTS := qemu/common.config $(KERNEL_CONFIG) $(wildcard qemu/$(KARCH)-$(KERNEL).config) \
	qemu/build-kernel.sh qemu/kconfig.sh $(SERIES_STAMP)
KERNEL_ENV := KERNEL_ARCH=$(KARCH) KERNEL_CROSS=$(KERNEL_CROSS) KERNEL_CC=$(KERNEL_CC) \
	KERNEL_MAKE_IMAGE=$(KERNEL_MAKE_IMAGE)

kernel: kernel-warn kernel-fixup
kernel-warn: $(KIMAGE_WARN)
kernel-fixup: $(KIMAGE_FIXUP)
$(KIMAGE_WARN): $(KERNEL_INPUTS)
	$(KERNEL_ENV) nice -n 19 qemu/build-kernel.sh $(KERNEL_SRC) $(KOUT_WARN)
# After the warning-mode kernel: two kernel builds at once would only
# compete for the same cores.
$(KIMAGE_FIXUP): $(KERNEL_INPUTS) qemu/fixup.config | $(KIMAGE_WARN)
	$(KERNEL_ENV) nice -n 19 qemu/build-kernel.sh $(KERNEL_SRC) $(KOUT_FIXUP) qemu/fixup.config

# The init of the initramfs, static, for the architecture's user space.
initramfs: $(INITRAMFS)
$(INIT): qemu/init.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(KERNEL_CROSS)gcc -static -O2 -Wall -o $@ $<
$(INITRAMFS): $(INIT) qemu/mkinitramfs.py
	$(PYTHON) qemu/mkinitramfs.py $(INIT) $@

.PHONY: kernel kernel-warn kernel-fixup initramfs
