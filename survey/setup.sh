#!/bin/sh
# The survey's own kernel tree and configuration.
#
#   survey/setup.sh KERNEL_SRC SERIES_DIR SURVEY_DIR
#
# Clones KERNEL_SRC (git clone --shared, never modified) at its tag
# "pristine" into SURVEY_DIR/src, copies the generated patch series from
# SERIES_DIR into SURVEY_DIR/patches (another job may regenerate
# SERIES_DIR while the survey runs) and applies it with git am.  Then
# configures an arm64 defconfig in SURVEY_DIR/out with GCC plugins and
# CONFIG_GCC_PLUGIN_RCU_DEREF (warning mode) enabled.
set -eu
ksrc=$(realpath "$1")
series=$(realpath "$2")
dir=$(realpath -m "$3")
src=$dir/src
out=$dir/out

ls "$series"/0001-*.patch >/dev/null 2>&1 || {
	echo "survey: no patch series in $series (make series)" >&2
	exit 1
}

git_s() {
	git -C "$src" -c user.name=rcu-deref-survey \
		-c user.email=rcu-deref-survey@localhost "$@"
}

mkdir -p "$dir"
rm -rf "$dir/patches" "$dir/patches.tmp"
mkdir "$dir/patches.tmp"
cp "$series"/0*.patch "$dir/patches.tmp/"
rm -f "$dir/patches.tmp"/0000-cover-letter.patch
mv "$dir/patches.tmp" "$dir/patches"

if ! git -C "$src" rev-parse -q --verify pristine >/dev/null 2>&1; then
	echo "survey: cloning $ksrc into $src"
	rm -rf "$src"
	git clone -q --shared --no-checkout "$ksrc" "$src"
fi
git_s am --abort >/dev/null 2>&1 || true
git_s checkout -q -f --detach pristine
git_s reset -q --hard pristine
git_s clean -q -f -d -x
for p in "$dir"/patches/*.patch; do
	git_s am -q "$p"
done
echo "survey: $(git_s rev-list --count pristine..HEAD) patches applied on pristine"

# Configure: arm64 defconfig plus the plugin.
unset MAKEFLAGS MFLAGS MAKELEVEL
kmake() {
	make -C "$src" O="$out" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- "$@"
}
mkdir -p "$out"
kmake -s defconfig >/dev/null
"$src/scripts/config" --file "$out/.config" \
	--enable GCC_PLUGINS --enable GCC_PLUGIN_RCU_DEREF \
	--disable GCC_PLUGIN_RCU_DEREF_VERBOSE
kmake -s olddefconfig >/dev/null
for opt in CONFIG_GCC_PLUGINS CONFIG_GCC_PLUGIN_RCU_DEREF; do
	grep -qx "$opt=y" "$out/.config" || {
		echo "survey: $opt=y did not survive olddefconfig" >&2
		exit 1
	}
done
echo "survey: configured $out (arm64 defconfig + CONFIG_GCC_PLUGIN_RCU_DEREF=y)"
