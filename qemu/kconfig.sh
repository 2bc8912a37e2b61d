# Shared by qemu/build-kernel.sh and qemu/build-objects.sh (sourced, with
# $src, the kernel tree, and $out, the output folder, set).  The
# architecture and compilers come from the environment, as qemu/qemu.mk
# sets them from the build layout (rcuderef/layout.py):
#
#   KERNEL_ARCH   the kernel's ARCH= (arm64, powerpc, riscv); its config
#                 fragment is qemu/$KERNEL_ARCH.config, and for Linux V
#                 also qemu/$KERNEL_ARCH-V.config if there is one
#   KERNEL_CROSS  the kernel's CROSS_COMPILE= (aarch64-linux-gnu-, ...)
#   KERNEL_CC     the compiler, when it is not ${KERNEL_CROSS}gcc (GCC 11)
#
#   kmake ARGS...             make in $src for $KERNEL_ARCH with O=$out
#   configure FRAGMENT...     tinyconfig plus qemu/common.config, the
#                             architecture's fragment, its version's if
#                             any, and FRAGMENTs, then olddefconfig

: "${KERNEL_ARCH:?KERNEL_ARCH unset: qemu/qemu.mk sets it from the build layout}"
: "${KERNEL_CROSS:?KERNEL_CROSS unset: qemu/qemu.mk sets it from the build layout}"
kconfig_dir=$(dirname "$(realpath "$0")")
# The fragments of every test kernel of the architecture.
arch_fragments="$kconfig_dir/common.config $kconfig_dir/$KERNEL_ARCH.config"
[ -f "$kconfig_dir/$KERNEL_ARCH.config" ] || {
	echo "kconfig.sh: no $kconfig_dir/$KERNEL_ARCH.config" >&2
	exit 1
}
# What depends on the kernel version is in one place: the fragment
# qemu/$KERNEL_ARCH-V.config, when there is one, adds to the architecture's
# fragment what Linux V (VERSION.PATCHLEVEL of $src/Makefile, the tree
# being configured) needs or has only there (qemu/riscv-6.1.config,
# qemu/riscv-6.12.config).  Every option of it must survive olddefconfig,
# as the others' (qemu/build-kernel.sh).
kernel_version=$(sed -n -e 's/^VERSION = \([0-9]*\)$/\1/p' \
	-e 's/^PATCHLEVEL = \([0-9]*\)$/.\1/p' "$src/Makefile" | tr -d '\n')
case $kernel_version in
[0-9]*.[0-9]*) ;;
*)
	echo "kconfig.sh: no VERSION and PATCHLEVEL in $src/Makefile" >&2
	exit 1
	;;
esac
version_fragment="$kconfig_dir/$KERNEL_ARCH-$kernel_version.config"
[ ! -f "$version_fragment" ] || arch_fragments="$arch_fragments $version_fragment"

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
