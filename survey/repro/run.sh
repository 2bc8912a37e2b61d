#!/bin/sh
# Compile every survey reproducer with the plugin in the mode its table
# row in README.md names, and print the plugin's warnings for each.
#   sh survey/repro/run.sh [PLUGIN]
set -u
here=$(dirname "$0")
repo=$(cd "$here/../.." && pwd)
plugin=${1:-$repo/build/plugin/aarch64-linux-gnu/rcu_deref_plugin.so}
ro=-fplugin-arg-rcu_deref_plugin-read-once-heads
for f in "$here"/*.c; do
	name=$(basename "$f" .c)
	mode=$(grep -F "| \`$name.c\` |" "$here/README.md" | cut -d'|' -f3 | tr -d ' ')
	args=
	[ "$mode" = read-once ] && args=$ro
	out=$(aarch64-linux-gnu-gcc -O2 -fplugin="$plugin" $args \
		-I "$repo/plugin/include" -S -o /dev/null "$f" 2>&1)
	n=$(printf '%s\n' "$out" | grep -c 'warning:')
	echo "$name ($mode): $n warning(s)"
	printf '%s\n' "$out" | grep 'warning:' | sed 's/^/    /' | cut -c1-160
done
