#!/bin/sh
# Compile the survey's objects under DIR... again with every READ_ONCE()
# a dependency head (-fplugin-arg-rcu_deref_plugin-read-once-heads),
# outside kbuild (survey/recompile.py), into SURVEY_DIR/read-once/diag.
#
#   survey/read-once.sh SURVEY_DIR DIR...
set -eu
dir=$(realpath "$1")
shift
here=$(dirname "$(realpath "$0")")
start=$(date +%s)
rc=0
/usr/bin/python3 "$here/recompile.py" "$dir" "$dir/read-once/diag" "$@" \
	--args=-fplugin-arg-rcu_deref_plugin-read-once-heads \
	-j "${SURVEY_JOBS:-$(nproc)}" || rc=$?
end=$(date +%s)
printf '%s\tread-once-heads recompile\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" \
	$((end - start)) $rc "$*" >>"$dir/times.txt"
echo "survey: read-once-heads recompile of $* took $((end - start)) s"
exit $rc
