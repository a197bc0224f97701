// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// The tensor-descriptor ops (empty tensors, getters, setters, casts, user
// tags, GlobalTensor address and size) survive print -> parse -> print.

// CHECK-LABEL: func.func @local_descriptor
func.func @local_descriptor(%w: !asc.local_tensor<veccalc, f16>, %n: i32) -> (i32, i32, i32, i32) {
  // CHECK: %[[E:.*]] = asc.local_tensor_empty : !asc.local_tensor<vecin, i16>
  %e = asc.local_tensor_empty : !asc.local_tensor<vecin, i16>
  // CHECK: %[[U:.*]] = asc.local_tensor_set_addr_with_offset %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f16>, i32 -> !asc.local_tensor<veccalc, i16>
  %u = asc.local_tensor_set_addr_with_offset %w, %n : !asc.local_tensor<veccalc, f16>, i32 -> !asc.local_tensor<veccalc, i16>
  // CHECK: %[[S:.*]] = asc.local_tensor_set_size %[[U]], %{{.*}} : !asc.local_tensor<veccalc, i16>, i32
  %s = asc.local_tensor_set_size %u, %n : !asc.local_tensor<veccalc, i16>, i32
  // CHECK: %[[L:.*]] = asc.local_tensor_set_buffer_len %[[S]], %{{.*}} : !asc.local_tensor<veccalc, i16>, i32
  %l = asc.local_tensor_set_buffer_len %s, %n : !asc.local_tensor<veccalc, i16>, i32
  // CHECK: %[[R:.*]] = asc.local_tensor_reinterpret_cast %[[L]] : !asc.local_tensor<veccalc, i16> -> !asc.local_tensor<veccalc, f32>
  %r = asc.local_tensor_reinterpret_cast %l : !asc.local_tensor<veccalc, i16> -> !asc.local_tensor<veccalc, f32>
  // CHECK: asc.local_tensor_get_size %[[R]] : !asc.local_tensor<veccalc, f32> -> i32
  %size = asc.local_tensor_get_size %r : !asc.local_tensor<veccalc, f32> -> i32
  // CHECK: asc.local_tensor_get_length %[[L]] : !asc.local_tensor<veccalc, i16> -> i32
  %len = asc.local_tensor_get_length %l : !asc.local_tensor<veccalc, i16> -> i32
  // CHECK: asc.local_tensor_get_position %[[E]] : !asc.local_tensor<vecin, i16> -> i32
  %pos = asc.local_tensor_get_position %e : !asc.local_tensor<vecin, i16> -> i32
  // CHECK: asc.local_tensor_set_user_tag %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f16>, i32
  asc.local_tensor_set_user_tag %w, %n : !asc.local_tensor<veccalc, f16>, i32
  // CHECK: asc.local_tensor_get_user_tag %{{.*}} : !asc.local_tensor<veccalc, f16> -> i32
  %tag = asc.local_tensor_get_user_tag %w : !asc.local_tensor<veccalc, f16> -> i32
  return %size, %len, %pos, %tag : i32, i32, i32, i32
}

// CHECK-LABEL: func.func @global_descriptor
func.func @global_descriptor(%x: !asc.gm_addr<f32>, %n: i32) -> (!asc.gm_addr<f32>, i64) {
  %g = asc.global_tensor : !asc.global_tensor<f32>
  asc.set_global_buffer %g, %x, %n : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  // CHECK: asc.global_tensor_get_phy_addr %{{.*}}, %{{.*}} : !asc.global_tensor<f32>, i32 -> !asc.gm_addr<f32>
  %p = asc.global_tensor_get_phy_addr %g, %n : !asc.global_tensor<f32>, i32 -> !asc.gm_addr<f32>
  // CHECK: asc.global_tensor_get_size %{{.*}} : !asc.global_tensor<f32> -> i64
  %size = asc.global_tensor_get_size %g : !asc.global_tensor<f32> -> i64
  // CHECK: asc.global_tensor_set_l2_cache_hint %{{.*}}, cache_mode_persistent, write : !asc.global_tensor<f32>
  asc.global_tensor_set_l2_cache_hint %g, cache_mode_persistent, write : !asc.global_tensor<f32>
  return %p, %size : !asc.gm_addr<f32>, i64
}
