cmd_lib/is_single_threaded.o := /work/main/survey/cc-wrapper.sh -Wp,-MMD,lib/.is_single_threaded.o.d -O2 -fplugin=./scripts/gcc-plugins/rcu_deref_plugin.so -c -o lib/is_single_threaded.o /work/main/build/survey/src/lib/is_single_threaded.c

source_lib/is_single_threaded.o := x
