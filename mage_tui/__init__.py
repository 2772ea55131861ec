"""mage's grooming app: a keyboard-first Textual face over mage_engine."""
