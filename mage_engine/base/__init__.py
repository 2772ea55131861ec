"""The leaf every layer may use: JSON without `json`, records without `dataclasses`, one-line clips, user-facing errors."""
