cmd_lib/entry.o := /work/main/survey/cc-wrapper.sh -D__ASSEMBLY__ -c -o lib/entry.o /work/main/build/survey/src/lib/entry.S

source_lib/entry.o := x
