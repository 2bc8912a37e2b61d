# The arm64 test kernels, their initramfs, and the QEMU boot.
#
#   make kernel          both test kernels: warning mode, then fix-up mode
#   make kernel-warn     build/qemu/kernel-warn  (CONFIG_GCC_PLUGIN_RCU_DEREF, warning mode)
#   make kernel-fixup    build/qemu/kernel-fixup (the same plus qemu/fixup.config)

QEMU_OUT := $(BUILD)/qemu
KOUT := $(QEMU_OUT)/kernel-warn
KIMAGE := $(KOUT)/arch/arm64/boot/Image
KOUT_FIXUP := $(QEMU_OUT)/kernel-fixup
KIMAGE_FIXUP := $(KOUT_FIXUP)/arch/arm64/boot/Image
KERNEL_INPUTS := qemu/arm64.config qemu/build-kernel.sh qemu/kconfig.sh $(SERIES_STAMP)
INIT := $(QEMU_OUT)/init
INITRAMFS := $(QEMU_OUT)/initramfs.cpio

kernel: kernel-warn kernel-fixup
kernel-warn: $(KIMAGE)
kernel-fixup: $(KIMAGE_FIXUP)
$(KIMAGE): $(KERNEL_INPUTS)
	nice -n 19 qemu/build-kernel.sh $(KERNEL_SRC) $(KOUT)
# After the warning-mode kernel: two kernel builds at once would only
# compete for the same cores.
$(KIMAGE_FIXUP): $(KERNEL_INPUTS) qemu/fixup.config | $(KIMAGE)
	nice -n 19 qemu/build-kernel.sh $(KERNEL_SRC) $(KOUT_FIXUP) qemu/fixup.config

initramfs: $(INITRAMFS)
$(INIT): qemu/init.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc -static -O2 -Wall -o $@ $<
$(INITRAMFS): $(INIT) qemu/mkinitramfs.py
	$(PYTHON) qemu/mkinitramfs.py $(INIT) $@

.PHONY: kernel kernel-warn kernel-fixup initramfs
