"""Adopting memories written elsewhere (`mage import`) and leaving with everything (`mage export`)."""
