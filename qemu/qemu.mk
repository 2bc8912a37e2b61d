# The arm64 test kernel, its initramfs, and the QEMU boot.

QEMU_OUT := $(BUILD)/qemu
KOUT := $(QEMU_OUT)/kernel-warn
KIMAGE := $(KOUT)/arch/arm64/boot/Image
INIT := $(QEMU_OUT)/init
INITRAMFS := $(QEMU_OUT)/initramfs.cpio

kernel: $(KIMAGE)
$(KIMAGE): qemu/arm64.config qemu/build-kernel.sh $(SERIES_STAMP)
	qemu/build-kernel.sh $(KERNEL_SRC) $(KOUT)

initramfs: $(INITRAMFS)
$(INIT): qemu/init.c | $(SETUP_STAMP)
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc -static -O2 -Wall -o $@ $<
$(INITRAMFS): $(INIT) qemu/mkinitramfs.py
	$(PYTHON) qemu/mkinitramfs.py $(INIT) $@

.PHONY: kernel initramfs
