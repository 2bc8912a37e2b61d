# rcu-deref: top-level build.  See README.md.
#
#   make            build the plugin for both compilers
#   make series     generate the kernel patch series (build/kernel-integration/V/patches)
#   make run        the main job: plugin, the test kernels with the plugin
#                   (arm64, powerpc, riscv), their QEMU boots
#   make check      lint, then the tests (pytest), the kernel ones for every version
#   make lint       pyflakes on the Python files, checkpatch on the series
#
# Parameters: BUILD=DIR (default build), KERNEL=V (the kernel version of the
# series and test kernels; rcuderef/layout.py lists the supported ones and
# names the default: the newest), KARCH=A (the architecture of the test
# kernels: arm64, powerpc or riscv; 'make run' and 'make check' take every
# one unless KARCH= names one, the kernel-* targets the default, arm64).

BUILD ?= build
KERNEL ?=
KARCH ?=
HOSTCXX ?= g++
PYTHON ?= /usr/bin/python3

# Every path below $(BUILD) comes from the build layout (rcuderef/layout.py),
# one assignment a line, each ending in '|'.  An unknown KERNEL stops here,
# before anything is built.
define newline


endef
# What the command line asked for, before the layout fills in the default.
KERNEL_ASKED := $(KERNEL)
KARCH_ASKED := $(KARCH)
LAYOUT_VARS := $(shell $(PYTHON) -m rcuderef.layout make-vars BUILD='$(BUILD)' KERNEL='$(KERNEL)' \
	KARCH='$(KARCH)')
ifneq ($(.SHELLSTATUS),0)
$(error the build layout refused these parameters (see above))
endif
$(eval $(subst |,$(newline),$(LAYOUT_VARS)))
# The tests and the harness find the same layout through these.
export RCU_DEREF_BUILD := $(BUILD)
export RCU_DEREF_KERNEL := $(KERNEL)
export RCU_DEREF_KARCH := $(KARCH)

all: plugins

include plugin/plugin.mk
include kernel-integration/series.mk
include qemu/qemu.mk
# Measurement and robustness targets (make survey, make bench, make fuzz,
# make liburcu): each directory owns its rules.
-include survey/survey.mk bench/bench.mk fuzz/fuzz.mk clients/clients.mk

plugins: $(PLUGINS)

# Packages: installed when missing; the stamp keeps repeated runs quick.
setup: $(SETUP_STAMP)
$(SETUP_STAMP): mk/packages.txt mk/packages.sh
	mk/packages.sh
	@mkdir -p $(@D) && touch $@

# The pristine kernel tree, extracted once.  'make kernel-tree' resets it.
$(KERNEL_STAMP): | $(SETUP_STAMP)
	mk/kernel-tree.sh $(KERNEL_SRC) $(KERNEL)
	touch $@
kernel-tree: | $(SETUP_STAMP)
	mk/kernel-tree.sh $(KERNEL_SRC) $(KERNEL)
	touch $(KERNEL_STAMP)
	rm -f $(SERIES_STAMP)

# Every architecture's test kernels, or KARCH's; each architecture is built
# and booted by its own make (its layout), one after the other.
RUN_KARCHS := $(or $(KARCH_ASKED),$(KARCHS))
run: plugins
	st=0; for a in $(RUN_KARCHS); do \
		$(MAKE) --no-print-directory run-karch KARCH=$$a || st=1; \
	done; exit $$st
run-karch: plugins kernel initramfs
	$(PYTHON) -m qemu.harness run --build $(BUILD) --kernel $(KERNEL) --karch $(KARCH)

# The tests marked per_kernel (the series, the test kernels and their
# boots) run once for each kernel version: the one KERNEL= names, else
# every supported one; the other tests once.  Of those, the ones marked
# per_target too (the test kernels and their boots) run once for each
# version and architecture: the one KARCH= names, else every one.
# (KARCHS_V: the architectures of version V, from the layout.)
CHECK_KERNELS := $(or $(KERNEL_ASKED),$(KERNELS))
define check_kernel
	@echo "== the per-kernel tests on Linux $(1)"
	RCU_DEREF_KERNEL=$(1) $(PYTHON) -m pytest -m 'per_kernel and not per_target' tests
	$(foreach a,$(or $(KARCH_ASKED),$(KARCHS_$(1))),$(call check_karch,$(1),$(a)))
endef
define check_karch
	@echo "== the test kernels of Linux $(1) on $(2)"
	RCU_DEREF_KERNEL=$(1) RCU_DEREF_KARCH=$(2) $(PYTHON) -m pytest -m per_target tests

endef
check: lint plugins test-plugins
	$(PYTHON) -m pytest -m 'not per_kernel' tests
	$(foreach v,$(CHECK_KERNELS),$(call check_kernel,$(v)))

# pyflakes on every Python file git knows; checkpatch on the generated
# series and the plugin source (tests/test_series.py, test_plugin_style.py).
lint: series
	$(PYTHON) -m pyflakes $$(git ls-files '*.py')
	$(PYTHON) -m pytest -q -p no:cacheprovider tests/test_series.py::test_checkpatch_strict \
		tests/test_plugin_style.py

# Detection and false positives on the hazard corpus (the README's table).
corpus-report: plugins
	$(PYTHON) -m tests.corpus_report

clean:
	rm -rf $(BUILD)/plugin $(BUILD)/qemu

.PHONY: all plugins setup kernel-tree run run-karch check lint corpus-report clean
