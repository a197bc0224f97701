// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// Atomic configuration around copies into GM.
// CHECK-LABEL: void atomics(
// CHECK-SAME:  AscendC::GlobalTensor<float> [[G:v[0-9]+]], AscendC::LocalTensor<float> [[L:v[0-9]+]])
// CHECK-NEXT:    AscendC::SetAtomicAdd<float>();
// CHECK-NEXT:    AscendC::DataCopy([[G]], [[L]], 64);
// CHECK-NEXT:    AscendC::SetAtomicMax<half>();
// CHECK-NEXT:    AscendC::SetAtomicMin<int8_t>();
// CHECK-NEXT:    AscendC::SetAtomicType<bfloat16_t>();
// CHECK-NEXT:    AscendC::SetAtomicNone();
// CHECK-NEXT:    AscendC::DataCopy([[G]], [[L]], 64);
func.func @atomics(%g: !asc.global_tensor<f32>, %l: !asc.local_tensor<vecout, f32>) {
  %c64 = arith.constant 64 : i32
  asc.set_atomic_add f32
  asc.data_copy %g, %l, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  asc.set_atomic_max f16
  asc.set_atomic_min i8
  asc.set_atomic_type bf16
  asc.set_atomic_none
  asc.data_copy %g, %l, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  return
}
