// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// The verifier rules of the debug extras.

func.func @reserved_time_stamp() {
  %c7 = arith.constant 7 : i32
  // expected-error@+1 {{print_time_stamp: 'desc_id' 7 is reserved: ids 0-65535 (0xffff) are the framework's; use an id above 0xffff}}
  asc.print_time_stamp %c7 : i32
  return
}

// -----

func.func @negative_count_off(%t: !asc.local_tensor<vecin, f32>) {
  %c1 = arith.constant 1 : i32
  %cm8 = arith.constant -8 : i32
  // expected-error@+1 {{dump_acc_chk_point: 'count_off' must not be negative, but got -8}}
  asc.dump_acc_chk_point %t, %c1, %cm8, %c1 : !asc.local_tensor<vecin, f32>, i32, i32, i32
  return
}

// -----

func.func @negative_index(%t: !asc.local_tensor<vecin, f32>, %n: i32) {
  %cm2 = arith.constant -2 : i32
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{dump_acc_chk_point: 'index' must not be negative (it is printed as an unsigned 32-bit number), but got -2}}
  asc.dump_acc_chk_point %t, %cm2, %c0, %n : !asc.local_tensor<vecin, f32>, i32, i32, i32
  return
}

// -----

func.func @negative_desc(%t: !asc.local_tensor<vecin, f32>, %n: i32) {
  %cm1 = arith.constant -1 : i32
  // expected-error@+1 {{dump_tensor: 'desc' must not be negative (it is printed as an unsigned 32-bit number), but got -1}}
  asc.dump_tensor %t, %cm1, %n : !asc.local_tensor<vecin, f32>, i32, i32
  return
}

// -----

func.func @negative_desc_with_shape(%t: !asc.local_tensor<vecin, f32>, %i: i32) {
  %cm3 = arith.constant -3 : i32
  // expected-error@+1 {{dump_tensor: 'desc' must not be negative (it is printed as an unsigned 32-bit number), but got -3}}
  asc.dump_tensor_shape %t, %cm3, %i shape [%i] original [%i] : !asc.local_tensor<vecin, f32>, i32, i32, (i32), (i32)
  return
}

// -----

func.func @shape_of_nine_dims(%t: !asc.local_tensor<vecin, f32>, %i: i32) {
  // expected-error@+1 {{dump_tensor: the ShapeInfo's shape has 9 dimensions; a ShapeInfo holds 1 to 8}}
  asc.dump_tensor_shape %t, %i, %i shape [%i, %i, %i, %i, %i, %i, %i, %i, %i] original [%i] : !asc.local_tensor<vecin, f32>, i32, i32, (i32, i32, i32, i32, i32, i32, i32, i32, i32), (i32)
  return
}

// -----

func.func @negative_dim(%t: !asc.local_tensor<vecin, f32>, %i: i32) {
  %cm2 = arith.constant -2 : i32
  // expected-error@+1 {{dump_tensor: the ShapeInfo's original_shape has a negative dimension, -2}}
  asc.dump_tensor_shape %t, %i, %i shape [%i] original [%cm2] : !asc.local_tensor<vecin, f32>, i32, i32, (i32), (i32)
  return
}

// -----

func.func @bad_data_format(%t: !asc.local_tensor<vecin, f32>, %i: i32) {
  // expected-error@+1 {{dump_tensor: 'data_format' 5 is not a DataFormat (ND 0, NZ 1, NCHW 2, NC1HWC0 3, NHWC 4)}}
  asc.dump_tensor_shape %t, %i, %i shape [%i] original [%i] {data_format = 5 : i32} : !asc.local_tensor<vecin, f32>, i32, i32, (i32), (i32)
  return
}

// -----

func.func @unknown_mem_dsb() {
  asc.data_sync_barrier l1
  // expected-error@-1 {{expected ::mlir::asc::MemDsbT to be one of: all, ddr, ub, seq}}
  // The parser reports the failed attribute at the next token.
  // expected-error@+1 {{failed to parse Asc_MemDsbTAttr parameter 'value' which is to be a `::mlir::asc::MemDsbT`}}
  return
}
