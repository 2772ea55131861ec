"""The checks `mage doctor` runs, one module per area; each returns `doctor.Check` lines."""
