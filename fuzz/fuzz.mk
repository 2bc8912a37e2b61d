# make fuzz: a bounded csmith campaign against the plugin (fuzz/README.md).
#
#   make fuzz-slice                    the next slice of the campaign (FUZZ_SLICE seeds,
#                                      each at 2 of the 4 levels), kept in fuzz/results
#   make fuzz                          seeds 1..1000, report in fuzz/REPORT.md
#   make fuzz FUZZ_SEED=5000 FUZZ_COUNT=200 FUZZ_JOBS=2
#   make fuzz FUZZ_LEVELS_PER_SEED=2   each program at 2 of the 4 levels, in turn
#
# One result file per seed (build/fuzz/results/SEED.json), remade when the
# plugin, the header, the fuzz scripts or the assembly checker change: an
# interrupted campaign goes on where it stopped.  Every check runs under
# nice -n 19.  Each run's results are kept in the repository as a slice
# (fuzz/results/FIRST-LAST.tar.xz, fuzz/slices.py) and the report merges
# every slice, so that a campaign longer than a session adds up.

FUZZ_SEED ?= 1
FUZZ_COUNT ?= 1000
FUZZ_JOBS ?= 2
FUZZ_LEVELS ?= -O1 -O2 -O3 -Os
FUZZ_LEVELS_PER_SEED ?= 0
FUZZ_OUT ?= $(FUZZ_DIR)
FUZZ_REPORT ?= fuzz/REPORT.md
FUZZ_SEEDS := $(shell seq $(FUZZ_SEED) $$(($(FUZZ_SEED) + $(FUZZ_COUNT) - 1)))
FUZZ_DEPS := $(PLUGINS) plugin/include/rcu_deref.h fuzz/heads.py fuzz/pipeline.py fuzz/fuzz.mk \
	fuzz/repro/volatile_pointer_object.c $(wildcard rcuderef/asmcheck/*.py)

FUZZ_SLICE ?= 400
FUZZ_ARCHIVES := fuzz/results

fuzz: plugins | $(SETUP_STAMP)
	$(PYTHON) -m fuzz.slices restore --out $(FUZZ_OUT) --first $(FUZZ_SEED) \
		--count $(FUZZ_COUNT) --archives $(FUZZ_ARCHIVES)
	$(MAKE) --no-print-directory -j$(FUZZ_JOBS) fuzz-results
	$(PYTHON) -m fuzz.slices save --out $(FUZZ_OUT) --first $(FUZZ_SEED) \
		--count $(FUZZ_COUNT) --archives $(FUZZ_ARCHIVES)
	$(PYTHON) -m fuzz.campaign report --out $(FUZZ_OUT) --first $(FUZZ_SEED) \
		--count $(FUZZ_COUNT) --levels "$(FUZZ_LEVELS)" --levels-per-seed $(FUZZ_LEVELS_PER_SEED) \
		--report $(FUZZ_REPORT) --archives $(FUZZ_ARCHIVES) \
		| sed -n '/^## Summary/,/^## Per/p'

# The next slice: the first one not complete, else the one after the last.
fuzz-slice:
	$(MAKE) --no-print-directory fuzz FUZZ_COUNT=$(FUZZ_SLICE) FUZZ_LEVELS_PER_SEED=2 \
		FUZZ_SEED=$$($(PYTHON) -m fuzz.slices next --size $(FUZZ_SLICE) --archives $(FUZZ_ARCHIVES))

fuzz-results: $(FUZZ_SEEDS:%=$(FUZZ_OUT)/results/%.json)

$(FUZZ_OUT)/results/%.json: $(FUZZ_DEPS)
	@nice -n 19 $(PYTHON) -m fuzz.campaign one $* --out $(FUZZ_OUT) --levels "$(FUZZ_LEVELS)" \
		--levels-per-seed $(FUZZ_LEVELS_PER_SEED)

.PHONY: fuzz fuzz-slice fuzz-results
