"""The capture trail (.mage/learnings/): appended per session, rotated, read back; chapters; per-session state."""
