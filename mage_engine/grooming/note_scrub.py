"""Every field of a draft or note, scrubbed: title, tags, body and every frontmatter value.

A draft may have been edited by anyone between `mage stage` and grooming (the
agent, a person, another tool), so accept and merge scrub its whole text
again on the way into `mage/`, and staging scrubs tags and extra fields as
well as the title and body. Internal fields mage computed itself (ids,
fingerprints, dates) are strings the scrub leaves alone, so they pass as they were.
"""

from dataclasses import replace

from mage_engine.scrub import scrub


def scrub_value(value):
    """`value` with every string in it scrubbed (dicts and lists walked, keys kept)."""
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {key: scrub_value(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [scrub_value(item) for item in value]
    return value


def scrub_tags(tags) -> list:
    """Tags scrubbed, blank ones dropped, sorted and unique (as notes store them)."""
    return sorted({scrub(str(tag).strip()) for tag in tags or () if str(tag).strip()})


def scrubbed_note(note):
    """The note with its title, body, tags and every frontmatter value scrubbed."""
    return replace(note, title=scrub(note.title), body=scrub(note.body), tags=scrub_tags(note.tags),
                   extra=scrub_value(dict(note.extra)),
                   draft=scrub_value(note.draft) if note.draft is not None else None)
