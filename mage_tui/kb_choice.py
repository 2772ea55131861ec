"""Accepting a batch whose drafts go to two KBs: the project's and the personal one (the `t` key)."""


def accept_split(kb, ids: list, to: dict, actor) -> dict:
    """Accept the drafts `to` sends to "personal" into the personal KB, the others into `kb`: one result."""
    from mage_engine.grooming import groom
    from mage_engine.kbs.personal import require_personal_kb
    from mage_engine.grooming.transfer import accept_into

    mine = [draft_id for draft_id in ids if to.get(draft_id) == "personal"]
    here = [draft_id for draft_id in ids if draft_id not in mine]
    results = []
    if here:
        results.append(groom.accept(kb, here, actor=actor).to_json())
    if mine:
        results.append(accept_into(kb, require_personal_kb(), mine, actor, label="personal").to_json())
    commands = [result["git_command"] for result in results if result.get("git_command")]
    return {"action": "accept", "done": [item for result in results for item in result["done"]],
            "written": [path for result in results for path in result["written"]],
            "git_command": " ; ".join(commands) or None,
            "warnings": [warning for result in results for warning in result.get("warnings", [])]}
