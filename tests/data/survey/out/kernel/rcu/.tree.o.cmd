cmd_kernel/rcu/tree.o := /work/main/survey/cc-wrapper.sh -Wp,-MMD,kernel/rcu/.tree.o.d -O2 -fplugin=./scripts/gcc-plugins/rcu_deref_plugin.so -c -o kernel/rcu/tree.o /work/main/build/survey/src/kernel/rcu/tree.c

source_kernel/rcu/tree.o := x
