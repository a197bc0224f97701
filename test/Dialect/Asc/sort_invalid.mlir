// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the sort ops.

func.func @sort32_i32(%d: !asc.local_tensor<vecout, i32>, %s: !asc.local_tensor<vecin, i32>, %i: !asc.local_tensor<vecin, ui32>, %r: i32) {
  // expected-error@+1 {{sort32: 'dst' holds int32, but sort32 supports float16, float32 on Ascend 910B/910C}}
  asc.sort32 %d, %s, %i, %r : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, ui32>, i32
  return
}

// -----

func.func @sort32_index_type(%d: !asc.local_tensor<vecout, f32>, %s: !asc.local_tensor<vecin, f32>, %i: !asc.local_tensor<vecin, i32>, %r: i32) {
  // expected-error@+1 {{sort32: 'src1' holds int32, but sort32 supports uint32 on Ascend 910B/910C}}
  asc.sort32 %d, %s, %i, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, i32>, i32
  return
}

// -----

func.func @sort32_repeat(%d: !asc.local_tensor<vecout, f32>, %s: !asc.local_tensor<vecin, f32>, %i: !asc.local_tensor<vecin, ui32>) {
  %c256 = arith.constant 256 : i32
  // expected-error@+1 {{sort32: 'repeat_time' must be in [0, 255], but got 256}}
  asc.sort32 %d, %s, %i, %c256 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, ui32>, i32
  return
}

// -----

func.func @sort_mixed(%d: !asc.local_tensor<vecout, f32>, %s: !asc.local_tensor<vecin, f16>, %i: !asc.local_tensor<vecin, ui32>, %t: !asc.local_tensor<veccalc, f32>, %r: i32) {
  // expected-error@+1 {{sort: 'concat' holds float16 but 'dst' holds float32; element types must match}}
  asc.sort %d, %s, %i, %t, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<veccalc, f32>, i32
  return
}

// -----

func.func @mrg_sort_valid_bit(%d: !asc.local_tensor<vecout, f32>, %a: !asc.local_tensor<vecin, f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  // expected-error@+1 {{mrg_sort: 'valid_bit' must be 3 (0b11: lists 1-2), 7 (0b111: lists 1-3) or 15 (0b1111: lists 1-4), but got 5}}
  asc.mrg_sort %d, [%a, %a, %a, %a], [%n, %n, %n, %n], [%c0, %c0, %c0, %c0], %c5, %c1 : !asc.local_tensor<vecout, f32>, (!asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>), (i32, i32, i32, i32), (i32, i32, i32, i32), i32, i32
  return
}

// -----

func.func @mrg_sort_three_lists(%d: !asc.local_tensor<vecout, f32>, %a: !asc.local_tensor<vecin, f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  // expected-error@+1 {{mrg_sort: 'sort_list' must hold 4 tensors (repeat one for unused lists), but holds 3}}
  asc.mrg_sort %d, [%a, %a, %a], [%n, %n, %n, %n], [%c0, %c0, %c0, %c0], %c3, %c1 : !asc.local_tensor<vecout, f32>, (!asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>), (i32, i32, i32, i32), (i32, i32, i32, i32), i32, i32
  return
}

// -----

func.func @mrg_sort_list_type(%d: !asc.local_tensor<vecout, f32>, %a: !asc.local_tensor<vecin, f16>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  // expected-error@+1 {{mrg_sort: 'sort_list' holds float16 tensors, but 'dst' holds float32}}
  asc.mrg_sort %d, [%a, %a, %a, %a], [%n, %n, %n, %n], [%c0, %c0, %c0, %c0], %c3, %c1 : !asc.local_tensor<vecout, f32>, (!asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>), (i32, i32, i32, i32), (i32, i32, i32, i32), i32, i32
  return
}

// -----

func.func @mrg_sort_counts(%d: !asc.local_tensor<vecout, f32>, %a: !asc.local_tensor<vecin, f32>, %n: i32) {
  %f = arith.constant false
  %c3 = arith.constant 3 : i32
  %big = arith.constant 70000 : i32
  // expected-error@+1 {{mrg_sort: 'element_lengths' entries must be in [0, 65535], but one is 70000}}
  asc.mrg_sort_info %d, [%a, %a, %a, %a], [%big, %n, %n, %n], %f, %c3, %c3 : !asc.local_tensor<vecout, f32>, (!asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>), (i32, i32, i32, i32), i32, i32
  return
}

// -----

func.func @mrg_sort_repeat(%d: !asc.local_tensor<vecout, f32>, %a: !asc.local_tensor<vecin, f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %f = arith.constant false
  // expected-error@+1 {{mrg_sort: 'repeat_times' must be in [1, 255], but got 0}}
  asc.mrg_sort_info %d, [%a, %a, %a, %a], [%n, %n, %n, %n], %f, %c3, %c0 : !asc.local_tensor<vecout, f32>, (!asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>), (i32, i32, i32, i32), i32, i32
  return
}

// -----

func.func @mrg_sort_sorted_num(%d: !asc.local_tensor<vecout, f32>, %a: !asc.local_tensor<vecin, f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  // expected-error@+1 {{mrg_sort: 'sorted_num' must hold 4 values, but holds 2}}
  asc.mrg_sort %d, [%a, %a, %a, %a], [%n, %n, %n, %n], [%c0, %c0], %c3, %c1 : !asc.local_tensor<vecout, f32>, (!asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>), (i32, i32, i32, i32), (i32, i32), i32, i32
  return
}

// -----

func.func @sort_len_type(%n: i32) -> i32 {
  // expected-error@+1 {{get_sort_len: 'dtype' must be float16 or float32 (the score types of the sort instructions), but got int8}}
  %l = asc.get_sort_len %n {element_type = i8} : i32 -> i32
  return %l : i32
}

// -----

func.func @extract_index_type(%v: !asc.local_tensor<vecout, f32>, %i: !asc.local_tensor<vecout, f32>, %s: !asc.local_tensor<vecin, f32>, %r: i32) {
  // expected-error@+1 {{adv.extract: 'dst_index' holds float32, but adv.extract supports uint32 on Ascend 910B/910C}}
  asc.extract %v, %i, %s, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  return
}

// -----

func.func @concat_repeat(%c: !asc.local_tensor<veccalc, f16>, %s: !asc.local_tensor<vecin, f16>) {
  %c300 = arith.constant 300 : i32
  // expected-error@+1 {{adv.concat: 'repeat_time' must be in [0, 255], but got 300}}
  asc.concat %c, %s, %c, %c300 : !asc.local_tensor<veccalc, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  return
}
