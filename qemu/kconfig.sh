# Shared by qemu/build-kernel.sh and qemu/build-objects.sh (sourced, with
# $src, the kernel tree, and $out, the output folder, set).  The
# architecture and compilers come from the environment, as qemu/qemu.mk
# sets them from the build layout (rcuderef/layout.py):
#
#   KERNEL_ARCH   the kernel's ARCH= (arm64, powerpc, riscv); its config
#                 fragment is qemu/$KERNEL_ARCH.config
#   KERNEL_CROSS  the kernel's CROSS_COMPILE= (aarch64-linux-gnu-, ...)
#   KERNEL_CC     the compiler, when it is not ${KERNEL_CROSS}gcc (GCC 11)
#
#   kmake ARGS...             make in $src for $KERNEL_ARCH with O=$out
#   configure FRAGMENT...     tinyconfig plus qemu/common.config, the
#                             architecture's fragment and FRAGMENTs, then
#                             olddefconfig

: "${KERNEL_ARCH:?KERNEL_ARCH unset: qemu/qemu.mk sets it from the build layout}"
: "${KERNEL_CROSS:?KERNEL_CROSS unset: qemu/qemu.mk sets it from the build layout}"
kconfig_dir=$(dirname "$(realpath "$0")")
# The fragments of every test kernel of the architecture.
arch_fragments="$kconfig_dir/common.config $kconfig_dir/$KERNEL_ARCH.config"
[ -f "$kconfig_dir/$KERNEL_ARCH.config" ] || {
	echo "kconfig.sh: no $kconfig_dir/$KERNEL_ARCH.config" >&2
	exit 1
}

mkdir -p "$out"
# The caller's make flags (-s) would hide the V=1 commands.
unset MAKEFLAGS MFLAGS MAKELEVEL

kmake() {
	cc=${KERNEL_CC:-${KERNEL_CROSS}gcc}
	if [ "$cc" != "${KERNEL_CROSS}gcc" ]; then
		set -- CC="$cc" "$@"
	fi
	make -C "$src" O="$out" ARCH="$KERNEL_ARCH" CROSS_COMPILE="$KERNEL_CROSS" \
		-j"$(nproc)" "$@"
}

configure() {
	kmake -s tinyconfig >/dev/null
	# shellcheck disable=SC2086
	"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
		$arch_fragments "$@" >/dev/null
	kmake -s olddefconfig >/dev/null
}
