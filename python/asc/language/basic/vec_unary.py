"""Vector unary operations (`AscendC::Exp`, `Ln`, `Abs`, ...)."""

from __future__ import annotations

from ..core.dtype import float16, float32, int16, int32, uint16
from ._families import F16_F32, unary

abs = unary("abs", "Abs", F16_F32)  # noqa: A001 - pyasc's name
exp = unary("exp", "Exp", F16_F32)
ln = unary("ln", "Ln", F16_F32)
sqrt = unary("sqrt", "Sqrt", F16_F32)
rsqrt = unary("rsqrt", "Rsqrt", F16_F32)
reciprocal = unary("reciprocal", "Reciprocal", F16_F32)
relu = unary("relu", "Relu", (float16, int32, float32))
bitwise_not = unary("bitwise_not", "Not", (int16, uint16))

__all__ = ["abs", "exp", "ln", "sqrt", "rsqrt", "reciprocal", "relu", "bitwise_not"]
