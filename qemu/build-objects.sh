#!/bin/sh
# Compile some objects of the test kernel's configuration with the
# rcu_deref plugin off, from a given tree, to compare generated code.
#
#   qemu/build-objects.sh SRC OUT OBJECT...
#
# SRC is a kernel tree (pristine or with the series applied), OUT the
# output folder (make O=), OBJECT a kbuild target such as kernel/rcu/tree.o.
# The config is tinyconfig plus qemu/common.config and the architecture's
# fragment (KERNEL_ARCH, KERNEL_CROSS: see qemu/kconfig.sh) plus
# qemu/option-off.config (CONFIG_GCC_PLUGIN_RCU_DEREF=n; a pristine tree
# does not know the option).  OUT/build.log holds the V=1 commands.
set -eu
src=$(realpath "$1")
out=$(realpath -m "$2")
shift 2
here=$(dirname "$(realpath "$0")")

. "$here/kconfig.sh"
configure "$here/option-off.config"
(cd "$out" && rm -f "$@")
# LOCALVERSION set (empty): the kernel release is the same for both trees
# (setlocalversion appends "+" in a git tree past its tag, the series
# tree, and not in the pristine export), so kernel/sys.o's uname strings
# do not differ.
kmake V=1 LOCALVERSION= "$@" >"$out/build.log" 2>"$out/build.err" || {
	tail -n 30 "$out/build.err" >&2
	exit 1
}
