"""The recurrence path (SPEC 5): distill the trail into signature tallies, promote
recurring situations into drafts, graduate proven procedures into skills, and
keep generated skills' triggers sharp.

    trail ──distill──> tallies ──promote──> recurrence drafts (staging)
    notes + usage ──graduate──> mage/skills/<name>/SKILL.md ──optimize──> reword / demote

Functions the faces call (all return JSON-ready data through `.to_json()`):
`distill.distill`, `candidates.candidates`, `promote.promote`,
`graduate.graduate`, `optimize.optimize`, `optimize.apply_proposal`,
`optimize.dismiss_proposal`; `distill.tallies` reads the last fold.
"""
