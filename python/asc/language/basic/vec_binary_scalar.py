"""Vector ⊕ scalar operations (`AscendC::Adds`, `Muls`, ...) and the ternary `Axpy`."""

from __future__ import annotations

from ..core.dtype import int16, int32, uint16, uint32
from ._families import ARITH, F16_F32, binary_scalar

adds = binary_scalar("adds", "Adds", ARITH)
muls = binary_scalar("muls", "Muls", ARITH)
maxs = binary_scalar("maxs", "Maxs", ARITH)
mins = binary_scalar("mins", "Mins", ARITH)
leaky_relu = binary_scalar("leaky_relu", "LeakyRelu", F16_F32)
shift_left = binary_scalar("shift_left", "ShiftLeft", (int16, uint16, int32, uint32))
shift_right = binary_scalar("shift_right", "ShiftRight", (int16, uint16, int32, uint32))
axpy = binary_scalar("axpy", "Axpy", F16_F32, family="vector ternary-scalar")

__all__ = ["adds", "muls", "maxs", "mins", "leaky_relu", "shift_left", "shift_right", "axpy"]
