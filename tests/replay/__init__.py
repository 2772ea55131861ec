"""Replay: synthetic multi-session trails built through the real `mage-hook`, with planted
recurring patterns and realistic noise, for the recurrence path's tests."""
