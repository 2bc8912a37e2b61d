# Programs that use the plugin outside the kernel (clients/).
#
#   make liburcu        compile the liburcu client programs with the plugin
#                       (aarch64 and x86_64, warning and fix-up modes), read
#                       their assembly, run them on the host, and write the
#                       report docs/liburcu.md
#   make liburcu-check  the fast test of the same programs (tests/test_liburcu.py)

liburcu: plugins
	$(PYTHON) -m clients.liburcu.report

liburcu-check: plugins
	$(PYTHON) -m pytest -q tests/test_liburcu.py

.PHONY: liburcu liburcu-check
