"""Independent oracles for rcu_dereference() address dependencies, read
from the assembly: aarch64.py, x86_64.py, ppc64le.py, riscv64.py (on the
shared must-analysis of dataflow.py), and ordering.py."""
