// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of AscControlOps.td.

func.func @scalar_cast_int_mode(%x: f32) -> i32 {
  // expected-error@+1 {{scalar_cast: float to int32 needs a rounding direction (RoundMode.CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND or CAST_TRUNC), but 'round_mode' is RoundMode.CAST_ODD}}
  %i = asc.scalar_cast %x, cast_odd : f32 -> i32
  return %i : i32
}

// -----

func.func @sff_count_value(%v: i64) -> i64 {
  // expected-error@+1 {{scalar_get_sff_value: 'count_value' must be 0 or 1, but got 2}}
  %a = asc.scalar_get_sff_value %v, 2 : i64 -> i64
  return %a : i64
}

// -----

func.func @count_of_value_count_value(%v: i64) -> i64 {
  // expected-error@+1 {{scalar_get_count_of_value: 'count_value' must be 0 or 1, but got -1}}
  %a = asc.scalar_get_count_of_value %v, -1 : i64 -> i64
  return %a : i64
}

// -----

func.func @get_hccl_index() -> !asc.gm_addr<ui8> {
  // expected-error@+1 {{get_hccl_context: 'index' must be 0 or 1 (two communication domains), but got 2}}
  %c = asc.get_hccl_context 2 : !asc.gm_addr<ui8>
  return %c : !asc.gm_addr<ui8>
}

// -----

func.func @set_hccl_index(%w: !asc.gm_addr<ui8>) {
  // expected-error@+1 {{set_hccl_context: 'index' must be 0 or 1 (two communication domains), but got 3}}
  asc.set_hccl_context 3, %w : !asc.gm_addr<ui8>
  return
}

// -----

func.func @dcci_atomic(%g: !asc.global_tensor<f32>) {
  // expected-error@+1 {{data_cache_clean_and_invalid: DcciDst.CACHELINE_ATOMIC is not supported on Ascend 910B/910C (A2/A3)}}
  asc.data_cache_clean_and_invalid single_cache_line, %g {dcci_dst = #asc<dcci_dst cacheline_atomic>} : !asc.global_tensor<f32>
  return
}

// -----

func.func @preload_not_u64(%g: !asc.global_tensor<f32>, %off: i64) {
  // expected-error@+1 {{data_cache_preload: 'src' must be a GlobalTensor of uint64 (GlobalTensor<uint64_t>), but it holds float32}}
  asc.data_cache_preload %g, %off : !asc.global_tensor<f32>, i64
  return
}

// -----

func.func @aipp_bad_element(%c0: i32, %t: i1, %h: f16, %s: i16) {
  // expected-error@+1 {{AippParams: 'dtype' must be uint8, int8 or float16, but got int32}}
  %cfg = asc.aipp_params %c0, %c0, %c0, %c0, %c0, %t, %t, %t, %t, %c0, %c0, %c0, %h, %h, %h, %h, %h, %h, %c0, %c0, %c0, %t, %s, %s, %s, %s, %s, %s, %s, %s, %s, %c0, %c0, %c0, %c0, %c0, %c0 : i32, i32, i32, i32, i32, i1, i1, i1, i1, i32, i32, i32, f16, f16, f16, f16, f16, f16, i32, i32, i32, i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, i32, i32, i32, i32, i32, i32 -> !asc.aipp_params<i32>
  return
}

// -----

func.func @aipp_field_count(%c0: i32) {
  // expected-error@+1 {{AippParams: expects 37 fields, but got 2}}
  %cfg = asc.aipp_params %c0, %c0 : i32, i32 -> !asc.aipp_params<f16>
  return
}

// -----

func.func @aipp_field_type(%c0: i32, %t: i1, %h: f16, %s: i16) {
  // expected-error@+1 {{AippParams: 'is_swap_rb' is an int32 value, but the struct holds bool}}
  %cfg = asc.aipp_params %c0, %h, %h, %h, %h, %c0, %t, %t, %t, %c0, %c0, %c0, %h, %h, %h, %h, %h, %h, %c0, %c0, %h, %t, %s, %s, %s, %s, %s, %s, %s, %s, %s, %c0, %c0, %c0, %c0, %c0, %c0 : i32, f16, f16, f16, f16, i32, i1, i1, i1, i32, i32, i32, f16, f16, f16, f16, f16, f16, i32, i32, f16, i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, i32, i32, i32, i32, i32, i32 -> !asc.aipp_params<f16>
  return
}

// -----

func.func @aipp_field_range(%c0: i32, %t: i1, %h: f16, %s: i16) {
  %big = arith.constant 256 : i32
  // expected-error@+1 {{AippParams: 'dtc_mean_ch0' must be in [0, 255] (uint8_t), but got 256}}
  %cfg = asc.aipp_params %c0, %h, %h, %h, %h, %t, %t, %t, %t, %big, %c0, %c0, %h, %h, %h, %h, %h, %h, %c0, %c0, %h, %t, %s, %s, %s, %s, %s, %s, %s, %s, %s, %c0, %c0, %c0, %c0, %c0, %c0 : i32, f16, f16, f16, f16, i1, i1, i1, i1, i32, i32, i32, f16, f16, f16, f16, f16, f16, i32, i32, f16, i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, i32, i32, i32, i32, i32, i32 -> !asc.aipp_params<f16>
  return
}

// -----


func.func @aipp_src1_type(%img: !asc.global_tensor<ui8>, %uv: !asc.global_tensor<i8>, %cfg: !asc.aipp_params<f16>) {
  // expected-error@+1 {{set_aipp_functions: 'src1' holds int8 but 'src0' holds uint8; element types must match}}
  asc.set_aipp_functions yuv420sp_u8, %cfg, %img, %uv : !asc.aipp_params<f16>, !asc.global_tensor<ui8>, !asc.global_tensor<i8>
  return
}

// -----

func.func @scalar_cast_dtype(%x: f32) -> f32 {
  // expected-error@+1 {{scalar_cast: 'dtype' must be float16 or int32, but got float32}}
  %f = asc.scalar_cast %x, cast_rint : f32 -> f32
  return %f : f32
}

// -----

func.func @icache_preload_negative() {
  %n = arith.constant -1 : i64
  // expected-error@+1 {{icache_preload: 'pre_fetch_len' must be non-negative, but got -1}}
  asc.icache_preload %n : i64
  return
}

// -----

func.func @sys_workspace_not_gm_addr(%w: !asc.gm_addr<f32>) {
  // expected-error@+1 {{set_sys_workspace: 'workspace' must be a GM_ADDR (an address of uint8 elements), but it addresses float32 elements}}
  asc.set_sys_workspace %w : !asc.gm_addr<f32>
  return
}

// -----

func.func @hccl_context_not_gm_addr(%w: !asc.gm_addr<i16>) {
  // expected-error@+1 {{set_hccl_context: 'context' must be a GM_ADDR (an address of uint8 elements), but it addresses int16 elements}}
  asc.set_hccl_context 0, %w : !asc.gm_addr<i16>
  return
}

// -----

func.func @check_ia_channel() {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %t = arith.constant true
  // expected-error@+1 {{CheckLocalMemoryIAParam: 'enable_bit' selects a watch channel in [0, 3], but got 4}}
  %p = asc.check_local_memory_ia_param %c4, %c0, %c256, %t, %t, %t, %t, %t, %t, %t : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
  return
}

// -----

func.func @check_ia_empty_range() {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %t = arith.constant true
  // expected-error@+1 {{CheckLocalMemoryIAParam: 'start_addr' (256) must be below 'end_addr' (256)}}
  %p = asc.check_local_memory_ia_param %c0, %c256, %c256, %t, %t, %t, %t, %t, %t, %t : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
  return
}

// -----

func.func @range_count_types(%a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{'asc.range_count' op failed to verify that all of {start, stop, step, result} have same type}}
  %n = "asc.range_count"(%a, %b, %a) : (i32, i64, i32) -> i32
  return %n : i32
}
