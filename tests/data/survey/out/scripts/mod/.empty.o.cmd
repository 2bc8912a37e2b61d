cmd_scripts/mod/empty.o := gcc -Wp,-MMD,scripts/mod/.empty.o.d -O2 -c -o scripts/mod/empty.o /work/main/build/survey/src/scripts/mod/empty.c

source_scripts/mod/empty.o := x
