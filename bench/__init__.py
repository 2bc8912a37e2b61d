"""make bench: the plugin's compile-time cost and scaling, and the cost of
protection in loads made acquire (see bench/__main__.py, docs/bench.md)."""
