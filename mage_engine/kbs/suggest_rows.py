"""The staging batch's rows with each draft's suggested KB (`kb`, `kb_why`), for `mage drafts` and the app."""


def add_suggestions(kb, rows: list) -> None:
    """Add `kb` and `kb_why` to each readable draft row of `kb`'s staging batch (in place), from the
    row's title, summary, kind and tags; nothing when there is no personal KB to choose."""
    from mage_engine.kbs.personal import personal_kb
    from mage_engine.kbs.suggest import suggested_kb

    personal = personal_kb()
    if personal is None or personal == kb:
        return  # nothing to choose between
    for row in rows:
        if row.get("broken") or "title" not in row:
            continue
        row["kb"], row["kb_why"] = suggested_kb(kb, row["title"], row.get("summary") or "", row.get("kind") or "",
                                                row.get("tags") or (), True)
