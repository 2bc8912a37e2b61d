cmd_lib/no_plugin.o := /work/main/survey/cc-wrapper.sh -O2 -c -o lib/no_plugin.o /work/main/build/survey/src/lib/no_plugin.c

source_lib/no_plugin.o := x
