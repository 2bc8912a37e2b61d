"""Harness for the QEMU test kernels (arm64, powerpc, riscv: the build
layout's KARCHS).

Building (kbuild), booting (boot) and reading the console log (console)
are separate modules, as in the kernel's tools/testing/kunit.
"""
