# rcu-deref: top-level build.  See README.md.
#
#   make            build the plugin for both compilers
#   make series     generate the kernel patch series (build/kernel-integration/patches)
#   make run        the main job: plugin, arm64 kernel with the plugin, QEMU boot
#   make check      the tests (pytest)

BUILD := build
KERNEL_SRC := $(BUILD)/kernel/src
KERNEL_STAMP := $(KERNEL_SRC)/.git/rcu-deref-pristine
HOSTCXX ?= g++
PYTHON ?= /usr/bin/python3
SETUP_STAMP := $(BUILD)/.packages-ok

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
	mk/kernel-tree.sh $(KERNEL_SRC)
	touch $@
kernel-tree: | $(SETUP_STAMP)
	mk/kernel-tree.sh $(KERNEL_SRC)
	touch $(KERNEL_STAMP)
	rm -f $(SERIES_STAMP)

run: plugins kernel initramfs
	$(PYTHON) -m qemu.harness run --build $(BUILD)

check: plugins test-plugins
	$(PYTHON) -m pytest tests

# Detection and false positives on the hazard corpus (the README's table).
corpus-report: plugins
	$(PYTHON) -m tests.corpus_report

clean:
	rm -rf $(BUILD)/plugin $(BUILD)/qemu

.PHONY: all plugins setup kernel-tree run check corpus-report clean
