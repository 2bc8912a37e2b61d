# rcu-deref: top-level build.  See README.md.
#
#   make            build the plugin for every target (rcuderef/layout.py TARGETS)
#   make series     generate the kernel patch series (build/kernel-integration/V/patches)
#   make run        the main job: plugin, test kernels with the plugin (arm64,
#                   powerpc, riscv), QEMU boots
#   make check      lint, then the tests (pytest), the kernel ones for every version
#                   (arm64) and architecture (the newest version)
#   make check-full make check, then the long matrices it leaves out (GCC 11 and
#                   ppc64le/riscv64 at levels other than -O2) and the GCC 11 test kernel
#   make lint       pyflakes on the Python files, checkpatch on the series
#
# Parameters: BUILD=DIR (default build), KERNEL=V (the kernel version of the
# series and test kernels; rcuderef/layout.py lists the supported ones and
# names the default: the newest), GCC=N (the GCC release of the test
# kernels: 12, the default, or 11; the plugins are built for both),
# KARCH=A (the architecture of the test kernels: the layout's KARCHS;
# 'make run' and 'make check' test every one unless KARCH= names one).

BUILD ?= build
KERNEL ?=
GCC ?=
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
LAYOUT_VARS := $(shell $(PYTHON) -m rcuderef.layout make-vars BUILD='$(BUILD)' \
	KERNEL='$(KERNEL)' GCC='$(GCC)' KARCH='$(KARCH)')
ifneq ($(.SHELLSTATUS),0)
$(error the build layout refused these parameters (see above))
endif
$(eval $(subst |,$(newline),$(LAYOUT_VARS)))
# The tests and the harness find the same layout through these.
export RCU_DEREF_BUILD := $(BUILD)
export RCU_DEREF_KERNEL := $(KERNEL)
export RCU_DEREF_GCC := $(GCC)
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

# The test kernels of every architecture, or of the one KARCH= names: all
# built first, then booted one after the other.
RUN_KARCHS := $(or $(KARCH_ASKED),$(KARCHS))
run: plugins
	set -e; for a in $(RUN_KARCHS); do \
		$(MAKE) --no-print-directory kernel initramfs KARCH=$$a; \
	done
	$(PYTHON) -m qemu.harness run --build $(BUILD) --kernel $(KERNEL) $(RUN_KARCHS:%=--karch %)

# The tests marked per_kernel (the series, the test kernels and their
# boots) run once for each kernel version: the one KERNEL= names, else
# every supported one; the other tests once.  The test kernels are those
# of KARCH (default arm64); the tests marked per_karch (the test kernels)
# run again for each other architecture, unless KARCH= names one: for
# KERNEL (default the newest) in 'make check', for the other versions
# (and the full_matrix ones for KERNEL) in 'make check-full'.
CHECK_KERNELS := $(or $(KERNEL_ASKED),$(KERNELS))
CHECK_OTHER_KARCHS := $(if $(KARCH_ASKED),,$(filter-out $(KARCH),$(KARCHS)))
check: lint plugins
	$(PYTHON) -m pytest -m 'not per_kernel and not full_matrix' tests
	set -e; for v in $(CHECK_KERNELS); do \
		echo "== the per-kernel tests on Linux $$v ($(KARCH))"; \
		RCU_DEREF_KERNEL=$$v $(PYTHON) -m pytest -m 'per_kernel and not full_matrix' tests; \
	done
	set -e; for a in $(CHECK_OTHER_KARCHS); do \
		echo "== the per-architecture tests on Linux $(KERNEL) ($$a)"; \
		RCU_DEREF_KARCH=$$a $(PYTHON) -m pytest -m 'per_karch and not full_matrix' tests; \
	done

# 'make check', then the long matrices it leaves out (pytest's full_matrix
# marker: the corpus with GCC 11 at every level but -O2), and the arm64
# warning-mode test kernel of KERNEL (default: the newest) built with GCC 11,
# booted, and its objects compared with GCC 11 without the plugin.
check-full: check
	$(PYTHON) -m pytest -m 'full_matrix and not per_kernel' tests
	set -e; for a in $(CHECK_OTHER_KARCHS); do \
		for v in $(CHECK_KERNELS); do \
			if [ $$v = $(KERNEL) ]; then m='per_karch and full_matrix'; else m=per_karch; fi; \
			echo "== the per-architecture tests on Linux $$v ($$a): $$m"; \
			RCU_DEREF_KARCH=$$a RCU_DEREF_KERNEL=$$v $(PYTHON) -m pytest -m "$$m" tests; \
		done; \
	done
	RCU_DEREF_GCC=11 RCU_DEREF_KARCH=$(DEFAULT_KARCH) $(PYTHON) -m pytest -m per_kernel tests/test_kernel.py \
		tests/test_kernel_objects.py

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

.PHONY: all plugins setup kernel-tree run check check-full lint corpus-report clean
