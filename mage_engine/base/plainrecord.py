"""`PlainRecord`: what a dataclass gives a small record (==, repr), without `dataclasses`.

Importing `dataclasses` loads `inspect` (and `ast`, `dis`, `tokenize`…), about
6 ms, on every hook run that touches a record. The records the hooks make
(Config, search hits, transcript turns, host changes) subclass this instead
and write their own `__init__`, which keeps their fields and defaults in plain
sight.
"""


class PlainRecord:
    """A record compared and shown field by field, like a dataclass with eq=True.

    Subclasses list their fields in `FIELDS`, in constructor order.
    """

    FIELDS = ()

    def to_dict(self) -> dict:
        """{field: value}, in FIELDS order (values are not copied)."""
        return {name: getattr(self, name) for name in self.FIELDS}

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _field_values(self) == _field_values(other)

    __hash__ = None  # mutable, so unhashable, as a dataclass with eq=True is

    def __repr__(self):
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__qualname__}({fields})"


def _field_values(record) -> tuple:
    return tuple(getattr(record, name) for name in record.FIELDS)
