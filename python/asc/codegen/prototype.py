"""A kernel's signature as the compiler sees it: names, kinds and IR types of parameters."""

from __future__ import annotations

from typing import Any

from .._record import Record, factory

# The generated op surface (asc._C._ods) is imported by the functions that build IR: `import asc`
# does not load it.
from ..language.core import semantic
from ..language.core.dtype import DataType
from ..language.core.ir_value import GlobalAddress, PlainValue, gm_addr_type
from ..language.core.struct import StructValue


class Param(Record, frozen=True):
    """One parameter: a GM pointer, a runtime scalar or a compile-time constant."""

    name: str
    kind: str  # "pointer" | "scalar" | "constexpr" | "struct" | "object" (a device-function argument)
    dtype: DataType | None = None
    value: Any = None  # the constant, or for "object" the caller's value used as a template

    @property
    def is_constexpr(self) -> bool:
        return self.kind == "constexpr"

    @property
    def ir_type(self) -> Any:
        """The MLIR type: its text, or (for "object") the caller's value's type."""
        from .._C import _ods
        if self.kind == "object":
            return self.value.handle.type
        if self.kind == "struct":
            return _ods.gm_addr_type(self.value.ir_type())
        if self.kind == "pointer":
            return gm_addr_type(self.dtype)
        return semantic.ir_scalar_type(self.dtype)

    def wrap(self, handle: Any) -> Any:
        if self.kind == "object":
            return self.value.with_handle(handle)
        if self.kind == "struct":
            return StructValue.load(handle, self.value)
        if self.kind == "pointer":
            return GlobalAddress(handle, self.dtype)
        return PlainValue(handle, self.dtype)


class Prototype(Record):
    """A function to build: the kernel (`is_kernel`) or a device function it calls."""

    name: str
    file: str
    first_line: int
    params: list[Param] = factory(list)
    is_kernel: bool = True

    @property
    def runtime_params(self) -> list[Param]:
        return [p for p in self.params if not p.is_constexpr]
