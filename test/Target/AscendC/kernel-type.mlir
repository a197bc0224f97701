// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry --asc-line-directives=false %s | FileCheck %s
// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry %s | c++ -std=c++17 -fsyntax-only -x c++ -I %sim_include -
// RUN: ascir-opt -asc-kernel-type %s | ascir-translate --mlir-to-ascendc --asc-simulator-entry --asc-line-directives=false | FileCheck %s --check-prefix=INFER

// A kernel's type (asc-kernel-type) is declared as Ascend C kernels do, with
// KERNEL_TASK_TYPE_DEFAULT at the start of the body, and given to the
// simulator with ASCSIM_KERNEL_TYPE next to its entry point; a kernel
// without `asc.kernel_type` declares none (the simulator runs it as
// AIV_ONLY).

// CHECK:      extern "C" __global__ __aicore__ void pyasc_mixed(
// CHECK-NEXT:   KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
// CHECK:      ASCSIM_ENTRY(pyasc_mixed)
// CHECK-NEXT: ASCSIM_KERNEL_TYPE(KERNEL_TYPE_MIX_AIC_1_2)
// CHECK-NEXT: #endif

// The pass replaces a recorded type by the one it infers (AIV_ONLY for a
// kernel using neither unit).
// INFER:      void pyasc_mixed(
// INFER-NEXT:   KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
// INFER:      ASCSIM_KERNEL_TYPE(KERNEL_TYPE_AIV_ONLY)
func.func @mixed(%n: i32) attributes {asc.kernel, asc.kernel_type = #asc<kernel_type mix_aic_1_2>} {
  return
}
