# Build the plugin once for each compiler that loads it, each against that
# compiler's own plugin headers, with g++ as scripts/gcc-plugins/Makefile does.
# gcc-common.h comes from the extracted kernel tree.

PLUGIN_SRC := $(wildcard plugin/rcu_deref*.c)
PLUGIN_HDR := $(wildcard plugin/rcu_deref*.h)
# PLUGIN_OUT, PLUGIN_TARGETS (a folder a target and compiler) and the
# compiler of each, plugin_cc.<folder>, come from the build layout.
PLUGINS := $(foreach t,$(PLUGIN_TARGETS),$(PLUGIN_OUT)/$(t)/rcu_deref_plugin.so)

PLUGIN_CXXFLAGS := -O2 -fPIC -shared -std=gnu++11 \
	-fno-rtti -fno-exceptions -fasynchronous-unwind-tables -ggdb \
	-Wall -Wno-narrowing -Wno-unused-variable -Wno-format-diag \
	-DPLUGIN_VERSION='"rcu-deref"' \
	-I $(KERNEL_SRC)/scripts/gcc-plugins -I plugin

$(PLUGIN_OUT)/%/rcu_deref_plugin.so: $(PLUGIN_SRC) $(PLUGIN_HDR) plugin/plugin.mk | $(KERNEL_STAMP)
	@mkdir -p $(@D)
	$(HOSTCXX) $(PLUGIN_CXXFLAGS) -I $$($(plugin_cc.$*) -print-file-name=plugin)/include \
		-o $@.tmp $(PLUGIN_SRC)
	mv -f $@.tmp $@

# For the tests only: the plugin as if built for another GCC release.
TEST_PLUGINS := $(foreach t,$(PLUGIN_TARGETS),$(PLUGIN_OUT)/$(t)/rcu_deref_plugin-gcc11.so)

$(PLUGIN_OUT)/%/rcu_deref_plugin-gcc11.so: $(PLUGIN_SRC) $(PLUGIN_HDR) plugin/plugin.mk | $(KERNEL_STAMP)
	@mkdir -p $(@D)
	$(HOSTCXX) $(PLUGIN_CXXFLAGS) -I $$($(plugin_cc.$*) -print-file-name=plugin)/include \
		-DRCU_DEREF_BUILT_FOR_BASEVER='"11.3.0"' -o $@.tmp $(PLUGIN_SRC)
	mv -f $@.tmp $@

test-plugins: $(TEST_PLUGINS)
.PHONY: test-plugins

-include $(PLUGINS:=.d)
