cmd_lib/also_single_threaded.o := /work/main/survey/cc-wrapper.sh -O2 -fplugin=./scripts/gcc-plugins/rcu_deref_plugin.so -c -o lib/also_single_threaded.o /work/main/build/survey/src/lib/also_single_threaded.c

source_lib/also_single_threaded.o := x
