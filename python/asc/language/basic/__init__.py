"""The basic kernel API (1:1 with Ascend C basic APIs)."""

from .block_sync import pipe_barrier, set_flag, wait_flag
from .common import reset_mask, set_mask_count, set_mask_norm, set_vector_mask
from .data_copy import copy, data_copy, data_copy_pad, set_pad_value
from .dump_tensor import dump_tensor, printf
from .set_atomic import set_atomic_add, set_atomic_max, set_atomic_min, set_atomic_none, set_atomic_type
from .sys_var import get_block_idx, get_block_num
from .vec_binary import (
    add,
    add_relu,
    bitwise_and,
    bitwise_or,
    div,
    fused_mul_add,
    fused_mul_add_relu,
    max,
    min,
    mul,
    mul_add_dst,
    sub,
    sub_relu,
)
from .vec_binary_scalar import adds, axpy, leaky_relu, maxs, mins, muls, shift_left, shift_right
from .vec_cmpsel import compare, compare_scalar, select
from .vec_duplicate import brcb, duplicate
from .vec_gather import gather, gatherb
from .vec_reduce import (
    block_reduce_max,
    block_reduce_min,
    block_reduce_sum,
    pair_reduce_sum,
    reduce_max,
    reduce_min,
    reduce_sum,
    repeat_reduce_sum,
    whole_reduce_max,
    whole_reduce_min,
    whole_reduce_sum,
)
from .vec_unary import abs, bitwise_not, exp, ln, reciprocal, relu, rsqrt, sqrt
from .vec_vconv import cast

__all__ = [
    "pipe_barrier", "set_flag", "wait_flag", "reset_mask", "set_mask_count", "set_mask_norm", "set_vector_mask",
    "copy", "data_copy", "data_copy_pad", "set_pad_value", "gather", "gatherb", "dump_tensor", "printf", "set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_none",
    "set_atomic_type", "get_block_idx", "get_block_num",
    "add", "add_relu", "bitwise_and", "bitwise_or", "div", "fused_mul_add", "fused_mul_add_relu", "max", "min",
    "mul", "mul_add_dst", "sub", "sub_relu", "adds", "axpy", "leaky_relu", "maxs", "mins", "muls", "shift_left",
    "shift_right", "compare", "compare_scalar", "select", "brcb", "duplicate", "block_reduce_max",
    "block_reduce_min", "block_reduce_sum", "pair_reduce_sum", "repeat_reduce_sum", "reduce_max", "reduce_min",
    "reduce_sum",
    "whole_reduce_max", "whole_reduce_min", "whole_reduce_sum", "abs", "bitwise_not", "exp", "ln", "reciprocal",
    "relu", "rsqrt", "sqrt", "cast",
]
