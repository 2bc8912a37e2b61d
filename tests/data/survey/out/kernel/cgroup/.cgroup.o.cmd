cmd_kernel/cgroup/cgroup.o := /work/main/survey/cc-wrapper.sh -Wp,-MMD,kernel/cgroup/.cgroup.o.d -nostdinc -O2 -fplugin=./scripts/gcc-plugins/rcu_deref_plugin.so -c -o kernel/cgroup/cgroup.o /work/main/build/survey/src/kernel/cgroup/cgroup.c

source_kernel/cgroup/cgroup.o := x
