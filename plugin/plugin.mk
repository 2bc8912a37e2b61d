# Build the plugin once for each compiler that loads it, each against that
# compiler's own plugin headers, with g++ as scripts/gcc-plugins/Makefile does:
# every plugin/rcu_deref*.c is compiled to an object, and the objects are
# linked into rcu_deref_plugin.so.  gcc-common.h comes from the extracted
# kernel tree.

PLUGIN_SRCS := $(sort $(wildcard plugin/rcu_deref*.c))
PLUGIN_HDRS := $(sort $(wildcard plugin/rcu_deref*.h))
# PLUGIN_OUT, PLUGIN_TARGETS (a folder a target and compiler) and the
# compiler of each, plugin_cc.<folder>, come from the build layout.
PLUGINS := $(foreach t,$(PLUGIN_TARGETS),$(PLUGIN_OUT)/$(t)/rcu_deref_plugin.so)

PLUGIN_CXXFLAGS := -O2 -fPIC -std=gnu++11 \
	-fno-rtti -fno-exceptions -fasynchronous-unwind-tables -ggdb \
	-Wall -Wno-narrowing -Wno-unused-variable -Wno-format-diag \
	-DPLUGIN_VERSION='"rcu-deref"' \
	-I $(KERNEL_SRC)/scripts/gcc-plugins -I plugin

# The objects of one target's plugin.
plugin_objs = $(patsubst plugin/%.c,$(PLUGIN_OUT)/$(1)/obj/%.o,$(PLUGIN_SRCS))

define plugin_rules
$(call plugin_objs,$(1)): $(PLUGIN_OUT)/$(1)/obj/%.o: plugin/%.c plugin/plugin.mk \
		| $(KERNEL_STAMP)
	@mkdir -p $$(@D)
	$$(HOSTCXX) $$(PLUGIN_CXXFLAGS) \
		-I $$$$($(plugin_cc.$(1)) -print-file-name=plugin)/include \
		-MMD -MP -MF $$@.d -MT $$@ -c -o $$@ $$<

# Every symbol the objects take from outside is made weak before linking:
# the plugin built for one GCC release, loaded by another, must reach its
# version check in plugin_init (which names both releases) instead of the
# dynamic loader's "undefined symbol" for a function the other release
# declares differently.  Where the versions match, every symbol is there.
$(PLUGIN_OUT)/$(1)/rcu_deref_plugin.so: $(call plugin_objs,$(1))
	@mkdir -p $$@.weak
	nm -u $$^ | awk 'NF == 2 { print $$$$2 }' | sort -u >$$@.undef
	for o in $$^; do objcopy --weaken-symbols=$$@.undef $$$$o $$@.weak/$$$${o##*/}; done
	$$(HOSTCXX) -shared -o $$@.tmp $$(addprefix $$@.weak/,$$(notdir $$^))
	rm -rf $$@.weak $$@.undef
	mv -f $$@.tmp $$@

-include $(addsuffix .d,$(call plugin_objs,$(1)))
endef

$(foreach t,$(PLUGIN_TARGETS),$(eval $(call plugin_rules,$(t))))
