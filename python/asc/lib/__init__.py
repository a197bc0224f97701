"""Host-side libraries (`asc.lib.runtime`, `asc.lib.host`)."""
