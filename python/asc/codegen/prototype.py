"""A kernel's signature as the compiler sees it: names, kinds and IR types of parameters."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..language.core import semantic
from ..language.core.dtype import DataType
from ..language.core.ir_value import GlobalAddress, PlainValue, gm_addr_type


@dataclass(frozen=True)
class Param:
    """One parameter: a GM pointer, a runtime scalar or a compile-time constant."""

    name: str
    kind: str  # "pointer" | "scalar" | "constexpr"
    dtype: DataType | None = None
    value: Any = None

    @property
    def is_constexpr(self) -> bool:
        return self.kind == "constexpr"

    @property
    def ir_type(self) -> str:
        if self.kind == "pointer":
            return gm_addr_type(self.dtype)
        return semantic.ir_scalar_type(self.dtype)

    def wrap(self, handle: Any) -> Any:
        if self.kind == "pointer":
            return GlobalAddress(handle, self.dtype)
        return PlainValue(handle, self.dtype)


@dataclass
class Prototype:
    name: str
    file: str
    first_line: int
    params: list[Param] = field(default_factory=list)

    @property
    def runtime_params(self) -> list[Param]:
        return [p for p in self.params if not p.is_constexpr]
