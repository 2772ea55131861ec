"""The demo knowledge base that `mage demo`, the screenshots and the app's tests open.

Built through the engine from sample data shipped in `data/`: notes as
files, drafts staged with `stage_draft` (so the secret in one is really
scrubbed and the near-duplicate really finds its nearest note), a trail of
three sessions in `.mage/learnings/`, two skills. See `build.build_demo_kb`.
"""
