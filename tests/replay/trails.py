"""The replay trail, in two stages, built through the real hook entry point.

Stage 1: four sessions, seven chapters (one of them a compaction with no
work); each planted pattern in exactly 2 chapters, with its wording, paths,
numbers and module names varied; noise everywhere. Stage 2 adds one session
whose single chapter holds the third sighting of every planted pattern.
So at the default K=3 nothing is a candidate after stage 1 (K-1 chapters) and
exactly the three planted patterns are after stage 2; at high sensitivity
(K=2) they already are after stage 1; at low (K=4) none is after stage 2.
"""

from replay import scenarios as s
from replay.builder import replay
from replay.payloads import Session


def stage_one(root) -> list:
    a, b, c, d = (Session(root, name) for name in ("alpha", "bravo", "charlie", "delta"))
    s.import_fix(a)
    s.ordinary_work(a, 1)
    s.subagent_fix(a)
    s.source_fix(a, line=17)
    a.compact()
    s.flaky_retry(a, reruns=3, errno=104, line=88)
    s.one_off_errors(a, 0)
    a.stop()
    a.end()

    s.pnpm_correction(b)
    s.ordinary_work(b, 2)
    s.subagent_fix(b)
    b.compact("manual")  # and then nothing: a chapter with no work
    b.end()

    s.import_fix(c, command="python -m pytest -q tests/test_invoices.py", module="acme_billing.invoices",
                 test_file="tests/test_invoices.py")
    s.harness_noise(c)
    s.source_fix(c, line=23)
    c.compact()
    s.flaky_retry(c, reruns=2, errno=54, line=91)
    s.pnpm_correction(c, command="npm install -D vitest", said="Don't use npm here, we use pnpm.",
                      then="pnpm add -D vitest")
    c.end()

    s.unfixed_error(d)
    s.ordinary_work(d, 3)
    s.subagent_fix(d)
    s.source_fix(d, line=31)
    s.one_off_errors(d, 1)
    d.bash("pip install requests", "Successfully installed requests-2.32.3")
    d.prompt("Actually, use uv for installs instead of pip.")
    d.bash("uv add requests", "Resolved 12 packages in 211ms")
    d.stop()
    d.end()
    return [a, b, c, d]


def stage_two(root) -> list:
    e = Session(root, "echo")
    s.import_fix(e, command="pytest -q tests/", module="acme_billing.api")
    s.flaky_retry(e, reruns=5, errno=104, line=102)
    s.pnpm_correction(e, command="npm i zod", said="Stop — we use pnpm in this repo, not npm.", then="pnpm add zod")
    s.ordinary_work(e, 4)
    e.end()
    return [e]


def build(root, stage) -> None:
    """Replay one stage's sessions into the KB at `root`."""
    replay(stage(root))
