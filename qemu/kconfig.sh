# Shared by qemu/build-kernel.sh and qemu/build-objects.sh (sourced, with
# $src, the kernel tree, and $out, the output folder, set, and ARCH and
# CROSS_COMPILE in the environment: qemu/qemu.mk takes them from the
# build layout's kernel target).
#
#   kmake ARGS...             make in $src for $ARCH with O=$out
#   configure FRAGMENT...     tinyconfig plus the fragments, then olddefconfig
#   fragments                 qemu/common.config and qemu/$ARCH.config

: "${ARCH:?ARCH (arm64, powerpc, riscv) is not set}"
: "${CROSS_COMPILE:?CROSS_COMPILE is not set}"
[ -f "$here/$ARCH.config" ] || {
	echo "kconfig: no test kernel for ARCH=$ARCH (no qemu/$ARCH.config)" >&2
	exit 1
}
mkdir -p "$out"
# The caller's make flags (-s) would hide the V=1 commands.
unset MAKEFLAGS MFLAGS MAKELEVEL

kmake() {
	make -C "$src" O="$out" ARCH="$ARCH" CROSS_COMPILE="$CROSS_COMPILE" \
		-j"$(nproc)" "$@"
}

fragments() {
	echo "$here/common.config $here/$ARCH.config"
}

configure() {
	kmake -s tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
		"$@" >/dev/null
	kmake -s olddefconfig >/dev/null
}
