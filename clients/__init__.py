"""Programs that use the plugin from outside the kernel (see clients.mk)."""
