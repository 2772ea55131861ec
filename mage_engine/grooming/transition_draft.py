"""`mage session remember`: stage a transition draft, the agent's way to teach the graph.

The draft goes through `stage_draft` like every lesson (scrubbed, deduped by
its fingerprint, its nearest note found) and waits in staging for a person to
groom. Its frontmatter holds `from`, `to`, `when`, `do`, `avoid` (and
`supersedes` when it corrects a transition); its body says the same in prose,
so a merge into an existing transition folds it in, and lists as evidence the
failed commands the trail saw between the two steps.
"""

from mage_engine.base.errors import MageError
from mage_engine.terms.step_names import clean_name, step_key
from mage_engine.recall.index.transitions import KIND


def stage_transition(kb, source: str, target: str, when: str = "", do: str = "", avoid: str = "",
                     supersedes: str = ""):
    """Stage one transition draft; returns the StageResult."""
    from mage_engine.grooming.stage import stage_draft

    source, target = _known_spelling(kb, clean_name(source)), _known_spelling(kb, clean_name(target))
    if not step_key(source) or not step_key(target):
        raise MageError("a transition needs two steps", 'pass --from "STEP" and --to "STEP" (words, not only punctuation)')
    if step_key(source) == step_key(target):
        raise MageError(f"--from and --to name the same step ({source!r})", "a transition leads to another step")
    fields = {"from": source, "to": target, "when": _one_line(when), "do": _one_line(do), "avoid": _one_line(avoid)}
    if supersedes:
        _check_supersedes(kb, supersedes)
        fields["supersedes"] = supersedes
    evidence = _evidence(kb, step_key(source), step_key(target))
    said = {key: value for key, value in fields.items() if value}  # an empty `avoid: ''` says nothing
    return stage_draft(kb, _title(fields), _body(fields, evidence), kind=KIND, category="workflow",
                       tags=["transition"], extra=said)


def _known_spelling(kb, name: str) -> str:
    """A name near-identical to a step the graph knows is written as that step is ("run the tests" → "run tests")."""
    from mage_engine.recall.procedure import graph
    from mage_engine.terms.step_names import resolve

    names = graph.steps(graph.with_all_steps(kb))
    key = step_key(name)
    found = resolve(key, names)
    return names[found] if found != key and found in names else name


def _one_line(text) -> str:
    return " ".join(str(text or "").split())[:300]


def _title(fields: dict) -> str:
    title = f"{fields['from']} → {fields['to']}"
    return f"{title}: {fields['when']}" if fields["when"] else title


def _body(fields: dict, evidence: list) -> str:
    said = [f"{word} {fields[key]}" for word, key in (("when", "when"), ("do", "do"), ("avoid", "avoid"))
            if fields[key]]
    lines = [f"From \"{fields['from']}\" to \"{fields['to']}\"" + (": " + "; ".join(said) + "." if said else ".")]
    if evidence:
        lines += ["", "## Evidence", "", "Failures the trail saw on the way from one step to the other:"]
        lines += [f"- `{item['command']}`: {item['error']}" if item["command"] else f"- {item['error']}"
                  for item in evidence]
    return "\n".join(lines)


def _evidence(kb, source: str, target: str) -> list:
    from mage_engine.recall.procedure.outcomes import observed
    from mage_engine.terms.step_names import resolve
    from mage_engine.recall.procedure.traces import all_traces

    table = observed(all_traces(kb))
    known = {key for edge in table for key in edge}
    row = table.get((resolve(source, known), resolve(target, known)))
    return row["evidence"] if row else []


def _check_supersedes(kb, note_id: str) -> None:
    from mage_engine.base.errors import NoteFormatError
    from mage_engine.kb.ids import is_safe_id
    from mage_engine.kb.notes import read_note

    if not is_safe_id(note_id):
        raise MageError(f"'{note_id}' is not a note id", "`mage session graph` lists the transitions and their ids")
    try:
        note = read_note(kb.note_path(note_id))
    except NoteFormatError:
        raise MageError(f"no note '{note_id}' to supersede", "`mage session graph` lists the transitions and their ids")
    if note.kind != KIND:
        raise MageError(f"'{note_id}' is a {note.kind}, not a transition", "--supersedes names a transition note")
