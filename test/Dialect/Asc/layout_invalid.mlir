// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the layout ops (gather_mask, transpose,
// trans_data_to_5hd, the slice and enhanced data_copy forms).

func.func @gather_mask_pattern_width(%z: !asc.local_tensor<vecout, i32>, %x: !asc.local_tensor<vecin, i32>, %p: !asc.local_tensor<veccalc, ui16>, %rm: i1, %m: i32, %gp: !asc.gather_mask_params) {
  // expected-error@+1 {{gather_mask: 'src1_pattern' must hold uint32 bits for int32 elements, but it holds uint16}}
  %0 = asc.gather_mask %z, %x, %p, %rm, %m, %gp : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<veccalc, ui16>, i1, i32, !asc.gather_mask_params -> i64
  return
}

// -----

func.func @gather_mask_builtin_range(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %rm: i1, %m: i32, %gp: !asc.gather_mask_params) {
  %c8 = arith.constant 8 : i32
  // expected-error@+1 {{gather_mask: a built-in 'src1_pattern' must be in [1, 7] (1 even, 2 odd, 3-6 the 1st-4th of every 4, 7 all), but got 8}}
  %0 = asc.gather_mask %z, %x, %c8, %rm, %m, %gp : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32, i1, i32, !asc.gather_mask_params -> i64
  return
}

// -----

func.func @gather_mask_f32(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %p: !asc.local_tensor<veccalc, ui32>, %rm: i1, %m: i32, %gp: !asc.gather_mask_params) {
  // expected-error@+1 {{gather_mask: 'dst' holds float32, but gather_mask supports int16, uint16, int32, uint32, float16, bfloat16 on Ascend 910B/910C}}
  %0 = asc.gather_mask %z, %x, %p, %rm, %m, %gp : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i1, i32, !asc.gather_mask_params -> i64
  return
}

// -----

func.func @gather_mask_mixed(%z: !asc.local_tensor<vecout, i16>, %x: !asc.local_tensor<vecin, f16>, %p: !asc.local_tensor<veccalc, ui16>, %rm: i1, %m: i32, %gp: !asc.gather_mask_params) {
  // expected-error@+1 {{gather_mask: 'src0' holds float16 but 'dst' holds int16; element types must match}}
  %0 = asc.gather_mask %z, %x, %p, %rm, %m, %gp : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui16>, i1, i32, !asc.gather_mask_params -> i64
  return
}

// -----

func.func @transpose_type_unimplemented(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %tmp: !asc.local_tensor<veccalc, ui8>, %n: i32) {
  %c7 = arith.constant 7 : i32
  %p = asc.transpose_params_ext %n, %n, %n, %n, %c7 : i32, i32, i32, i32, i32
  // expected-error@+1 {{transpose: TransposeType.TRANSPOSE_ND2ND_ONLY is not implemented on Ascend 910B/910C; use TransposeType.TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC or TRANSPOSE_NHWC2NCHW}}
  asc.transpose_ext %z, %x, %tmp, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui8>, !asc.transpose_params_ext
  return
}

// -----

func.func @transpose_b16_width(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %tmp: !asc.local_tensor<veccalc, ui8>, %n: i32) {
  %c10 = arith.constant 10 : i32
  %p = asc.transpose_params_ext %n, %n, %n, %n, %c10 : i32, i32, i32, i32, i32
  // expected-error@+1 {{transpose: TransposeType.TRANSPOSE_ND2ND_B16 needs 2-byte elements, but 'src' holds float32}}
  asc.transpose_ext %z, %x, %tmp, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui8>, !asc.transpose_params_ext
  return
}

// -----

func.func @transpose_params_range(%n: i32) {
  %c13 = arith.constant 13 : i32
  // expected-error@+1 {{TransposeParamsExt: 'transpose_type' must be an asc.TransposeType value in [0, 12], but got 13}}
  %p = asc.transpose_params_ext %n, %n, %n, %n, %c13 : i32, i32, i32, i32, i32
  return
}

// -----

func.func @transpose_params_size(%n: i32) {
  %big = arith.constant 70000 : i32
  // expected-error@+1 {{TransposeParamsExt: 'h_size' must be in [0, 65535], but got 70000}}
  %p = asc.transpose_params_ext %n, %n, %big, %n, %n : i32, i32, i32, i32, i32
  return
}

// -----

func.func @transpose16_f32(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>) {
  // expected-error@+1 {{transpose: 'dst' holds float32, but transpose (16x16 form) supports int16, uint16, float16 on Ascend 910B/910C}}
  asc.transpose %z, %x : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @trans_5hd_count(%d: !asc.local_tensor<vecout, i16>, %s: !asc.local_tensor<vecin, i16>, %p: !asc.trans_data_to_5hd_params) {
  // expected-error@+1 {{trans_data_to_5hd: 'dst_list' and 'src_list' must hold 16 entries each, but they hold 16 and 15}}
  asc.trans_data_to_5hd [%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d], [%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s], %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.trans_data_to_5hd_params
  return
}

// -----

func.func @trans_5hd_mixed(%d: !asc.local_tensor<vecout, i16>, %s: !asc.local_tensor<vecin, f16>, %p: !asc.trans_data_to_5hd_params) {
  // expected-error@+1 {{trans_data_to_5hd: 'src_list[0]' holds float16 but 'dst_list[0]' holds int16; element types must match}}
  asc.trans_data_to_5hd [%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d], [%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s], %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.trans_data_to_5hd_params
  return
}

// -----

func.func @trans_5hd_addr_type(%a: i64, %p: !asc.trans_data_to_5hd_params) {
  // expected-error@+1 {{trans_data_to_5hd: 'dtype' is int64, but trans_data_to_5hd supports int8, uint8, int16, uint16, float16, int32, uint32, float32 on Ascend 910B/910C}}
  asc.trans_data_to_5hd_addr [%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a], [%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a], %p {element_type = i64} : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64), (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
  return
}

// -----

func.func @trans_5hd_ub_type(%a: !asc.local_tensor<veccalc, ui64>, %p: !asc.trans_data_to_5hd_params) {
  // expected-error@+1 {{trans_data_to_5hd: 'dtype' is bfloat16, but trans_data_to_5hd supports int8, uint8, int16, uint16, float16, int32, uint32, float32 on Ascend 910B/910C}}
  asc.trans_data_to_5hd_ub %a, %a, %p {element_type = bf16} : !asc.local_tensor<veccalc, ui64>, !asc.local_tensor<veccalc, ui64>, !asc.trans_data_to_5hd_params
  return
}

// -----

func.func @data_copy_enhanced_relu(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<f16>, %p: !asc.data_copy_params, %v: i32) {
  %true = arith.constant true
  %e = asc.data_copy_enhanced_params %v, %v, %v, %v, %true, %v, %v : i32, i32, i32, i32, i1, i32, i32
  // expected-error@+1 {{data_copy: DataCopyEnhancedParams 'is_relu_in' is ignored on Ascend 910B/910C (A2/A3), but got True, a cube-path mode the copy would silently not apply; use the default, or data_copy(dst, src, repeat_params) and vector instructions}}
  asc.data_copy_enhanced %l, %g, %p, %e : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, !asc.data_copy_params, !asc.data_copy_enhanced_params
  return
}

// -----

// The directions of the DataCopyParams form (ascendc_api.md §5.1 rows 8-10
// behave as rows 4-6): C1 -> GM is not among them.
func.func @data_copy_enhanced_direction(%l: !asc.local_tensor<c1, f16>, %g: !asc.global_tensor<f16>, %p: !asc.data_copy_params, %e: !asc.data_copy_enhanced_params) {
  // expected-error@+1 {{data_copy: cannot copy from TPosition.C1 to TPosition.GM; supported directions are GM to VECIN/VECOUT/VECCALC/A1/B1/C1, VECIN/VECOUT/VECCALC/A1/B1 to GM, and between VECIN/VECOUT/VECCALC}}
  asc.data_copy_enhanced %g, %l, %p, %e : !asc.global_tensor<f16>, !asc.local_tensor<c1, f16>, !asc.data_copy_params, !asc.data_copy_enhanced_params
  return
}

// -----

func.func @data_copy_enhanced_params_range(%v: i32, %f: i1) {
  %c9 = arith.constant 9 : i32
  // expected-error@+1 {{DataCopyEnhancedParams: 'pad_mode_in' must be an asc.pad_t value in [0, 8], but got 9}}
  %e = asc.data_copy_enhanced_params %v, %v, %v, %v, %f, %c9, %v : i32, i32, i32, i32, i1, i32, i32
  return
}

// -----

func.func @data_copy_slice_direction(%l: !asc.local_tensor<vecin, f16>, %m: !asc.local_tensor<vecout, f16>, %v: i32) {
  %s = asc.slice_info %v, %v, %v, %v, %v : i32, i32, i32, i32, i32
  // expected-error@+1 {{data_copy: slice copies move between GM and a Unified Buffer position (TPosition.VECIN, VECOUT, VECCALC), not from TPosition.VECIN to TPosition.VECOUT}}
  asc.data_copy_slice %m, %l, [%s], [%s], %v : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @data_copy_slice_i64(%l: !asc.local_tensor<vecin, i64>, %g: !asc.global_tensor<i64>, %v: i32) {
  %s = asc.slice_info %v, %v, %v, %v, %v : i32, i32, i32, i32, i32
  // expected-error@+1 {{data_copy: slice copies need 1-, 2- or 4-byte elements, but 'dst' holds int64}}
  asc.data_copy_slice %l, %g, [%s], [%s], %v : !asc.local_tensor<vecin, i64>, !asc.global_tensor<i64>, i32
  return
}

// -----

func.func @data_copy_slice_dims(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<f16>, %v: i32) {
  %c3 = arith.constant 3 : i32
  %s = asc.slice_info %v, %v, %v, %v, %v : i32, i32, i32, i32, i32
  // expected-error@+1 {{data_copy: 'dim_value' must be in [1, 2] (the slices given), but got 3}}
  asc.data_copy_slice %l, %g, [%s, %s], [%s, %s], %c3 : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  return
}

// -----

func.func @data_copy_slice_empty(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<f16>, %v: i32) {
  %s = asc.slice_info %v, %v, %v, %v, %v : i32, i32, i32, i32, i32
  // expected-error@+1 {{data_copy: 'slice_list1' and 'slice_list2' need at least one SliceInfo each}}
  asc.data_copy_slice %l, %g, [], [%s], %v : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  return
}

// -----

func.func @slice_info_range(%v: i32) {
  %neg = arith.constant -1 : i32
  // expected-error@+1 {{SliceInfo: 'stride' must be in [0, 4294967295] (uint32_t), but got -1}}
  %s = asc.slice_info %v, %v, %neg, %v, %v : i32, i32, i32, i32, i32
  return
}

// -----

// The halves select halves of 8-bit blocks only.
func.func @trans_5hd_half_of_16_bit(%da: !asc.local_tensor<veccalc, ui64>, %sa: !asc.local_tensor<veccalc, ui64>) {
  %t = arith.constant true
  %f = arith.constant false
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %p = asc.trans_data_to_5hd_params %f, %t, %c1, %c0, %c0 : i1, i1, i32, i32, i32
  // expected-error@+1 {{trans_data_to_5hd: 'src_high_half' selects a half of 8-bit blocks; it must be False for float16}}
  asc.trans_data_to_5hd_ub %da, %sa, %p {element_type = f16} : !asc.local_tensor<veccalc, ui64>, !asc.local_tensor<veccalc, ui64>, !asc.trans_data_to_5hd_params
  return
}
