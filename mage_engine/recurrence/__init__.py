"""The recurrence path (docs/recurrence.md): distill the trail into signature tallies, promote
recurring situations into drafts, graduate proven procedures into skills, and
keep generated skills' triggers sharp. See docs/recurrence.md.

    trail ──distill──> tallies ──promote──> recurrence drafts (staging)
    notes + usage ──graduate──> mage/skills/<name>/SKILL.md ──optimize──> reword / demote

What the faces call (JSON-ready, `.to_json()` on results): `pipeline.distill`,
`pipeline.tallies`, `pipeline.candidates`, `promote.promote`,
`graduate.graduate`, `optimize.optimize`, `optimize.apply_proposal`,
`optimize.dismiss_proposal`.
"""
