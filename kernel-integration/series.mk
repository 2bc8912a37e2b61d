# The kernel patch series, generated into build/ and applied to the tree.

SERIES_OUT := $(BUILD)/kernel-integration/patches
SERIES_STAMP := $(BUILD)/kernel-integration/applied
SERIES_INPUTS := $(wildcard kernel-integration/patches/*.patch) \
	kernel-integration/cover-letter.txt kernel-integration/make-series.sh \
	$(PLUGIN_SRCS) $(PLUGIN_HDRS)

series: $(SERIES_STAMP)
$(SERIES_STAMP): $(SERIES_INPUTS) | $(KERNEL_STAMP)
	kernel-integration/make-series.sh $(KERNEL_SRC) $(SERIES_OUT)
	touch $@

.PHONY: series
