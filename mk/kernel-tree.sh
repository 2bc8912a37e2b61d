#!/bin/sh
# Prepare the pristine Linux tree of version V from Debian's linux-source-V.
#
#   mk/kernel-tree.sh DIR V
#
# The first run extracts the tarball into DIR and commits it to a git
# repository there, tagged "pristine".  Every later run resets DIR to that
# tag and removes anything else, so a dirty tree comes back identical.
# Build output never lives in DIR (kernels are built with O=).
set -eu
dir=$1
version=$2
tarball=/usr/src/linux-source-$version.tar.xz

git_k() { git -C "$dir" -c user.name=rcu-deref -c user.email=rcu-deref@localhost "$@"; }

if git_k rev-parse -q --verify pristine >/dev/null 2>&1; then
	git_k am --abort >/dev/null 2>&1 || true
	git_k checkout -q -f --detach pristine
	git_k reset -q --hard pristine
	git_k clean -q -f -d -x
	exit 0
fi

[ -r "$tarball" ] || "$(dirname "$0")/packages.sh" "linux-source-$version"
[ -r "$tarball" ] || { echo "kernel-tree: $tarball missing (apt-get install linux-source-$version)" >&2; exit 1; }
echo "kernel-tree: extracting $tarball into $dir"
rm -rf "$dir" "$dir.tmp"
mkdir -p "$dir.tmp"
tar -xf "$tarball" -C "$dir.tmp" --strip-components=1
mv "$dir.tmp" "$dir"
git_k init -q
git_k config core.autocrlf false
git_k add -A -f .
git_k commit -q -m "Linux $version from Debian linux-source-$version (pristine)"
git_k tag pristine
git_k checkout -q --detach pristine
