"""Independent aarch64 assembly oracle for rcu_dereference() address dependencies."""
