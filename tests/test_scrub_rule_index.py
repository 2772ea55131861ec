"""The scrub loads a rule's family only when a text holds one of its keywords (scrub/rule_index.py).

The table is generated from the rules; a rule edited without regenerating it would
be gated by stale keywords, so the table must match the rules exactly. A text that
wakes no rule loads no family; one that does loads that family, and finds the same
secrets as a process that loaded them all.
"""

import subprocess
import sys
from pathlib import Path

from mage_engine.scrub import engine, make_rule_index, rule_index


def test_the_generated_table_matches_the_rules():
    current = Path(rule_index.__file__).read_text(encoding="utf-8")
    assert make_rule_index.generate(current) == current, \
        "scrub rules changed: run `.venv/bin/python -m mage_engine.scrub.make_rule_index`"
    assert list(rule_index.INDEX) == make_rule_index.rows()
    assert len(engine.RULES) == len(rule_index.INDEX)


def families_loaded(text: str) -> list:
    code = ("import sys; from mage_engine.scrub import scrub; print(scrub(sys.argv[1]));"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('mage_engine.scrub.'))))")
    done = subprocess.run([sys.executable, "-c", code, text], capture_output=True, text=True, check=True)
    scrubbed, loaded = done.stdout.splitlines()
    return scrubbed, loaded.split()


FAMILY_MODULES = {"mage_engine.scrub.assign", "mage_engine.scrub.command_lines", "mage_engine.scrub.files",
                  "mage_engine.scrub.shapes", "mage_engine.scrub.vendor_shapes", "mage_engine.scrub.names",
                  "mage_engine.scrub.values"}


def test_a_text_that_wakes_no_rule_loads_no_family():
    scrubbed, loaded = families_loaded("why does the build take so long on a fresh checkout")
    assert scrubbed == "why does the build take so long on a fresh checkout"
    assert not FAMILY_MODULES & set(loaded)


def test_a_text_with_a_keyword_loads_its_family_and_finds_what_all_the_rules_find():
    text = "set DB_PASSWORD=Zq8#kLm2vR9x!pW and run it"
    scrubbed, loaded = families_loaded(text)
    assert "mage_engine.scrub.assign" in loaded and "mage_engine.scrub.vendor_shapes" not in loaded
    assert "Zq8#kLm2vR9x!pW" not in scrubbed
    every = [(order, rule) for order, rule in enumerate(engine.RULES) if rule.applies_to(text, text.lower())]
    spans = engine._merge([(s, e, k, o) for o, r in every for s, e, k in r.spans(text, text.lower()) if e > s])
    assert engine.render(text, [(s, e, k) for s, e, k, _ in spans]) == scrubbed  # the eager way, same result
