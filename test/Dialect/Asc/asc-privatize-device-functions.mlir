// RUN: ascir-opt %s -asc-privatize-device-functions | FileCheck %s
// RUN: ascir-opt %s -asc-privatize-device-functions -inline -symbol-dce | FileCheck %s --check-prefix=INLINE

// Device functions become private, kernels stay public, declarations stay
// as they are.
// CHECK-LABEL: func.func private @device(
// CHECK-LABEL: func.func private @already_private(
// CHECK-LABEL: func.func private @declared(
// CHECK-LABEL: func.func @kernel(
// CHECK-SAME:  attributes {asc.kernel}

// Private device functions are then inlined into the kernel and deleted;
// declarations that are still called stay.
// INLINE-NOT:  func.func private @device
// INLINE-NOT:  func.func private @already_private
// INLINE:      func.func private @declared(
// INLINE-LABEL: func.func @kernel(
// INLINE-NOT:    call @device
// INLINE:        call @declared
func.func @device(%a: i32) -> i32 {
  %0 = func.call @already_private(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @already_private(%a: i32) -> i32 {
  %0 = func.call @declared(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @declared(i32) -> i32
func.func @kernel(%a: i32) attributes {asc.kernel} {
  %0 = func.call @device(%a) : (i32) -> i32
  return
}
