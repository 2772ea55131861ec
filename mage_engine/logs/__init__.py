"""Daily logs: `mage/logs/YYYY-MM-DD.md`, one entry per session, written from the trail."""
