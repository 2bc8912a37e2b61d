"""Harness for the arm64 QEMU test kernel.

Building (kbuild), booting (boot) and reading the console log (console)
are separate modules, as in the kernel's tools/testing/kunit.
"""
