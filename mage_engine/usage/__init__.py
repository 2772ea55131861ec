"""What mage injected and what was used: the injection ledger, usage events, per-note metrics, attribution."""
