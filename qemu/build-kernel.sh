#!/bin/sh
# Build a small test kernel with the rcu_deref plugin loaded.
#
#   KERNEL_ARCH=A KERNEL_CROSS=T- KERNEL_MAKE_IMAGE=I qemu/build-kernel.sh SRC OUT [FRAGMENT...]
#
# SRC is the kernel tree with the kernel-integration series applied, OUT
# the output folder (make O=).  The config is tinyconfig plus
# qemu/common.config, which enables CONFIG_GCC_PLUGIN_RCU_DEREF (warning
# mode), plus qemu/A.config (the architecture's machine), plus the
# FRAGMENTs (qemu/fixup.config selects fix-up mode); qemu/kconfig.sh reads
# the environment (qemu/qemu.mk sets it from the build layout).  The make
# target is I (Image, vmlinux).  The objects are rebuilt from scratch, so
# OUT/build.log (V=1 commands) and OUT/build.err (compiler diagnostics)
# always describe a whole build.
set -eu
src=$(realpath "$1")
out=$(realpath -m "$2")
shift 2
here=$(dirname "$(realpath "$0")")
: "${KERNEL_MAKE_IMAGE:?KERNEL_MAKE_IMAGE unset: qemu/qemu.mk sets it from the build layout}"
fragments=
for f in "$@"; do
	fragments="$fragments $(realpath "$f")"
done

. "$here/kconfig.sh"
# shellcheck disable=SC2086
configure $fragments
fragments="$arch_fragments$fragments"

# Every option of the fragments must have survived olddefconfig.
# shellcheck disable=SC2086
cat $fragments | grep -v '^#' | grep . | while read -r line; do
	case $line in
	*=n) grep -qx "# ${line%=n} is not set" "$out/.config" || missing=1 ;;
	*) grep -qxF "$line" "$out/.config" || missing=1 ;;
	esac
	if [ -n "${missing-}" ]; then
		echo "build-kernel: $line did not survive olddefconfig" >&2
		exit 1
	fi
done

kmake -s clean
echo "build-kernel: building $out (log in $out/build.log)"
kmake V=1 "$KERNEL_MAKE_IMAGE" >"$out/build.log" 2>"$out/build.err" || {
	tail -n 30 "$out/build.err" >&2
	exit 1
}
