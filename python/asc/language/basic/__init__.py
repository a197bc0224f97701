"""The basic kernel API (1:1 with Ascend C basic APIs)."""

from .block_sync import pipe_barrier, set_flag, wait_flag
from .cache import data_cache_clean_and_invalid, get_icache_preload_status, icache_preload
from .common import reset_mask, set_mask_count, set_mask_norm, set_vector_mask
from .data_copy import copy, data_copy, data_copy_pad, load_image_to_local, set_pad_value
from .dump_tensor import dump_tensor, printf
from .scalar import (
    count_bits_cnt_same_as_sign_bit,
    scalar_cast,
    scalar_count_leading_zero,
    scalar_get_count_of_value,
    scalar_get_sff_value,
)
from .set_atomic import set_atomic_add, set_atomic_max, set_atomic_min, set_atomic_none, set_atomic_type
from .sys_control import (
    ascend_is_aic,
    ascend_is_aiv,
    check_local_memory_ia,
    data_cache_preload,
    get_hccl_context,
    get_store_atomic_config,
    get_sys_workspace,
    init_soc_state,
    set_aipp_functions,
    set_hccl_context,
    set_hf32_mode,
    set_hf32_trans_mode,
    set_mm_layout_transform,
    set_store_atomic_config,
    set_sys_workspace,
)
from .sys_var import (
    get_arch_version,
    get_block_idx,
    get_block_num,
    get_data_block_size_in_bytes,
    get_program_counter,
    get_sub_block_idx,
    get_sub_block_num,
    get_system_cycle,
    get_task_ratio,
    trap,
)
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
from .vec_cmpsel import compare, compare_scalar, get_cmp_mask, select, set_cmp_mask
from .vec_duplicate import brcb, duplicate
from .vec_gather import gather, gatherb
from .vec_gather_mask import gather_mask, get_gather_mask_remain_count
from .vec_quant import (
    add_deq_relu,
    add_relu_cast,
    bilinear_interpolation,
    cast_deq,
    mul_cast,
    set_deq_scale,
    sub_relu_cast,
)
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
from .vec_scatter import scatter
from .vec_transpose import trans_data_to_5hd, transpose
from .vec_unary import abs, bitwise_not, exp, ln, reciprocal, relu, rsqrt, sqrt
from .vec_vconv import cast

__all__ = [
    "pipe_barrier", "set_flag", "wait_flag", "reset_mask", "set_mask_count", "set_mask_norm", "set_vector_mask",
    "copy", "data_copy", "data_copy_pad", "load_image_to_local", "set_pad_value", "gather", "gatherb", "gather_mask", "get_gather_mask_remain_count", "scatter", "transpose", "trans_data_to_5hd", "dump_tensor", "printf", "set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_none",
    "set_atomic_type", "get_block_idx", "get_block_num",
    "data_cache_clean_and_invalid", "get_icache_preload_status", "icache_preload",
    "count_bits_cnt_same_as_sign_bit", "scalar_cast", "scalar_count_leading_zero", "scalar_get_count_of_value",
    "scalar_get_sff_value", "ascend_is_aic", "ascend_is_aiv", "check_local_memory_ia", "data_cache_preload",
    "get_hccl_context", "get_store_atomic_config", "get_sys_workspace", "init_soc_state", "set_hccl_context",
    "set_hf32_mode", "set_hf32_trans_mode", "set_mm_layout_transform", "set_store_atomic_config",
    "set_sys_workspace", "set_aipp_functions", "get_arch_version", "get_data_block_size_in_bytes", "get_program_counter",
    "get_sub_block_idx", "get_sub_block_num", "get_system_cycle", "get_task_ratio", "trap",
    "add", "add_relu", "bitwise_and", "bitwise_or", "div", "fused_mul_add", "fused_mul_add_relu", "max", "min",
    "mul", "mul_add_dst", "sub", "sub_relu", "adds", "axpy", "leaky_relu", "maxs", "mins", "muls", "shift_left",
    "shift_right", "compare", "compare_scalar", "get_cmp_mask", "set_cmp_mask", "select", "brcb", "duplicate", "block_reduce_max",
    "block_reduce_min", "block_reduce_sum", "pair_reduce_sum", "repeat_reduce_sum", "reduce_max", "reduce_min",
    "reduce_sum",
    "whole_reduce_max", "whole_reduce_min", "whole_reduce_sum", "abs", "bitwise_not", "exp", "ln", "reciprocal",
    "relu", "rsqrt", "sqrt", "cast",
    "add_deq_relu", "add_relu_cast", "bilinear_interpolation", "cast_deq", "mul_cast", "set_deq_scale",
    "sub_relu_cast",
]
