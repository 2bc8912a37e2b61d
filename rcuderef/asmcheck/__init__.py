"""Independent aarch64 oracle for rcu_dereference() address dependencies."""
