cmd_lib/ro_only.o := /work/main/survey/cc-wrapper.sh -O2 -fplugin=./scripts/gcc-plugins/rcu_deref_plugin.so -c -o lib/ro_only.o /work/main/build/survey/src/lib/ro_only.c

source_lib/ro_only.o := x
