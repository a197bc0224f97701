// RUN: ascir-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: ascir-opt %s -split-input-file -cse | FileCheck %s --check-prefix=CSE

// Flags and barriers touch the sync resource: identical ones are neither
// merged nor dropped, and stay in order.
// CHECK-LABEL: func.func @sync_is_kept
// CHECK-NEXT:    asc.set_flag mte2_v
// CHECK-NEXT:    asc.set_flag mte2_v
// CHECK-NEXT:    asc.wait_flag mte2_v
// CHECK-NEXT:    asc.pipe_barrier all
// CHECK-NEXT:    asc.pipe_barrier all
// CSE-LABEL: func.func @sync_is_kept
// CSE-COUNT-2: asc.set_flag mte2_v
// CSE-COUNT-2: asc.pipe_barrier all
func.func @sync_is_kept(%id: i32) {
  asc.set_flag mte2_v, %id : i32
  asc.set_flag mte2_v, %id : i32
  asc.wait_flag mte2_v, %id : i32
  asc.pipe_barrier all
  asc.pipe_barrier all
  return
}

// -----

// Each tensor creation is a distinct tensor; unused ones disappear.
// CHECK-LABEL: func.func @tensors_are_distinct
// CHECK-COUNT-2: asc.local_tensor
// CHECK-COUNT-2: asc.global_tensor
// CSE-LABEL: func.func @tensors_are_distinct
// CSE-COUNT-2: asc.local_tensor
// CSE-COUNT-2: asc.global_tensor
func.func @tensors_are_distinct(%a: i32, %n: i32) -> (!asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.global_tensor<f32>) {
  %t0 = asc.local_tensor %a, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  %t1 = asc.local_tensor %a, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  %unused = asc.local_tensor %a, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  %g0 = asc.global_tensor : !asc.global_tensor<f32>
  %g1 = asc.global_tensor : !asc.global_tensor<f32>
  return %t0, %t1, %g0, %g1 : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.global_tensor<f32>
}

// -----

// Views and queries are pure: CSE merges them, canonicalize drops dead ones;
// copies stay.
// CSE-LABEL: func.func @views_are_pure
// CSE-COUNT-1: asc.subview
// CSE-NOT: asc.subview
// CHECK-LABEL: func.func @views_are_pure
// CHECK-NOT: asc.get_block_idx
// CHECK-COUNT-2: asc.data_copy
func.func @views_are_pure(%t: !asc.local_tensor<vecin, f32>, %g: !asc.global_tensor<f32>, %i: i32) {
  %dead = asc.get_block_idx : i32
  %v0 = asc.subview %t[%i] : !asc.local_tensor<vecin, f32>, i32
  %v1 = asc.subview %t[%i] : !asc.local_tensor<vecin, f32>, i32
  asc.data_copy %v0, %g, %i : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %v1, %g, %i : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  return
}
