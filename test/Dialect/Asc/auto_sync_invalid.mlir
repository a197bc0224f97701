// RUN: ascir-opt %s -split-input-file -verify-diagnostics

func.func @no_dims() {
  // expected-error@+1 {{LocalTensorAuto: 'shape' needs at least one dimension}}
  %a = "asc.local_tensor_auto"() : () -> !asc.local_tensor<veccalc, f32>
  return
}

// -----

func.func @zero_dim() {
  %c16 = arith.constant 16 : i32
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{LocalTensorAuto: dimension 1 of 'shape' is 0; dimensions must be positive}}
  %a = asc.local_tensor_auto %c16, %c0 : i32, i32 -> !asc.local_tensor<veccalc, f32>
  return
}

// -----

func.func @not_ub() {
  %c16 = arith.constant 16 : i32
  // expected-error@+1 {{LocalTensorAuto: a LocalTensorAuto lives in the Unified Buffer (VECIN, VECOUT or VECCALC), not in TPosition.A1}}
  %a = asc.local_tensor_auto %c16 : i32 -> !asc.local_tensor<a1, f32>
  return
}

// -----

func.func @auto_tensor_attr(%q: !asc.tque<vecin, 1>) {
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  // expected-error@+1 {{'asc.enque' op 'asc.auto_tensor' is a unit attribute of asc.alloc_tensor and asc.free_tensor}}
  asc.enque %q, %t {asc.auto_tensor} : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}
