// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// The list-tensor ops (TensorDesc, ListTensorDesc and their methods) survive
// print -> parse -> print.

// CHECK-LABEL: func.func @list_tensors
func.func @list_tensors(%x: !asc.gm_addr<ui64>, %shape: !asc.gm_addr<ui64>, %i: i32) -> (i64, i64, i64, i32) {
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  // CHECK: %[[L:.*]] = asc.list_tensor_desc(%{{.*}}, %{{.*}}, %{{.*}} : !asc.gm_addr<ui64>) : !asc.list_tensor_desc
  %l = asc.list_tensor_desc(%x, %c3, %c7 : !asc.gm_addr<ui64>) : !asc.list_tensor_desc
  // CHECK: %[[E:.*]] = asc.list_tensor_desc : !asc.list_tensor_desc
  %e = asc.list_tensor_desc : !asc.list_tensor_desc
  // CHECK: asc.list_tensor_desc_init %[[E]], %{{.*}}, %{{.*}}, %{{.*}} : !asc.list_tensor_desc, !asc.gm_addr<ui64>, i32, i32
  asc.list_tensor_desc_init %e, %x, %c3, %c7 : !asc.list_tensor_desc, !asc.gm_addr<ui64>, i32, i32
  // CHECK: %[[D:.*]] = asc.tensor_desc : !asc.tensor_desc<f16>
  %d = asc.tensor_desc : !asc.tensor_desc<f16>
  // CHECK: asc.tensor_desc_set_shape_addr %[[D]], %{{.*}} : !asc.tensor_desc<f16>, !asc.gm_addr<ui64>
  asc.tensor_desc_set_shape_addr %d, %shape : !asc.tensor_desc<f16>, !asc.gm_addr<ui64>
  // CHECK: asc.list_tensor_desc_get_desc %[[L]], %[[D]], %{{.*}} : !asc.list_tensor_desc, !asc.tensor_desc<f16>, i32
  asc.list_tensor_desc_get_desc %l, %d, %i : !asc.list_tensor_desc, !asc.tensor_desc<f16>, i32
  // CHECK: asc.tensor_desc_get_dim %[[D]] : !asc.tensor_desc<f16> -> i64
  %dim = asc.tensor_desc_get_dim %d : !asc.tensor_desc<f16> -> i64
  // CHECK: asc.tensor_desc_get_index %[[D]] : !asc.tensor_desc<f16> -> i64
  %index = asc.tensor_desc_get_index %d : !asc.tensor_desc<f16> -> i64
  // CHECK: asc.tensor_desc_get_shape %[[D]], %{{.*}} : !asc.tensor_desc<f16>, i32 -> i64
  %s0 = asc.tensor_desc_get_shape %d, %i : !asc.tensor_desc<f16>, i32 -> i64
  // CHECK: asc.tensor_desc_get_data_ptr %[[D]] : !asc.tensor_desc<f16> -> !asc.gm_addr<f16>
  %p = asc.tensor_desc_get_data_ptr %d : !asc.tensor_desc<f16> -> !asc.gm_addr<f16>
  // CHECK: asc.tensor_desc_get_data_obj %[[D]] : !asc.tensor_desc<f16> -> !asc.global_tensor<f16>
  %g = asc.tensor_desc_get_data_obj %d : !asc.tensor_desc<f16> -> !asc.global_tensor<f16>
  // CHECK: asc.list_tensor_desc_get_data_ptr %[[L]], %{{.*}} : !asc.list_tensor_desc, i32 -> !asc.gm_addr<i32>
  %q = asc.list_tensor_desc_get_data_ptr %l, %i : !asc.list_tensor_desc, i32 -> !asc.gm_addr<i32>
  // CHECK: asc.list_tensor_desc_get_size %[[L]] : !asc.list_tensor_desc -> i32
  %n = asc.list_tensor_desc_get_size %l : !asc.list_tensor_desc -> i32
  return %dim, %index, %s0, %n : i64, i64, i64, i32
}
