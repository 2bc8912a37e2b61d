# Shared by qemu/build-kernel.sh and qemu/build-objects.sh (sourced, with
# $src, the kernel tree, and $out, the output folder, set).
#
#   kmake ARGS...             make in $src for arm64 with O=$out, and CC=$KERNEL_CC
#                             when the environment names another compiler
#   configure FRAGMENT...     tinyconfig plus the fragments, then olddefconfig

mkdir -p "$out"
# The caller's make flags (-s) would hide the V=1 commands.
unset MAKEFLAGS MFLAGS MAKELEVEL

kmake() {
	cc=${KERNEL_CC:-aarch64-linux-gnu-gcc}
	if [ "$cc" != aarch64-linux-gnu-gcc ]; then
		set -- CC="$cc" "$@"
	fi
	make -C "$src" O="$out" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
		-j"$(nproc)" "$@"
}

configure() {
	kmake -s tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
		"$@" >/dev/null
	kmake -s olddefconfig >/dev/null
}
