#!/bin/sh
# Build the survey kernel (or parts of it) with the rcu_deref plugin.
#
#   survey/build.sh SURVEY_DIR PLUGIN TARGET...
#
# SURVEY_DIR is the folder survey/setup.sh prepared (src/, out/), PLUGIN
# the plugin binary to load (build/plugin/aarch64-linux-gnu/...); it is
# copied to SURVEY_DIR/plugin first, so rebuilding it during a long survey
# changes nothing.  TARGETs are kbuild targets: directories ("kernel/",
# "net/core/") or "vmlinux modules".  Each compile that loads the plugin
# leaves its JSON diagnostics and statistics in SURVEY_DIR/diag (see
# survey/cc-wrapper.sh); make's output is in SURVEY_DIR/build.log (V=1
# commands) and SURVEY_DIR/build.err, and SURVEY_DIR/times.txt records
# the wall time.  A change of plugin binary recompiles everything: its
# hash is in every command line (-DRCU_DEREF_SURVEY_PLUGIN=...).
# SURVEY_PLUGIN_COMMIT=HASH names the commit PLUGIN was built from when it
# is not this checkout's (the report prints it).
set -eu
dir=$(realpath "$1")
plugin=$(realpath "$2")
shift 2
here=$(dirname "$(realpath "$0")")
src=$dir/src
out=$dir/out

mkdir -p "$dir/plugin" "$dir/diag"
cp "$plugin" "$dir/plugin/rcu_deref_plugin.so.tmp"
mv -f "$dir/plugin/rcu_deref_plugin.so.tmp" "$dir/plugin/rcu_deref_plugin.so"
sha=$(sha256sum "$dir/plugin/rcu_deref_plugin.so" | cut -c1-12)

# Does this plugin have the stats option yet?
probe=$dir/plugin/probe
echo 'int x;' >"$probe.c"
if aarch64-linux-gnu-gcc -O2 -c -o "$probe.o" \
	-fplugin="$dir/plugin/rcu_deref_plugin.so" \
	-fplugin-arg-rcu_deref_plugin-stats="$probe.stats" "$probe.c" \
	2>/dev/null && [ -s "$probe.stats" ]; then
	stats=1
else
	stats=0
	echo "survey: this plugin has no stats option; heads and chains will not be counted" >&2
fi
rm -f "$probe".*
# Results of another plugin binary are stale (kbuild recompiles
# everything anyway: the hash is in the command lines).
if ! grep -qx "sha256=$sha" "$dir/plugin/info" 2>/dev/null; then
	rm -rf "$dir/diag" "$dir/read-once" "$dir/times.txt"
	mkdir -p "$dir/diag"
fi
# The plugin's source commit: this checkout's, unless the binary was built
# from another one (SURVEY_PLUGIN_COMMIT, as when a version is surveyed
# again with the plugin an earlier version was surveyed with).
commit=${SURVEY_PLUGIN_COMMIT:-$(git -C "$here/.." log -1 --format=%h -- plugin/ 2>/dev/null)}
cat >"$dir/plugin/info" <<EOF
sha256=$sha
stats=$stats
commit=$commit
EOF

export SURVEY_PLUGIN="$dir/plugin/rcu_deref_plugin.so"
export SURVEY_DIAG="$dir/diag"
export SURVEY_STATS=$stats
export SURVEY_PLUGIN_ARGS=
unset MAKEFLAGS MFLAGS MAKELEVEL

jobs=${SURVEY_JOBS:-$(nproc)}
echo "survey: building $* in $out with -j$jobs (log in $dir/build.log)"
start=$(date +%s)
rc=0
nice -n 19 make -C "$src" O="$out" ARCH=arm64 \
	CROSS_COMPILE=aarch64-linux-gnu- CC="$here/cc-wrapper.sh" \
	KCFLAGS="-DRCU_DEREF_SURVEY_PLUGIN=$sha" V=1 -k -j"$jobs" "$@" \
	>"$dir/build.log" 2>"$dir/build.err" || rc=$?
end=$(date +%s)
printf '%s\tbuild\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" $((end - start)) $rc "$*" \
	>>"$dir/times.txt"
echo "survey: build of $* took $((end - start)) s (make exit status $rc)"
if [ $rc != 0 ]; then
	grep -E '(error|Error)' "$dir/build.err" | head -n 20 >&2 || true
fi
# The compile commands of everything built so far (for the
# read-once-heads run).
python3 "$src/scripts/clang-tools/gen_compile_commands.py" -d "$out" \
	-o "$dir/compile_commands.json" 2>/dev/null ||
	/usr/bin/python3 "$src/scripts/clang-tools/gen_compile_commands.py" \
		-d "$out" -o "$dir/compile_commands.json"
