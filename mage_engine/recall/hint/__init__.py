"""The hint at UserPromptSubmit: the decision for one prompt, its explanation, the ledger's decisions, `mage eval`."""
