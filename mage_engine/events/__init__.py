"""The top of the engine: `mage-hook EVENT`'s dispatcher and its handlers, each a payload turned into one engine call."""
