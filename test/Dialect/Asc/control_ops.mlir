// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// The system-control, cache and scalar-helper ops (AscControlOps.td) survive
// print -> parse -> print.

// CHECK-LABEL: func.func @scalar
func.func @scalar(%x: f32, %v: i64) -> (f16, i32, i64, i64, i64, i64) {
  // CHECK: asc.scalar_cast %{{.*}}, cast_odd : f32 -> f16
  %h = asc.scalar_cast %x, cast_odd : f32 -> f16
  // CHECK: asc.scalar_cast %{{.*}}, cast_floor : f32 -> i32
  %i = asc.scalar_cast %x, cast_floor : f32 -> i32
  // CHECK: asc.scalar_get_sff_value %{{.*}}, 1 : i64 -> i64
  %a = asc.scalar_get_sff_value %v, 1 : i64 -> i64
  // CHECK: asc.scalar_get_count_of_value %{{.*}}, 0 : i64 -> i64
  %b = asc.scalar_get_count_of_value %v, 0 : i64 -> i64
  // CHECK: asc.scalar_count_leading_zero %{{.*}} : i64 -> i64
  %c = asc.scalar_count_leading_zero %v : i64 -> i64
  // CHECK: asc.count_bits_cnt_same_as_sign_bit %{{.*}} : i64 -> i64
  %d = asc.count_bits_cnt_same_as_sign_bit %v : i64 -> i64
  return %h, %i, %a, %b, %c, %d : f16, i32, i64, i64, i64, i64
}

// CHECK-LABEL: func.func @control
func.func @control(%w: !asc.gm_addr<ui8>, %on: i1, %g: !asc.global_tensor<f32>,
                   %g64: !asc.global_tensor<ui64>, %off: i64, %n: i64, %a: i32, %t: i1) {
  // CHECK: asc.set_store_atomic_config atomic_bf16, atomic_sum
  asc.set_store_atomic_config atomic_bf16, atomic_sum
  // CHECK: asc.get_store_atomic_config : i32, i32
  %type, %op = asc.get_store_atomic_config : i32, i32
  // CHECK: asc.set_hf32_mode %{{.*}} : i1
  asc.set_hf32_mode %on : i1
  // CHECK: asc.set_hf32_trans_mode %{{.*}} : i1
  asc.set_hf32_trans_mode %on : i1
  // CHECK: asc.set_mm_layout_transform %{{.*}} : i1
  asc.set_mm_layout_transform %on : i1
  // CHECK: asc.ascend_is_aic : i8
  %aic = asc.ascend_is_aic : i8
  // CHECK: asc.ascend_is_aiv : i1
  %aiv = asc.ascend_is_aiv : i1
  // CHECK: asc.get_sys_workspace : !asc.gm_addr<ui8>
  %ws = asc.get_sys_workspace : !asc.gm_addr<ui8>
  // CHECK: asc.set_sys_workspace %{{.*}} : !asc.gm_addr<ui8>
  asc.set_sys_workspace %w : !asc.gm_addr<ui8>
  // CHECK: asc.get_hccl_context 1 : !asc.gm_addr<ui8>
  %ctx = asc.get_hccl_context 1 : !asc.gm_addr<ui8>
  // CHECK: asc.set_hccl_context 0, %{{.*}} : !asc.gm_addr<ui8>
  asc.set_hccl_context 0, %w : !asc.gm_addr<ui8>
  // CHECK: asc.data_cache_clean_and_invalid single_cache_line, %{{.*}} {dcci_dst = #asc<dcci_dst cacheline_out>} : !asc.global_tensor<f32>
  asc.data_cache_clean_and_invalid single_cache_line, %g {dcci_dst = #asc<dcci_dst cacheline_out>} : !asc.global_tensor<f32>
  // CHECK: asc.data_cache_clean_and_invalid entire_data_cache, %{{.*}} : !asc.global_tensor<f32>
  asc.data_cache_clean_and_invalid entire_data_cache, %g : !asc.global_tensor<f32>
  // CHECK: asc.data_cache_preload %{{.*}}, %{{.*}} : !asc.global_tensor<ui64>, i64
  asc.data_cache_preload %g64, %off : !asc.global_tensor<ui64>, i64
  // CHECK: asc.icache_preload %{{.*}} : i64
  asc.icache_preload %n : i64
  // CHECK: asc.get_icache_preload_status : i64
  %s = asc.get_icache_preload_status : i64
  // CHECK: asc.get_sub_block_idx : i32
  %0 = asc.get_sub_block_idx : i32
  // CHECK: asc.get_sub_block_num : i32
  %1 = asc.get_sub_block_num : i32
  // CHECK: asc.get_task_ratio : i32
  %2 = asc.get_task_ratio : i32
  // CHECK: asc.get_data_block_size_in_bytes : i32
  %3 = asc.get_data_block_size_in_bytes : i32
  // CHECK: asc.get_program_counter : i64
  %4 = asc.get_program_counter : i64
  // CHECK: asc.get_system_cycle : i64
  %5 = asc.get_system_cycle : i64
  // CHECK: asc.get_arch_version %{{.*}} : i32 -> i32
  %6 = asc.get_arch_version %a : i32 -> i32
  // CHECK: asc.check_local_memory_ia_param %{{.*}} : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
  %p = asc.check_local_memory_ia_param %a, %a, %a, %t, %t, %t, %t, %t, %t, %t : i32, i32, i32, i1, i1, i1, i1, i1, i1, i1
  // CHECK: asc.check_local_memory_ia %{{.*}}
  asc.check_local_memory_ia %p
  // CHECK: asc.init_soc_state
  asc.init_soc_state
  // CHECK: asc.trap
  asc.trap
  return
}

// CHECK-LABEL: func.func @aipp
func.func @aipp(%img: !asc.global_tensor<ui8>, %uv: !asc.global_tensor<ui8>, %c0: i32, %t: i1, %h: f16,
                %s: i16, %b: i8) {
  // CHECK: asc.aipp_params %{{.*}} -> !asc.aipp_params<f16>
  %cfg = asc.aipp_params %c0, %h, %h, %h, %h, %t, %t, %t, %t, %c0, %c0, %c0, %h, %h, %h, %h, %h, %h, %c0, %c0, %h, %t, %s, %s, %s, %s, %s, %s, %s, %s, %s, %c0, %c0, %c0, %c0, %c0, %c0 : i32, f16, f16, f16, f16, i1, i1, i1, i1, i32, i32, i32, f16, f16, f16, f16, f16, f16, i32, i32, f16, i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, i32, i32, i32, i32, i32, i32 -> !asc.aipp_params<f16>
  // CHECK: asc.set_aipp_functions rgb888_u8, %{{.*}}, %{{.*}} : !asc.aipp_params<f16>, !asc.global_tensor<ui8>
  asc.set_aipp_functions rgb888_u8, %cfg, %img : !asc.aipp_params<f16>, !asc.global_tensor<ui8>
  // CHECK: asc.aipp_params %{{.*}} -> !asc.aipp_params<i8>
  %cfg8 = asc.aipp_params %c0, %b, %b, %b, %b, %t, %t, %t, %t, %c0, %c0, %c0, %h, %h, %h, %h, %h, %h, %c0, %c0, %b, %t, %s, %s, %s, %s, %s, %s, %s, %s, %s, %c0, %c0, %c0, %c0, %c0, %c0 : i32, i8, i8, i8, i8, i1, i1, i1, i1, i32, i32, i32, f16, f16, f16, f16, f16, f16, i32, i32, i8, i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, i32, i32, i32, i32, i32, i32 -> !asc.aipp_params<i8>
  // CHECK: asc.set_aipp_functions yuv420sp_u8, %{{.*}}, %{{.*}}, %{{.*}} : !asc.aipp_params<i8>, !asc.global_tensor<ui8>, !asc.global_tensor<ui8>
  asc.set_aipp_functions yuv420sp_u8, %cfg8, %img, %uv : !asc.aipp_params<i8>, !asc.global_tensor<ui8>, !asc.global_tensor<ui8>
  return
}

// The source's element type is free: AIPP reads the image as bytes (pyasc's test_aipp passes a float16 tensor).
// CHECK-LABEL: func.func @aipp_half_source
func.func @aipp_half_source(%img: !asc.global_tensor<f16>, %cfg: !asc.aipp_params<f16>) {
  // CHECK: asc.set_aipp_functions rgb888_u8, %{{.*}}, %{{.*}} : !asc.aipp_params<f16>, !asc.global_tensor<f16>
  asc.set_aipp_functions rgb888_u8, %cfg, %img : !asc.aipp_params<f16>, !asc.global_tensor<f16>
  return
}

// CHECK-LABEL: func.func @range_count
func.func @range_count(%a: i32, %b: i32, %s: i32, %x: i64) -> (i32, i64) {
  // CHECK: asc.range_count %{{.*}}, %{{.*}}, %{{.*}} : i32
  %n = asc.range_count %a, %b, %s : i32
  // CHECK: asc.range_count %{{.*}}, %{{.*}}, %{{.*}} : i64
  %m = asc.range_count %x, %x, %x : i64
  return %n, %m : i32, i64
}
