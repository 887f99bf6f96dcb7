"""Moving data in and out: imports, exports, backup and restore."""
