#!/bin/sh
# Build a small test kernel with the rcu_deref plugin loaded.
#
#   ARCH=A CROSS_COMPILE=P KERNEL_GOAL=G qemu/build-kernel.sh SRC OUT [FRAGMENT...]
#
# SRC is the kernel tree with the kernel-integration series applied, OUT
# the output folder (make O=), G the make goal of the bootable image
# (Image, vmlinux).  The config is tinyconfig plus qemu/common.config,
# which enables CONFIG_GCC_PLUGIN_RCU_DEREF (warning mode), plus
# qemu/$ARCH.config (machine, console), plus the FRAGMENTs
# (qemu/fixup.config selects fix-up mode).  The objects are rebuilt from
# scratch, so OUT/build.log (V=1 commands) and OUT/build.err (compiler
# diagnostics) always describe a whole build.
set -eu
src=$(realpath "$1")
out=$(realpath -m "$2")
shift 2
here=$(dirname "$(realpath "$0")")
: "${KERNEL_GOAL:?KERNEL_GOAL (Image, vmlinux) is not set}"

. "$here/kconfig.sh"
fragments=$(fragments)
for f in "$@"; do
	fragments="$fragments $(realpath "$f")"
done

# shellcheck disable=SC2086
configure $fragments

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
kmake V=1 "$KERNEL_GOAL" >"$out/build.log" 2>"$out/build.err" || {
	tail -n 30 "$out/build.err" >&2
	exit 1
}
