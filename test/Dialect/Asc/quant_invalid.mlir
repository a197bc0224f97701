// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the quantisation and fused-cast ops.

func.func @add_relu_cast_pair(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %n: i32) {
  // expected-error@+1 {{add_relu_cast: float16 -> float16 is not supported on Ascend 910B/910C; supported: float16 -> int8, int16 -> int8, float32 -> float16}}
  asc.add_relu_cast %z, %x, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @sub_relu_cast_pair(%z: !asc.local_tensor<vecout, i8>, %x: !asc.local_tensor<vecin, f32>, %n: i32) {
  // expected-error@+1 {{sub_relu_cast: float32 -> int8 is not supported on Ascend 910B/910C; supported: float16 -> int8, int16 -> int8, float32 -> float16}}
  asc.sub_relu_cast %z, %x, %x, %n : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @mul_cast_dst_type(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f16>, %n: i32) {
  // expected-error@+1 {{mul_cast: 'dst' holds float32, but mul_cast supports int8, uint8 on Ascend 910B/910C}}
  asc.mul_cast %z, %x, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

func.func @add_relu_cast_source_mismatch(%z: !asc.local_tensor<vecout, i8>, %x: !asc.local_tensor<vecin, f16>, %y: !asc.local_tensor<vecin, i16>, %n: i32) {
  // expected-error@+1 {{add_relu_cast: 'src1' holds int16 but 'src0' holds float16; element types must match}}
  asc.add_relu_cast %z, %x, %y, %n : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, i16>, i32
  return
}

// -----

func.func @add_deq_relu_repeat(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, i32>, %m: i64, %p: !asc.binary_repeat_params) {
  %r = arith.constant 300 : i32
  // expected-error@+1 {{add_deq_relu: 'repeat_times' must be in [0, 255], but got 300}}
  asc.add_deq_relu_l0 %z, %x, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i64, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @add_deq_relu_mask(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, i32>, %r: i32, %p: !asc.binary_repeat_params) {
  %m = arith.constant 65 : i64
  // expected-error@+1 {{add_deq_relu: 'mask' (a continuous mask) must be in [1, 64] for 32-bit elements, but got 65}}
  asc.add_deq_relu_l0 %z, %x, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i64, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @mul_cast_mask_words(%z: !asc.local_tensor<vecout, ui8>, %x: !asc.local_tensor<vecin, f16>, %r: i32, %p: !asc.binary_repeat_params) {
  %c0 = arith.constant 0 : i64
  // expected-error@+1 {{mul_cast: 'mask' (a bit mask) must enable at least one lane, but both words are 0}}
  asc.mul_cast_l1 %z, %x, %x, %c0, %c0, %r, %p : !asc.local_tensor<vecout, ui8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.binary_repeat_params
  return
}

// -----

func.func @cast_deq_pair(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, i16>, %n: i32) {
  // expected-error@+1 {{cast_deq: int16 -> float16 is not supported on Ascend 910B/910C; supported: int32 -> float16, int16 -> int8, int16 -> uint8}}
  asc.cast_deq %z, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i16>, i32
  return
}

// -----

func.func @cast_deq_mask(%z: !asc.local_tensor<vecout, i8>, %x: !asc.local_tensor<vecin, i16>, %r: i32, %p: !asc.unary_repeat_params) {
  %m = arith.constant 129 : i64
  // expected-error@+1 {{cast_deq: 'mask' (a continuous mask) must be in [1, 128] for 16-bit elements, but got 129}}
  asc.cast_deq_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i16>, i64, i32, !asc.unary_repeat_params
  return
}

// -----

func.func @cast_deq_mask_words(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, i32>, %lo: i64, %r: i32, %p: !asc.unary_repeat_params) {
  %hi = arith.constant 1 : i64
  // expected-error@+1 {{cast_deq: 'mask[1]' must be 0 for 32-bit elements, which have 64 lanes per repeat, but got 1}}
  asc.cast_deq_l1 %z, %x, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i32>, i64, i64, i32, !asc.unary_repeat_params
  return
}

// -----

func.func @set_deq_scale_type(%s: f32) {
  // expected-error@+1 {{'asc.set_deq_scale' op operand #0 must be 16-bit float, but got 'f32'}}
  asc.set_deq_scale %s : f32
  return
}

// -----

func.func @set_deq_scale_offset_range(%s: f32, %b: i1) {
  %o = arith.constant 300 : i16
  // expected-error@+1 {{set_deq_scale: 'offset' must be a 9-bit signed value in [-256, 255], but got 300}}
  asc.set_deq_scale_offset %s, %o, %b : f32, i16, i1
  return
}

// -----

func.func @vdeq_info_count(%s: f32) {
  // expected-error@+1 {{VdeqInfo: expects 48 fields (16 scales, 16 offsets, 16 sign modes), but got 2}}
  %v = asc.vdeq_info %s, %s : f32, f32
  return
}

// -----

func.func @vdeq_info_type(%s: f32, %o: i16, %b: i1) {
  // expected-error@+1 {{VdeqInfo: 'offset[15]' must be an int16 value, but it is a float32 value}}
  %v = asc.vdeq_info %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %s, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, f32, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  return
}

// -----

func.func @vdeq_info_offset(%s: f32, %b: i1) {
  %o = arith.constant -257 : i16
  // expected-error@+1 {{VdeqInfo: 'offset[0]' must be a 9-bit signed value in [-256, 255], but got -257}}
  %v = asc.vdeq_info %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  return
}

// -----

func.func @set_deq_scale_vec_position(%t: !asc.local_tensor<a1, ui64>, %v: !asc.vdeq_info) {
  // expected-error@+1 {{set_deq_scale: 'vdeq' must be a tensor in the Unified Buffer (VECIN, VECOUT or VECCALC), but it is in position A1 (L1)}}
  asc.set_deq_scale_vec %t, %v : !asc.local_tensor<a1, ui64>, !asc.vdeq_info
  return
}

// -----

func.func @bilinear_h_repeat(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<vecin, ui32>, %w: !asc.local_tensor<vecin, f16>, %t: !asc.local_tensor<veccalc, ui8>, %m: i64, %rm: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c100 = arith.constant 100 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  // expected-error@+1 {{bilinear_interpolation: 'h_repeat' must be in [1, 255], but got 0}}
  asc.bilinear_interpolation_l0 %z, %x, %o, %w, %m, %c0, %rm, %c1, %c128, %c1, %t : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f16>, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>
  return
}

// -----

func.func @bilinear_v_repeat(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<vecin, ui32>, %w: !asc.local_tensor<vecin, f16>, %t: !asc.local_tensor<veccalc, ui8>, %m: i64, %rm: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c100 = arith.constant 100 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  // expected-error@+1 {{bilinear_interpolation: 'v_repeat' must be in [1, 255], but got 256}}
  asc.bilinear_interpolation_l0 %z, %x, %o, %w, %m, %c1, %rm, %c1, %c128, %c256, %t : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f16>, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>
  return
}

// -----

func.func @bilinear_v_r_offset(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<vecin, ui32>, %w: !asc.local_tensor<vecin, f16>, %t: !asc.local_tensor<veccalc, ui8>, %m: i64, %rm: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c100 = arith.constant 100 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  // expected-error@+1 {{bilinear_interpolation: 'v_r_offset' must be in [128, 65534], but got 100}}
  asc.bilinear_interpolation_l0 %z, %x, %o, %w, %m, %c1, %rm, %c1, %c100, %c1, %t : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f16>, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>
  return
}

// -----

func.func @bilinear_dst_blk_stride(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<vecin, ui32>, %w: !asc.local_tensor<vecin, f16>, %t: !asc.local_tensor<veccalc, ui8>, %m: i64, %rm: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c100 = arith.constant 100 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  // expected-error@+1 {{bilinear_interpolation: 'dst_blk_stride' must be in [1, 65535], but got 0}}
  asc.bilinear_interpolation_l0 %z, %x, %o, %w, %m, %c1, %rm, %c0, %c128, %c1, %t : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f16>, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>
  return
}

// -----

func.func @bilinear_mask(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<vecin, ui32>, %w: !asc.local_tensor<vecin, f16>, %t: !asc.local_tensor<veccalc, ui8>, %h: i32, %rm: i1, %bs: i32, %vo: i32, %v: i32) {
  %m = arith.constant 129 : i64
  // expected-error@+1 {{bilinear_interpolation: 'mask' (a continuous mask) must be in [1, 128] for 16-bit elements, but got 129}}
  asc.bilinear_interpolation_l0 %z, %x, %o, %w, %m, %h, %rm, %bs, %vo, %v, %t : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f16>, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>
  return
}

// -----

func.func @bilinear_type(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %o: !asc.local_tensor<vecin, ui32>, %w: !asc.local_tensor<vecin, f32>, %t: !asc.local_tensor<veccalc, ui8>, %m: i64, %h: i32, %rm: i1, %bs: i32, %vo: i32, %v: i32) {
  // expected-error@+1 {{bilinear_interpolation: 'dst' holds float32, but bilinear_interpolation supports float16 on Ascend 910B/910C}}
  asc.bilinear_interpolation_l0 %z, %x, %o, %w, %m, %h, %rm, %bs, %vo, %v, %t : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f32>, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>
  return
}
