// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// List tensors: the file includes kernel_operator_list_tensor_intf.h; the
// two classes are declared (ListTensorDesc with its descriptor or empty),
// their methods are member calls, ListTensorDesc::GetDataPtr takes the
// element type as its template argument.

// CHECK: #include "kernel_operator.h"
// CHECK-NEXT: #include "kernel_operator_list_tensor_intf.h"
// CHECK-LABEL: void list_tensors(
// CHECK-SAME:      __gm__ uint64_t* [[X:v[0-9]+]], __gm__ uint64_t* [[SHAPE:v[0-9]+]], int32_t [[I:v[0-9]+]], __gm__ int64_t* [[OUT:v[0-9]+]])
// CHECK:         AscendC::ListTensorDesc [[L:v[0-9]+]]([[X]], 3, -1);
// CHECK-NEXT:    AscendC::ListTensorDesc [[E:v[0-9]+]];
// CHECK-NEXT:    [[E]].Init([[X]], 3, 7);
// CHECK-NEXT:    AscendC::TensorDesc<half> [[D:v[0-9]+]];
// CHECK-NEXT:    [[D]].SetShapeAddr([[SHAPE]]);
// CHECK-NEXT:    [[L]].GetDesc([[D]], [[I]]);
// CHECK-NEXT:    int64_t {{v[0-9]+}} = static_cast<int64_t>([[D]].GetDim());
// CHECK-NEXT:    int64_t {{v[0-9]+}} = static_cast<int64_t>([[D]].GetIndex());
// CHECK-NEXT:    int64_t {{v[0-9]+}} = static_cast<int64_t>([[D]].GetShape([[I]]));
// CHECK-NEXT:    AscendC::GlobalTensor<half> [[G:v[0-9]+]] = [[D]].GetDataObj();
// CHECK-NEXT:    int64_t {{v[0-9]+}} = static_cast<int64_t>([[G]].GetSize());
// CHECK-NEXT:    __gm__ half* {{v[0-9]+}} = [[D]].GetDataPtr();
// CHECK-NEXT:    __gm__ int32_t* {{v[0-9]+}} = [[L]].GetDataPtr<int32_t>([[I]]);
// CHECK-NEXT:    int32_t {{v[0-9]+}} = static_cast<int32_t>([[E]].GetSize());
func.func @list_tensors(%x: !asc.gm_addr<ui64>, %shape: !asc.gm_addr<ui64>, %i: i32, %out: !asc.gm_addr<i64>) {
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %cm1 = arith.constant -1 : i32
  %l = asc.list_tensor_desc(%x, %c3, %cm1 : !asc.gm_addr<ui64>) : !asc.list_tensor_desc
  %e = asc.list_tensor_desc : !asc.list_tensor_desc
  asc.list_tensor_desc_init %e, %x, %c3, %c7 : !asc.list_tensor_desc, !asc.gm_addr<ui64>, i32, i32
  %d = asc.tensor_desc : !asc.tensor_desc<f16>
  asc.tensor_desc_set_shape_addr %d, %shape : !asc.tensor_desc<f16>, !asc.gm_addr<ui64>
  asc.list_tensor_desc_get_desc %l, %d, %i : !asc.list_tensor_desc, !asc.tensor_desc<f16>, i32
  %dim = asc.tensor_desc_get_dim %d : !asc.tensor_desc<f16> -> i64
  %index = asc.tensor_desc_get_index %d : !asc.tensor_desc<f16> -> i64
  %s = asc.tensor_desc_get_shape %d, %i : !asc.tensor_desc<f16>, i32 -> i64
  %g = asc.tensor_desc_get_data_obj %d : !asc.tensor_desc<f16> -> !asc.global_tensor<f16>
  %gs = asc.global_tensor_get_size %g : !asc.global_tensor<f16> -> i64
  %p = asc.tensor_desc_get_data_ptr %d : !asc.tensor_desc<f16> -> !asc.gm_addr<f16>
  %q = asc.list_tensor_desc_get_data_ptr %l, %i : !asc.list_tensor_desc, i32 -> !asc.gm_addr<i32>
  %n = asc.list_tensor_desc_get_size %e : !asc.list_tensor_desc -> i32
  %n64 = arith.extsi %n : i32 to i64
  %go = asc.global_tensor : !asc.global_tensor<i64>
  asc.set_global_buffer %go, %out : !asc.global_tensor<i64>, !asc.gm_addr<i64>
  %c0 = arith.constant 0 : i32
  %a = arith.addi %dim, %index : i64
  %b = arith.addi %a, %s : i64
  %c = arith.addi %b, %gs : i64
  %d2 = arith.addi %c, %n64 : i64
  asc.set_value %go, %c0, %d2 : !asc.global_tensor<i64>, i32, i64
  %gp = asc.global_tensor : !asc.global_tensor<f16>
  asc.set_global_buffer %gp, %p : !asc.global_tensor<f16>, !asc.gm_addr<f16>
  %gq = asc.global_tensor : !asc.global_tensor<i32>
  asc.set_global_buffer %gq, %q : !asc.global_tensor<i32>, !asc.gm_addr<i32>
  return
}
