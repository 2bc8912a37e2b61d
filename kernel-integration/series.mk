# The kernel patch series for $(KERNEL), generated into build/ from the
# version's inputs (kernel-integration/$(KERNEL)/) and applied to its tree.
# SERIES_OUT, SERIES_STAMP and SERIES_INPUTS_DIR come from the build layout.

SERIES_INPUTS := $(wildcard $(SERIES_INPUTS_DIR)/patches/*.patch) \
	$(SERIES_INPUTS_DIR)/cover-letter.txt kernel-integration/make-series.sh \
	$(PLUGIN_SRCS) $(PLUGIN_HDRS)

series: $(SERIES_STAMP)
$(SERIES_STAMP): $(SERIES_INPUTS) | $(KERNEL_STAMP)
	kernel-integration/make-series.sh $(KERNEL_SRC) $(SERIES_OUT) $(SERIES_INPUTS_DIR) $(KERNEL)
	touch $@

.PHONY: series
