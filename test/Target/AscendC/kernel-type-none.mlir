// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry --asc-line-directives=false %s | FileCheck %s

// Without `asc.kernel_type` (asc-kernel-type did not run) nothing is
// declared: the simulator runs the kernel as AIV_ONLY.

// CHECK-NOT: KERNEL_TASK_TYPE_DEFAULT
// CHECK-NOT: ASCSIM_KERNEL_TYPE
func.func @plain(%n: i32) attributes {asc.kernel} {
  return
}
