"""Host-side libraries (`asc.lib.runtime`)."""
