"""The staging batch's rows with each draft's suggested KB (`kb`, `kb_why`), for `mage drafts` and the app."""


def add_suggestions(kb, rows: list) -> None:
    """Add `kb` and `kb_why` to each draft row of `kb`'s staging batch (in place)."""
    from mage_engine.grooming.lookup import load_draft
    from mage_engine.kbs.personal import personal_kb
    from mage_engine.kbs.suggest import suggested_kb

    personal = personal_kb()
    if personal is None or personal == kb:
        return  # nothing to choose between
    for row in rows:
        try:
            draft = load_draft(kb, row["id"])
        except Exception:  # an unreadable draft is listed as a problem already
            continue
        row["kb"], row["kb_why"] = suggested_kb(kb, draft, True)
