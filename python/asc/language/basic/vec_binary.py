"""Vector binary operations, tensor ⊕ tensor (`AscendC::Add`, `Sub`, ...), in all three call forms."""

from __future__ import annotations

from ..core.dtype import float16, float32, int16, uint16
from ._families import ARITH, F16_F32, binary

add = binary("add", "Add", ARITH)
sub = binary("sub", "Sub", ARITH)
mul = binary("mul", "Mul", ARITH)
div = binary("div", "Div", F16_F32)
max = binary("max", "Max", ARITH)  # noqa: A001 - pyasc's name
min = binary("min", "Min", ARITH)  # noqa: A001 - pyasc's name
add_relu = binary("add_relu", "AddRelu", (int16, float16, float32))
sub_relu = binary("sub_relu", "SubRelu", (int16, float16, float32))
bitwise_and = binary("bitwise_and", "And", (int16, uint16))
bitwise_or = binary("bitwise_or", "Or", (int16, uint16))
fused_mul_add = binary("fused_mul_add", "FusedMulAdd", F16_F32)
fused_mul_add_relu = binary("fused_mul_add_relu", "FusedMulAddRelu", F16_F32)
mul_add_dst = binary("mul_add_dst", "MulAddDst", F16_F32, same_dst=False)

__all__ = ["add", "sub", "mul", "div", "max", "min", "add_relu", "sub_relu", "bitwise_and", "bitwise_or",
           "fused_mul_add", "fused_mul_add_relu", "mul_add_dst"]
