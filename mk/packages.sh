#!/bin/sh
# Install the Debian packages listed in mk/packages.txt, and those named
# as arguments (mk/kernel-tree.sh: linux-source-V), that are missing.
# Quick when everything is there: it only asks dpkg.
set -eu
list="$(dirname "$0")/packages.txt"
pkgs="$(grep -v '^#' "$list") $*"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "packages: installing$missing"
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
# NAME:ARCH (liburcu-dev:arm64) is Debian's multiarch package of a foreign
# architecture: dpkg must know ARCH before apt-get update reads its lists.
native="$(dpkg --print-architecture)"
for p in $missing; do
	case "$p" in
	*:*)
		arch="${p#*:}"
		[ "$arch" = "$native" ] ||
			dpkg --print-foreign-architectures | grep -qx "$arch" ||
			$SUDO dpkg --add-architecture "$arch"
		;;
	esac
done
$SUDO apt-get update -q
# Only what is listed: recommended packages (QEMU's GUI, GStreamer, Mesa,
# SciPy...) are not needed, and what is needed is listed.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
