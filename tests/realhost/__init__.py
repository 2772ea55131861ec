"""realhost: run the real Claude Code CLI headless against a scripted model on loopback.

The project's own harness (stdlib only), so a clone of mage can prove its hooks
on the real host: `install` fetches the pinned CLI into a cache once,
`mock_model` serves the Messages API from a scenario, `session` drives one
Claude Code session prompt by prompt, and `context` answers "did this text
reach the model?". See README.md here.
"""
