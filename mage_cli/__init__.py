"""The `mage` command: thin click faces over mage_engine."""
