# make fuzz: a bounded csmith campaign against the plugin (fuzz/README.md).
#
#   make fuzz                          seeds 1..1000, report in fuzz/REPORT.md
#   make fuzz FUZZ_SEED=5000 FUZZ_COUNT=200 FUZZ_JOBS=2
#   make fuzz FUZZ_LEVELS_PER_SEED=2   each program at 2 of the 4 levels, in turn
#
# One result file per seed (build/fuzz/results/SEED.json), remade when the
# plugin, the header, the fuzz scripts or the assembly checker change: an
# interrupted campaign goes on where it stopped.  Every check runs under
# nice -n 19.

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

fuzz: plugins | $(SETUP_STAMP)
	$(MAKE) --no-print-directory -j$(FUZZ_JOBS) fuzz-results
	$(PYTHON) -m fuzz.campaign report --out $(FUZZ_OUT) --first $(FUZZ_SEED) \
		--count $(FUZZ_COUNT) --levels "$(FUZZ_LEVELS)" --levels-per-seed $(FUZZ_LEVELS_PER_SEED) \
		--report $(FUZZ_REPORT) \
		| sed -n '/^## Summary/,/^## Per/p'

fuzz-results: $(FUZZ_SEEDS:%=$(FUZZ_OUT)/results/%.json)

$(FUZZ_OUT)/results/%.json: $(FUZZ_DEPS)
	@nice -n 19 $(PYTHON) -m fuzz.campaign one $* --out $(FUZZ_OUT) --levels "$(FUZZ_LEVELS)" \
		--levels-per-seed $(FUZZ_LEVELS_PER_SEED)

.PHONY: fuzz fuzz-results
