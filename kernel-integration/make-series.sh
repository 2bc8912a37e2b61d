#!/bin/sh
# Generate the kernel patch series.
#
#   kernel-integration/make-series.sh KERNEL_SRC OUT INPUTS V
#
# Resets KERNEL_SRC (Linux V) to its pristine tag, applies INPUTS/patches
# with git am, adds the plugin's files (every plugin/rcu_deref*.c and
# plugin/*.h) to the first commit in scripts/gcc-plugins/, with the line of
# scripts/gcc-plugins/Makefile that builds them as one multi-file plugin
# (the plugin has one source, in plugin/), and writes the series with a
# cover letter to OUT.  KERNEL_SRC is left with the series applied.  INPUTS
# (kernel-integration/V) holds what differs between kernel versions:
# patches/ and cover-letter.txt.
set -eu
src=$1
out=$2
inputs=$(realpath "$3")
version=$4
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")

name="Seed 57d59897 maintainers"
email="maintainers@users.noreply.a-seed-57d59897.example"
# Fixed dates keep the generated series byte-for-byte reproducible.
export GIT_AUTHOR_DATE="2026-12-03 12:00:00 +0000"
export GIT_COMMITTER_DATE="$GIT_AUTHOR_DATE"
git_k() { git -C "$src" -c user.name="$name" -c user.email="$email" "$@"; }

# The plugin's files, and the Makefile line that lists its objects.
add_plugin() {
	files=$(cd "$repo/plugin" && LC_ALL=C ls rcu_deref*.c *.h)
	objs=
	for f in $files; do
		cp "$repo/plugin/$f" "$src/scripts/gcc-plugins/"
		git_k add -f "scripts/gcc-plugins/$f"
		case $f in
		*.c) objs="$objs ${f%.c}.o" ;;
		esac
	done
	makefile="$src/scripts/gcc-plugins/Makefile"
	awk -v objs="$objs" '
		/^always-y \+= \$\(GCC_PLUGIN\)$/ {
			print "# The rcu_deref plugin: one file per pass or concern."
			n = split(objs, o, " ")
			printf "rcu_deref_plugin-objs :="
			for (i = 1; i <= n; i++)
				printf " \\\n\t%s", o[i]
			print ""
			print ""
		}
		{ print }' "$makefile" >"$makefile.new"
	grep -q '^rcu_deref_plugin-objs :=' "$makefile.new" ||
		{ echo "make-series: no place for the plugin's objects in $makefile" >&2; exit 1; }
	mv "$makefile.new" "$makefile"
	git_k add -f scripts/gcc-plugins/Makefile
}

"$repo/mk/kernel-tree.sh" "$src" "$version"
first=1
for patch in "$inputs"/patches/*.patch; do
	git_k am -q --committer-date-is-author-date "$patch"
	if [ "$first" = 1 ]; then
		add_plugin
		git_k commit -q --amend --no-edit
		first=0
	fi
done

rm -rf "$out"
git_k format-patch -q --cover-letter -o "$(realpath -m "$out")" pristine..HEAD
cover=$(ls "$out"/0000-cover-letter.patch)
subject=$(head -n 1 "$inputs/cover-letter.txt")
tail -n +3 "$inputs/cover-letter.txt" >"$out/blurb"
sed -i -e "s/\*\*\* SUBJECT HERE \*\*\*/$subject/" \
	-e "/\*\*\* BLURB HERE \*\*\*/{r $out/blurb
d}" "$cover"
rm "$out/blurb"
