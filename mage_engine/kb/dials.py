"""What a knowledge base's mage/config.yaml sets: the Config record, its defaults, and the two dials.

`sensitivity` sets K and M (the chapters a recurring pattern needs before it is
a candidate, and a proven procedure before it graduates: THRESHOLDS);
`autonomy` says what the agent may groom. Read and written by config.py and
config_yaml.py; on the hook path, so no yaml, json or dataclasses at import.
"""

from mage_engine.base.plainrecord import PlainRecord

SENSITIVITIES = ("low", "normal", "high")
AUTONOMIES = ("operator", "approver", "overseer")
THRESHOLDS = {"low": (4, 7), "normal": (3, 5), "high": (2, 4)}

DEFAULT_CONFIG_TEXT = """\
# mage settings for this knowledge base. Docs: `mage dial --help`.
sensitivity: normal      # low | normal | high  -> K and M (see `mage dial`)
autonomy: operator       # operator | approver | overseer: what the agent may groom
hint: {min_score: 0.5, count: 4}
capture: {min_chars: 400, retain_days: 30, max_mb: 200}
memory: {budget_lines: 200}
"""

class Config(PlainRecord):
    """Every setting mage reads, after defaults, the file and the environment.

    A PlainRecord rather than a dataclass (same constructor, == and repr):
    `dataclasses` would cost each hook run about 6 ms to import.
    """

    FIELDS = ("sensitivity", "autonomy", "hint_min_score", "hint_count", "capture_min_chars", "retain_days",
              "max_mb", "budget_lines", "thresholds", "logs", "warnings", "kbs", "scratch")

    def __init__(self, sensitivity: str = "normal", autonomy: str = "operator", hint_min_score: float = 0.5,
                 hint_count: int = 4, capture_min_chars: int = 400, retain_days: int = 30, max_mb: int = 200,
                 budget_lines: int = 200, thresholds: dict | None = None, logs: bool = False,
                 warnings: list | None = None, kbs: list | None = None, scratch: str = "own"):
        self.sensitivity = sensitivity
        self.autonomy = autonomy
        self.hint_min_score = hint_min_score
        self.hint_count = hint_count
        self.capture_min_chars = capture_min_chars
        self.retain_days = retain_days
        self.max_mb = max_mb
        self.budget_lines = budget_lines
        self.thresholds = thresholds  # explicit {K, M} override the dial
        self.logs = logs
        self.warnings = [] if warnings is None else warnings
        self.kbs = [] if kbs is None else kbs  # [{"name", "path"}]: other KBs searched beside this one (kbs/)
        self.scratch = scratch  # "own" | "shared": a linked worktree's .mage/ (kb/worktree.py)

    def to_dict(self) -> dict:
        """Every field, as the JSON cache keeps it (a copy: changing it leaves the Config alone)."""
        return {name: _copied(value) for name, value in super().to_dict().items()}

    @property
    def k(self) -> int:
        """Distinct chapters before a recurring pattern becomes a candidate."""
        if self.thresholds and "K" in self.thresholds:
            return int(self.thresholds["K"])
        return THRESHOLDS.get(self.sensitivity, THRESHOLDS["normal"])[0]

    @property
    def m(self) -> int:
        """Distinct chapters before a proven procedure graduates to a skill."""
        if self.thresholds and "M" in self.thresholds:
            return int(self.thresholds["M"])
        return THRESHOLDS.get(self.sensitivity, THRESHOLDS["normal"])[1]


def _copied(value):
    """A deep copy of JSON-like data (what dataclasses.asdict made of a field)."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_copied(item) for item in value)
    return value
