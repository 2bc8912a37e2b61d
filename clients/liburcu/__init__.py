"""liburcu clients: programs, their aarch64 build, and the report."""
