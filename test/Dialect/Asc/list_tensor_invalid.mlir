// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the list-tensor ops and types.

func.func @shape_buffer_type(%d: !asc.tensor_desc<f16>, %shape: !asc.gm_addr<f32>) {
  // expected-error@+1 {{TensorDesc.set_shape_addr: 'shape_ptr' must point to uint64 words, but it points to float32}}
  asc.tensor_desc_set_shape_addr %d, %shape : !asc.tensor_desc<f16>, !asc.gm_addr<f32>
  return
}

// -----

func.func @data_ptr_type(%d: !asc.tensor_desc<f16>) {
  // expected-error@+1 {{TensorDesc.get_data_ptr: the address holds float32, but the TensorDesc describes float16 elements}}
  %p = asc.tensor_desc_get_data_ptr %d : !asc.tensor_desc<f16> -> !asc.gm_addr<f32>
  return
}

// -----

func.func @data_obj_type(%d: !asc.tensor_desc<f16>) {
  // expected-error@+1 {{TensorDesc.get_data_obj: the GlobalTensor holds int32, but the TensorDesc describes float16 elements}}
  %g = asc.tensor_desc_get_data_obj %d : !asc.tensor_desc<f16> -> !asc.global_tensor<i32>
  return
}

// -----

func.func @lengths_without_data(%n: i32) {
  // expected-error@+1 {{ListTensorDesc: 'length' and 'shape_size' need the descriptor address 'data'}}
  %l = "asc.list_tensor_desc"(%n, %n) {operandSegmentSizes = array<i32: 0, 1, 1>} : (i32, i32) -> !asc.list_tensor_desc
  return
}

// -----

func.func @data_without_lengths(%x: !asc.gm_addr<ui64>) {
  // expected-error@+1 {{ListTensorDesc: the constructor with 'data' takes 'length' and 'shape_size' too}}
  %l = "asc.list_tensor_desc"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>} : (!asc.gm_addr<ui64>) -> !asc.list_tensor_desc
  return
}

// -----

// expected-error@+1 {{TensorDesc: element type index is not an Ascend C element type (expected float16, bfloat16, float32, float64, bool, int8, int16, int32, int64, uint8, uint16, uint32 or uint64)}}
func.func @desc_element(%d: !asc.tensor_desc<index>) {
  return
}
