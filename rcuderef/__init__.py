"""What several parts of rcu-deref share: the build layout, the compiler
driver, GCC's JSON diagnostics, the assembly checkers, compile_commands and
the ELF section reader.  tests/, survey/, fuzz/, bench/, clients/ and the
QEMU harness import it; it imports none of them."""
