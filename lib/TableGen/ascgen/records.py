"""The TableGen records of the asc dialect, as `llvm-tblgen --dump-json` writes them.

`Records` wraps the JSON: record lookup, class membership, field access that resolves `def`
references, and the definition order (the JSON lists records alphabetically; the order of the `.td`
files, which fixes overload order and enum order, comes from each record's first `!locs` entry).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_LOC = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+)$")

# The .td files in the order AscOps.td includes them: records of earlier files come first.
_FILE_ORDER = ("AscDialect.td", "AscHardware.td", "AscAttrs.td", "AscControlAttrs.td", "AscTypes.td",
               "AscInterfaces.td", "AscOps.td", "AscSystemOps.td", "AscMemoryOps.td", "AscVectorOps.td",
               "AscQuantOps.td", "AscCmpMaskOps.td", "AscReduceOps.td", "AscStateOps.td",
               "AscParamOps.td", "AscLayoutOps.td", "AscSyncOps.td", "AscFrameworkOps.td",
               "AscStructOps.td", "AscDebugOps.td", "AscControlOps.td")


@dataclass(frozen=True)
class Record:
    """One record: its name and its raw JSON fields."""

    name: str
    raw: dict[str, Any]
    records: Records

    def isa(self, cls: str) -> bool:
        return cls in self.raw.get("!superclasses", ())

    def has(self, field: str) -> bool:
        return field in self.raw

    def get(self, field: str, default: Any = None) -> Any:
        """A field's value; `def` references become Records, lists are converted element-wise."""
        if field not in self.raw:
            return default
        return self.records.convert(self.raw[field])

    def str(self, field: str, default: str = "") -> str:
        v = self.raw.get(field)
        return default if v is None else v

    def int(self, field: str, default: int = 0) -> int:
        v = self.raw.get(field)
        return default if v is None else int(v)

    def def_(self, field: str) -> Record | None:
        v = self.raw.get(field)
        if isinstance(v, dict) and v.get("kind") == "def":
            return self.records[v["def"]]
        return None

    @property
    def order(self) -> tuple[int, int, int]:
        """(file index, line, line in the multiclass) of the record's definition: a record made by
        `defm` is ordered by the `defm` line (its last location), then by its `def` in the
        multiclass (its first)."""
        locs = [m for m in map(_LOC.match, self.raw.get("!locs") or []) if m]
        if not locs:
            return (len(_FILE_ORDER), 0, 0)
        f = locs[-1].group("file")
        idx = _FILE_ORDER.index(f) if f in _FILE_ORDER else len(_FILE_ORDER)
        return (idx, int(locs[-1].group("line")), int(locs[0].group("line")))

    @property
    def anonymous(self) -> bool:
        return bool(self.raw.get("!anonymous"))

    def __repr__(self) -> str:
        return f"Record({self.name})"


class Records:
    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        self._cache: dict[str, Record] = {}

    @classmethod
    def load(cls, path: Path) -> Records:
        return cls(json.loads(path.read_text()))

    def __getitem__(self, name: str) -> Record:
        rec = self._cache.get(name)
        if rec is None:
            rec = self._cache[name] = Record(name, self._data[name], self)
        return rec

    def __contains__(self, name: str) -> bool:
        return name in self._data and not name.startswith("!")

    def instances(self, cls: str) -> list[Record]:
        """Every record derived from class `cls`, in definition order."""
        names = self._data.get("!instanceof", {}).get(cls, [])
        return sorted((self[n] for n in names), key=lambda r: (r.order, r.name))

    def convert(self, value: Any) -> Any:
        if isinstance(value, dict):
            kind = value.get("kind")
            if kind == "def":
                return self[value["def"]]
            if kind == "dag":
                return Dag(self.convert(value["operator"]),
                           [(self.convert(a), n) for a, n in value["args"]])
            return value
        if isinstance(value, list):
            return [self.convert(v) for v in value]
        return value


@dataclass(frozen=True)
class Dag:
    operator: Any
    args: list[tuple[Any, str | None]]
