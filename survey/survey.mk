# The real-kernel survey (not part of make check): the RCU-heavy parts of
# an arm64 defconfig kernel built with the plugin in warning mode, then
# again with every READ_ONCE() a head, and the report docs/survey.md, which
# sets every surveyed kernel version side by side.
#
#   make survey                          everything, from scratch if needed (newest kernel)
#   make survey KERNEL=6.1               the same for Linux 6.1 (build/survey/6.1)
#   make survey SURVEY_DIRS="kernel/rcu lib"   a smaller slice
#   make survey SURVEY_TARGETS="vmlinux modules"  the whole defconfig
#   make survey-save                     keep the results in survey/results/V.tar.xz
#   make survey-asm                      the assembly checker's verdict on each warning
#   make survey-recheck                  each warning's objects compiled again with this
#                                        checkout's plugin: which warnings a fix removed
#   make survey-recall                   the plugin's recall: each object compiled again
#                                        with the plugin's records (every head and its
#                                        dependent accesses in the source), checked in
#                                        the assembly: the breaks, and those warned
#                                        (survey/recall.py; SURVEY_DIR/recall.json, .md)
#   make survey-recall RECALL_DIR=build/survey/V-defconfig/slices/NAME   a slice's
#   make survey-report                   only regenerate docs/survey.md
#   make survey-setup                    redo the survey's kernel tree
#   make survey-slice SLICE=next         the next slice of the whole defconfig
#                                        (survey/defconfig-slices.txt) not archived
#                                        yet in survey/results/V-defconfig/
#   make survey-slice SLICE=block--crypto   that slice (not redone once archived)
#   make survey-slices                   list the slices, done or not
#
# The kernel tree is a clone of build/kernel/V/src with the generated patch
# series applied (survey/setup.sh); the build loads this repository's
# plugin through survey/cc-wrapper.sh (survey/build.sh).  Each version has
# its own folder (build/survey/V) and hand triage (survey/triage/V.txt);
# hand-written sections: survey/notes.md.  A survey is resumable: make
# survey again goes on where an interrupted build stopped.

SURVEY_DIRS ?= kernel mm fs lib net/core net/ipv4 security
SURVEY_TARGETS ?= $(addsuffix /,$(SURVEY_DIRS))
SURVEY_READ_ONCE_DIRS ?= $(SURVEY_DIRS)
SURVEY_PLUGIN := $(PLUGIN_OUT)/aarch64-linux-gnu/rcu_deref_plugin.so
SURVEY_SETUP_STAMP := $(SURVEY_DIR)/setup-done
SURVEY_REPORT := docs/survey.md
SURVEY_RESULTS := survey/results

survey: $(SURVEY_PLUGIN) $(SURVEY_SETUP_STAMP)
	survey/build.sh $(SURVEY_DIR) $(SURVEY_PLUGIN) $(SURVEY_TARGETS)
	survey/read-once.sh $(SURVEY_DIR) $(SURVEY_READ_ONCE_DIRS)
	$(MAKE) --no-print-directory survey-asm survey-save survey-report

# The results are kept in the repository (survey/results/V.tar.xz): the
# report is made again from them on a machine without build/survey.
survey-save:
	$(PYTHON) survey/archive.py save $(SURVEY_DIR) $(SURVEY_RESULTS)/$(KERNEL).tar.xz

survey-asm:
	$(PYTHON) survey/asmverdict.py $(SURVEY_DIR) -j $(or $(SURVEY_JOBS),$(shell nproc))

survey-recheck: $(PLUGIN_OUT)/aarch64-linux-gnu/rcu_deref_plugin.so
	$(PYTHON) survey/recheck.py $(SURVEY_DIR) --plugin $< -j $(or $(SURVEY_JOBS),$(shell nproc))

survey-recall: $(SURVEY_PLUGIN)
	$(PYTHON) survey/recall.py run $(or $(RECALL_DIR),$(SURVEY_DIR)) --plugin $< \
		-j $(or $(SURVEY_JOBS),$(shell nproc))

survey-report:
	$(PYTHON) survey/report.py $(SURVEY_REPORT) $(addprefix --survey ,$(SURVEY_ALL)) \
		--notes survey/notes.md --read-once-dirs "$(SURVEY_READ_ONCE_DIRS)" \
		--archives $(SURVEY_RESULTS) \
		--defconfig $(KERNEL)=$(SURVEY_RESULTS)/$(KERNEL)-defconfig:survey/triage/$(KERNEL)-defconfig.txt

# The generated series is made once if missing; the survey copies it, so
# a later regeneration by someone else does not disturb a running survey.
$(SURVEY_SETUP_STAMP): survey/setup.sh
	[ -e $(SERIES_OUT)/0001-*.patch ] || $(MAKE) --no-print-directory series
	survey/setup.sh $(KERNEL_SRC) $(SERIES_OUT) $(SURVEY_DIR)
	touch $@

survey-setup:
	rm -f $(SURVEY_SETUP_STAMP)
	$(MAKE) --no-print-directory $(SURVEY_SETUP_STAMP)

# The whole defconfig outside SURVEY_DIRS, one slice at a time
# (survey/slices.py): its own tree build/survey/V-defconfig (src/, out/,
# slices/NAME/), its results survey/results/V-defconfig/NAME.tar.xz, and
# a section of the report that merges the archived slices.
SURVEY_SLICE_DIR := $(SURVEY_DEFCONFIG_DIR)
SURVEY_SLICE_RESULTS := $(SURVEY_RESULTS)/$(KERNEL)-defconfig
SLICE ?= next

survey-slice: $(SURVEY_PLUGIN)
	[ -e $(SERIES_OUT)/0001-*.patch ] || $(MAKE) --no-print-directory series
	$(PYTHON) survey/slices.py run $(SLICE) --dir $(SURVEY_SLICE_DIR) \
		--kernel-src $(KERNEL_SRC) --series $(SERIES_OUT) --plugin $(SURVEY_PLUGIN) \
		--archives $(SURVEY_SLICE_RESULTS) -j $(or $(SURVEY_JOBS),$(shell nproc))
	$(MAKE) --no-print-directory survey-report

survey-slices:
	$(PYTHON) survey/slices.py list --archives $(SURVEY_SLICE_RESULTS)

.PHONY: survey survey-asm survey-recall survey-recheck survey-save survey-report \
	survey-setup survey-slice survey-slices
