"""The names of pyasc's public API that this implementation knows about, implemented or not.

`scripts/gen_api_coverage.py` builds docs/api_coverage.md from it, and `asc.__getattr__` uses it
to answer `asc.TensorDesc` (a pyasc name not implemented yet) with a pointer to that page instead of
"module has no attribute".
"""

from __future__ import annotations

# pyasc's basic API by category (the 149 names of its `asc.language.basic`).
PYASC_BASIC: dict[str, str] = {
    "data movement": "copy data_copy data_copy_pad load_image_to_local set_pad_value",
    "vector binary": "add add_deq_relu add_relu bitwise_and bitwise_or div fused_mul_add fused_mul_add_relu max min "
                     "mul mul_add_dst mul_cast sub sub_relu bilinear_interpolation",
    "vector-scalar": "adds leaky_relu maxs mins muls shift_left shift_right",
    "ternary-scalar": "axpy",
    "unary": "abs exp ln bitwise_not reciprocal relu rsqrt sqrt",
    "conversion": "cast cast_deq set_deq_scale add_relu_cast sub_relu_cast",
    "compare/select": "compare compare_scalar get_cmp_mask set_cmp_mask select",
    "fill/broadcast": "duplicate brcb",
    "gather/scatter": "gather gatherb gather_mask get_gather_mask_remain_count scatter",
    "transpose": "transpose trans_data_to_5hd",
    "reduction": "block_reduce_sum block_reduce_max block_reduce_min pair_reduce_sum repeat_reduce_sum "
                 "whole_reduce_sum whole_reduce_max whole_reduce_min reduce_sum reduce_max reduce_min",
    "sort/proposal": "get_mrg_sort_result get_sort_len get_sort_offset mrg_sort mrg_sort4 proposal_concat "
                     "proposal_extract rp_sort16 sort32 sort",
    "synchronisation": "data_sync_barrier pipe_barrier set_flag wait_flag cross_core_set_flag cross_core_wait_flag "
                       "ib_set ib_wait sync_all notify_next_block wait_pre_block",
    "cube / matrix": "init_const_value load_data load_data_with_sparse load_data_with_transpose mmad "
                     "mmad_with_sparse set_load_data_boundary set_load_data_padding_value set_load_data_repeat "
                     "fixpipe set_fix_pipe_pre_quant_flag",
    "system variables": "get_arch_version get_block_idx get_block_num get_data_block_size_in_bytes "
                        "get_program_counter get_sub_block_idx get_sub_block_num get_system_cycle get_task_ratio trap",
    "masks, modes, system control": "ascend_is_aic ascend_is_aiv check_local_memory_ia data_cache_preload "
                                    "get_hccl_context get_store_atomic_config get_sys_workspace init_soc_state "
                                    "reset_mask set_aipp_functions set_hccl_context set_hf32_mode "
                                    "set_hf32_trans_mode set_mask_count set_mask_norm set_mm_layout_transform "
                                    "set_store_atomic_config set_sys_workspace set_vector_mask",
    "cache": "data_cache_clean_and_invalid get_icache_preload_status icache_preload",
    "scalar": "scalar_cast scalar_get_sff_value scalar_get_count_of_value scalar_count_leading_zero "
              "count_bits_cnt_same_as_sign_bit",
    "atomic": "set_atomic_add set_atomic_max set_atomic_min set_atomic_none set_atomic_type",
    "debug/profiling": "dump_tensor printf print_time_stamp dump_acc_chk_point metrics_prof_start metrics_prof_stop",
    "list tensors": "TensorDesc ListTensorDesc",
}

# pyasc's advanced API (`asc.adv`, the 53 names of its `asc.language.adv`) by category.
PYASC_ADV: dict[str, str] = {
    "activation": "softmax",
    "math": "acos acosh asin asinh atan atanh ceil cos cosh digamma erf erfc floor frac lgamma log round sign sin "
            "sinh tan tanh trunc exp power xor axpy",
    "normalization": "rmsnorm",
    "quantization": "quant",
    "sort": "concat extract",
    "tiling structs": "SoftmaxTiling RmsNormTiling TCubeTiling MatmulApiStaticTiling",
    "config types": "QuantConfig MatmulConfig MatmulShapeParams MatmulQuantParams MatmulBatchParams MatmulFuncParams",
    "matmul": "Matmul MatmulType register_matmul get_normal_config get_mdl_config get_special_mdl_config "
              "get_basic_config get_special_basic_config get_ib_share_norm_config get_mm_config "
              "get_matmul_api_tiling",
}

#: pyasc's submodules of `asc` that do not exist here yet, with what they hold.
PYASC_SUBMODULES: dict[str, str] = {}

COVERAGE_DOC = "docs/api_coverage.md"


def basic_names() -> set[str]:
    return {name for names in PYASC_BASIC.values() for name in names.split()}


def missing_name_message(name: str) -> str | None:
    """What to tell a user who reached for `asc.<name>`, if it is a known pyasc name."""
    if name in PYASC_SUBMODULES:
        return (f"asc.{name} ({PYASC_SUBMODULES[name]}) is part of pyasc's API but not implemented "
                f"in this version yet; {COVERAGE_DOC} lists what is")
    if name in basic_names():
        return (f"asc.{name} is part of pyasc's API but not implemented in this version yet; "
                f"{COVERAGE_DOC} lists what is")
    return None
