# Benchmarks (not part of make check): docs/bench.md and docs/bench-scaling.png.
#
#   make bench                 everything (about 20 minutes on 2 cores)
#   make bench BENCH_QUICK=1   a small grid and 8 kernel objects (a few minutes);
#                              its report goes to build/bench-quick/bench.md,
#                              leaving docs/bench.md alone
#   make bench-passcost        only the instruction counts of the plugin's parts
#                              (cc1 under valgrind --tool=callgrind, 3 objects,
#                              1 with BENCH_QUICK=1; a few minutes per object)
#                              to build/bench/passcost.json and passcost.md,
#                              and the report again
#   make bench-report          rewrite docs/bench.md from build/bench/*.json
#   make bench-select          choose bench/kernel-objects.txt again
#
# The kernel objects are compiled with the exact commands of the arm64 test
# kernel's build log (build/qemu/V/arm64/kernel-warn/build.log): that kernel is built
# first when it is missing, never rebuilt from here.
#
#   make bench BENCH_EXTRA=build/survey/6.12-defconfig/slices/net-ipv6--virt:net/ipv6/route.o
#                              also time and count objects of another kernel
#                              build, DIR:OBJ with DIR/compile_commands.json
#                              (here the defconfig survey's slice that holds
#                              net/ipv6/, make survey-slice SLICE=net-ipv6--virt)

BENCH_QUICK ?= 0
BENCH_EXTRA ?=
ifeq ($(filter-out 0,$(BENCH_QUICK)),)
BENCH_DIR := $(BENCH_OUT)
BENCH_ARGS := $(addprefix --extra-object ,$(BENCH_EXTRA))
else
BENCH_DIR := $(BENCH_QUICK_OUT)
BENCH_ARGS := --quick --docs $(BENCH_DIR) $(addprefix --extra-object ,$(BENCH_EXTRA))
endif

bench: plugins
	[ -e $(KOUT_WARN)/build.log ] || $(MAKE) --no-print-directory kernel-warn
	nice -n 19 $(PYTHON) -m bench all $(BENCH_ARGS) --build $(BENCH_DIR) --kbuild $(KOUT_WARN)

bench-report:
	$(PYTHON) -m bench report --build $(BENCH_DIR) $(BENCH_ARGS)

bench-passcost: plugins
	[ -e $(KOUT_WARN)/build.log ] || $(MAKE) --no-print-directory kernel-warn
	nice -n 19 $(PYTHON) -m bench passcost $(BENCH_ARGS) --build $(BENCH_DIR) --kbuild $(KOUT_WARN)

bench-select: plugins
	nice -n 19 $(PYTHON) -m bench select --build $(BENCH_DIR) --kbuild $(KOUT_WARN)

.PHONY: bench bench-passcost bench-report bench-select
