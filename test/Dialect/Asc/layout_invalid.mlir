// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the layout ops (gather_mask, transpose,
// trans_data_to_5hd, the slice and enhanced data_copy forms).

func.func @gather_mask_pattern_width(%z: !asc.local_tensor<vecout, i32>, %x: !asc.local_tensor<vecin, i32>, %p: !asc.local_tensor<veccalc, ui16>, %rm: i1, %m: i32, %gp: !asc.gather_mask_params) {
  // expected-error@+1 {{'asc.gather_mask' op pattern tensor of 'ui16' does not match the 32-bit source elements: it must hold 'ui32'}}
  %0 = asc.gather_mask %z, %x, %p, %rm, %m, %gp : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<veccalc, ui16>, i1, i32, !asc.gather_mask_params -> i64
  return
}

// -----

func.func @gather_mask_builtin_range(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %rm: i1, %m: i32, %gp: !asc.gather_mask_params) {
  %c8 = arith.constant 8 : i32
  // expected-error@+1 {{'asc.gather_mask' op built-in pattern must be in [1, 7], but got 8}}
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
  // expected-error@+1 {{'asc.transpose_ext' op transpose type TRANSPOSE_ND2ND_ONLY is not implemented on Ascend 910B/910C; use TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC or TRANSPOSE_NHWC2NCHW}}
  asc.transpose_ext %z, %x, %tmp, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui8>, !asc.transpose_params_ext
  return
}

// -----

func.func @transpose_b16_width(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %tmp: !asc.local_tensor<veccalc, ui8>, %n: i32) {
  %c10 = arith.constant 10 : i32
  %p = asc.transpose_params_ext %n, %n, %n, %n, %c10 : i32, i32, i32, i32, i32
  // expected-error@+1 {{'asc.transpose_ext' op TRANSPOSE_ND2ND_B16 needs 2-byte elements, but got 'f32'}}
  asc.transpose_ext %z, %x, %tmp, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui8>, !asc.transpose_params_ext
  return
}

// -----

func.func @transpose_params_range(%n: i32) {
  %c13 = arith.constant 13 : i32
  // expected-error@+1 {{'asc.transpose_params_ext' op field 'transpose_type' must be in [0, 12], but got 13}}
  %p = asc.transpose_params_ext %n, %n, %n, %n, %c13 : i32, i32, i32, i32, i32
  return
}

// -----

func.func @transpose_params_size(%n: i32) {
  %big = arith.constant 70000 : i32
  // expected-error@+1 {{'asc.transpose_params_ext' op field 'h_size' must be in [0, 65535], but got 70000}}
  %p = asc.transpose_params_ext %n, %n, %big, %n, %n : i32, i32, i32, i32, i32
  return
}

// -----

func.func @transpose16_f32(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>) {
  // expected-error@+1 {{transpose: 'dst' holds float32, but transpose supports int16, uint16, float16 on Ascend 910B/910C}}
  asc.transpose %z, %x : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @trans_5hd_count(%d: !asc.local_tensor<vecout, i16>, %s: !asc.local_tensor<vecin, i16>, %p: !asc.trans_data_to_5hd_params) {
  // expected-error@+1 {{'asc.trans_data_to_5hd' op needs 16 destinations and 16 sources, but got 16 and 15}}
  asc.trans_data_to_5hd [%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d], [%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s], %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.trans_data_to_5hd_params
  return
}

// -----

func.func @trans_5hd_mixed(%d: !asc.local_tensor<vecout, i16>, %s: !asc.local_tensor<vecin, f16>, %p: !asc.trans_data_to_5hd_params) {
  // expected-error@+1 {{'asc.trans_data_to_5hd' op all tensors must hold 'i16', but one holds 'f16'}}
  asc.trans_data_to_5hd [%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d], [%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s], %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.trans_data_to_5hd_params
  return
}

// -----

func.func @trans_5hd_addr_type(%a: i64, %p: !asc.trans_data_to_5hd_params) {
  // expected-error@+1 {{'asc.trans_data_to_5hd_addr' op element type 'i64' is not supported: use i8, ui8, i16, ui16, f16, i32, ui32 or f32}}
  asc.trans_data_to_5hd_addr [%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a], [%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a], %p {element_type = i64} : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64), (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
  return
}

// -----

func.func @trans_5hd_ub_type(%a: !asc.local_tensor<veccalc, ui64>, %p: !asc.trans_data_to_5hd_params) {
  // expected-error@+1 {{'asc.trans_data_to_5hd_ub' op element type 'bf16' is not supported: use i8, ui8, i16, ui16, f16, i32, ui32 or f32}}
  asc.trans_data_to_5hd_ub %a, %a, %p {element_type = bf16} : !asc.local_tensor<veccalc, ui64>, !asc.local_tensor<veccalc, ui64>, !asc.trans_data_to_5hd_params
  return
}

// -----

func.func @data_copy_enhanced_relu(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<f16>, %p: !asc.data_copy_params, %v: i32) {
  %true = arith.constant true
  %e = asc.data_copy_enhanced_params %v, %v, %v, %v, %true, %v, %v : i32, i32, i32, i32, i1, i32, i32
  // expected-error@+1 {{'asc.data_copy_enhanced' op enhanced parameter 'is_relu' selects a cube-path mode, which Ascend 910B/910C do not apply to GM/UB copies}}
  asc.data_copy_enhanced %l, %g, %p, %e : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, !asc.data_copy_params, !asc.data_copy_enhanced_params
  return
}

// -----

func.func @data_copy_enhanced_direction(%l: !asc.local_tensor<a1, f16>, %g: !asc.global_tensor<f16>, %p: !asc.data_copy_params, %e: !asc.data_copy_enhanced_params) {
  // expected-error@+1 {{'asc.data_copy_enhanced' op cannot copy from gm to a1; supported directions are gm to vecin/vecout/veccalc, vecin/vecout/veccalc to gm, and between vecin/vecout/veccalc}}
  asc.data_copy_enhanced %l, %g, %p, %e : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.data_copy_params, !asc.data_copy_enhanced_params
  return
}

// -----

func.func @data_copy_enhanced_params_range(%v: i32, %f: i1) {
  %c9 = arith.constant 9 : i32
  // expected-error@+1 {{'asc.data_copy_enhanced_params' op field 'pad_mode' must be in [0, 8], but got 9}}
  %e = asc.data_copy_enhanced_params %v, %v, %v, %v, %f, %c9, %v : i32, i32, i32, i32, i1, i32, i32
  return
}

// -----

func.func @data_copy_slice_direction(%l: !asc.local_tensor<vecin, f16>, %m: !asc.local_tensor<vecout, f16>, %v: i32) {
  %s = asc.slice_info %v, %v, %v, %v, %v : i32, i32, i32, i32, i32
  // expected-error@+1 {{'asc.data_copy_slice' op cannot copy from vecin to vecout by slices; supported directions are gm to vecin/vecout/veccalc and vecin/vecout/veccalc to gm}}
  asc.data_copy_slice %m, %l, [%s], [%s], %v : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @data_copy_slice_i64(%l: !asc.local_tensor<vecin, i64>, %g: !asc.global_tensor<i64>, %v: i32) {
  %s = asc.slice_info %v, %v, %v, %v, %v : i32, i32, i32, i32, i32
  // expected-error@+1 {{'asc.data_copy_slice' op slice copies need 1-, 2- or 4-byte elements, but got 'i64'}}
  asc.data_copy_slice %l, %g, [%s], [%s], %v : !asc.local_tensor<vecin, i64>, !asc.global_tensor<i64>, i32
  return
}

// -----

func.func @data_copy_slice_dims(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<f16>, %v: i32) {
  %c3 = arith.constant 3 : i32
  %s = asc.slice_info %v, %v, %v, %v, %v : i32, i32, i32, i32, i32
  // expected-error@+1 {{'asc.data_copy_slice' op dim_value must be in [1, 2] (the slices given), but got 3}}
  asc.data_copy_slice %l, %g, [%s, %s], [%s, %s], %c3 : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  return
}

// -----

func.func @data_copy_slice_empty(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<f16>, %v: i32) {
  %s = asc.slice_info %v, %v, %v, %v, %v : i32, i32, i32, i32, i32
  // expected-error@+1 {{'asc.data_copy_slice' op needs at least one slice on each side}}
  asc.data_copy_slice %l, %g, [], [%s], %v : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  return
}

// -----

func.func @slice_info_range(%v: i32) {
  %neg = arith.constant -1 : i32
  // expected-error@+1 {{'asc.slice_info' op field 'stride' must be in [0, 4294967295] (uint32_t), but got -1}}
  %s = asc.slice_info %v, %v, %neg, %v, %v : i32, i32, i32, i32, i32
  return
}
