"""Capture: hook payloads -> the trail; transcripts; chapters; the boundary nudge."""
