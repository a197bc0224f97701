// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of asc.load_image_to_local.

func.func @not_l1(%p: !asc.load_image_to_local_params) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %t = asc.local_tensor %c0, %c32 : i32, i32 -> !asc.local_tensor<vecin, f16>
  // expected-error@+1 {{load_image_to_local: 'dst' must be at TPosition.A1 or TPosition.B1 (L1), not TPosition.VECIN}}
  asc.load_image_to_local %t, %p : !asc.local_tensor<vecin, f16>, !asc.load_image_to_local_params
  return
}

// -----

func.func @float_dst(%p: !asc.load_image_to_local_params) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %t = asc.local_tensor %c0, %c32 : i32, i32 -> !asc.local_tensor<a1, f32>
  // expected-error@+1 {{load_image_to_local: 'dst' holds float32, but load_image_to_local writes int8 or float16}}
  asc.load_image_to_local %t, %p : !asc.local_tensor<a1, f32>, !asc.load_image_to_local_params
  return
}

// -----

func.func @size_range(%x: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  // expected-error@+1 {{LoadImageToLocalParams: 'horiz_size' must be in [2, 4095], but got 1}}
  %p = asc.load_image_to_local_params %c1, %x, %x, %x, %x, %x, %x, %x, %x : i32, i32, i32, i32, i32, i32, i32, i32, i32
  %t = asc.local_tensor %c0, %c32 : i32, i32 -> !asc.local_tensor<a1, f16>
  asc.load_image_to_local %t, %p : !asc.local_tensor<a1, f16>, !asc.load_image_to_local_params
  return
}

// -----

func.func @pad_range(%x: i32) {
  %c0 = arith.constant 0 : i32
  %c33 = arith.constant 33 : i32
  %c32 = arith.constant 32 : i32
  // expected-error@+1 {{LoadImageToLocalParams: 'right_pad_size' must be in [0, 32], but got 33}}
  %p = asc.load_image_to_local_params %x, %x, %x, %x, %x, %x, %x, %x, %c33 : i32, i32, i32, i32, i32, i32, i32, i32, i32
  %t = asc.local_tensor %c0, %c32 : i32, i32 -> !asc.local_tensor<b1, i8>
  asc.load_image_to_local %t, %p : !asc.local_tensor<b1, i8>, !asc.load_image_to_local_params
  return
}

// -----

func.func @crop(%x: i32) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c32 = arith.constant 32 : i32
  // expected-error@+1 {{LoadImageToLocalParams: 'horiz_start_pos' + 'horiz_size' (7) exceeds 'src_horiz_size' (4)}}
  %p = asc.load_image_to_local_params %c4, %x, %c3, %x, %c4, %x, %x, %x, %x : i32, i32, i32, i32, i32, i32, i32, i32, i32
  %t = asc.local_tensor %c0, %c32 : i32, i32 -> !asc.local_tensor<a1, f16>
  asc.load_image_to_local %t, %p : !asc.local_tensor<a1, f16>, !asc.load_image_to_local_params
  return
}

// -----

func.func @field_width(%x: i32) {
  %c256 = arith.constant 256 : i32
  // expected-error@+1 {{LoadImageToLocalParams: 'top_pad_size' must be in [0, 255] (uint8_t), but got 256}}
  %p = asc.load_image_to_local_params %x, %x, %x, %x, %x, %c256, %x, %x, %x : i32, i32, i32, i32, i32, i32, i32, i32, i32
  return
}
