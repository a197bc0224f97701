// RUN: ascir-opt %s -split-input-file -asc-auto-tensor-position -verify-diagnostics | FileCheck %s

// Filled from GM: VECIN; copied to GM: VECOUT; both or neither: VECCALC.
// Views take the tensor's new position.
// CHECK-LABEL: func.func @positions
func.func @positions(%g: !asc.global_tensor<f32>) {
  %c64 = arith.constant 64 : i32
  %c8 = arith.constant 8 : i32
  // CHECK: %[[IN:.*]] = asc.local_tensor_auto {{.*}} -> !asc.local_tensor<vecin, f32>
  %in = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<veccalc, f32>
  // CHECK: %[[OUT:.*]] = asc.local_tensor_auto {{.*}} -> !asc.local_tensor<vecout, f32>
  %out = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<veccalc, f32>
  // CHECK: %[[BOTH:.*]] = asc.local_tensor_auto {{.*}} -> !asc.local_tensor<veccalc, f32>
  %both = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<veccalc, f32>
  // CHECK: %[[TMP:.*]] = asc.local_tensor_auto {{.*}} -> !asc.local_tensor<veccalc, f32>
  %tmp = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<veccalc, f32>
  // CHECK: asc.subview %[[IN]][%{{.*}}] : !asc.local_tensor<vecin, f32>
  %view = asc.subview %in[%c8] : !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %view, %g, %c8 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %both, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %tmp, %in, %both, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.add %out, %tmp, %tmp, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %g, %out, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %g, %both, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}

// -----

func.func @carried(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %t = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<veccalc, f32>
  // expected-error@+1 {{a LocalTensorAuto cannot be carried out of a loop or branch, returned or passed to a function that is not inlined}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (!asc.local_tensor<veccalc, f32>) : i32 {
    scf.yield %a : !asc.local_tensor<veccalc, f32>
  }
  return
}

// -----

// A Matmul's C fetched into a LocalTensorAuto (GetTensorC: the AIV's MTE2
// copies the block from the workspace) makes it an input; an A passed from
// a LocalTensorAuto (SetTensorA: the AIV's MTE3 stages it) an output.
// CHECK-LABEL: func.func @matmul
func.func @matmul(%mm: !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>, %mma: !asc.matmul<vecin, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>, %g: !asc.global_tensor<f32>) {
  %c64 = arith.constant 64 : i32
  %false = arith.constant false
  %c0_i8 = arith.constant 0 : i8
  // CHECK: asc.local_tensor_auto {{.*}} -> !asc.local_tensor<vecin, f32>
  %c = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<veccalc, f32>
  // CHECK: asc.local_tensor_auto {{.*}} -> !asc.local_tensor<vecout, f16>
  %a = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<veccalc, f16>
  asc.abs %a, %a, %c64 : !asc.local_tensor<veccalc, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.matmul_call %mma, "SetTensorA"(%a, %false : !asc.local_tensor<veccalc, f16>, i1) : !asc.matmul<vecin, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  asc.matmul_call %mm, "GetTensorC"(%c, %c0_i8, %false : !asc.local_tensor<veccalc, f32>, i8, i1) {sync = true} : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>
  asc.abs %c, %c, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}
