#!/bin/bash
# The survey kernel build's CC (make CC=survey/cc-wrapper.sh).
#
# Runs aarch64-linux-gnu-gcc with its arguments unchanged, except for the
# compiles that load the rcu_deref plugin (-fplugin=.../rcu_deref_plugin.so,
# from CONFIG_GCC_PLUGIN_RCU_DEREF): for those it
#  - loads $SURVEY_PLUGIN instead of the plugin the kernel built (the
#    survey measures the plugin of this repository, copied at the start);
#  - asks for JSON diagnostics and keeps the compiler's stderr in
#    $SURVEY_DIAG/<object>.json (also passed on to stderr);
#  - with SURVEY_STATS=1, writes the plugin's per-TU statistics to
#    $SURVEY_DIAG/<object>.stats;
#  - appends $SURVEY_PLUGIN_ARGS (more plugin options);
#  - records a failed compile's exit status in $SURVEY_DIAG/<object>.rc.
# $SURVEY_OBJ names <object> when the output (-o) goes elsewhere.
# Files that filter the plugins out, and everything else kbuild runs
# through $(CC), are passed through.
real=${SURVEY_REAL_CC:-aarch64-linux-gnu-gcc}

plugin=0
compile=0
obj=
prev=
args=()
for a in "$@"; do
	case $a in
	-fplugin=*/rcu_deref_plugin.so)
		plugin=1
		a=-fplugin=${SURVEY_PLUGIN:?SURVEY_PLUGIN not set}
		;;
	-c)
		compile=1
		;;
	esac
	[ "$prev" = -o ] && obj=$a
	prev=$a
	args+=("$a")
done

# kbuild's compiler probes (try-run) write to .tmp_<pid>/: not surveyed.
case $obj in
.tmp_* | */.tmp_*) plugin=0 ;;
esac
if [ "$plugin" = 0 ] || [ "$compile" = 0 ] || [ -z "$obj" ] ||
	[ -z "${SURVEY_DIAG-}" ]; then
	exec "$real" "${args[@]}"
fi

obj=${SURVEY_OBJ:-$obj}
base=$SURVEY_DIAG/${obj#./}
mkdir -p "$(dirname "$base")"
rm -f "$base.json" "$base.stats" "$base.rc"
args+=(-fdiagnostics-format=json)
[ "${SURVEY_STATS-}" = 1 ] &&
	args+=("-fplugin-arg-rcu_deref_plugin-stats=$base.stats")
# shellcheck disable=SC2206 # word splitting of the extra options is wanted
args+=(${SURVEY_PLUGIN_ARGS-})

"$real" "${args[@]}" 2>"$base.json.tmp"
rc=$?
cat "$base.json.tmp" >&2
mv -f "$base.json.tmp" "$base.json"
[ $rc = 0 ] || echo $rc >"$base.rc"
exit $rc
