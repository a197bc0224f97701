// RUN: ascir-opt %s -split-input-file -asc-kernel-type | FileCheck %s
// RUN: ascir-opt %s -split-input-file -asc-kernel-type=matmul-cube-only=true | FileCheck %s --check-prefix=CUBE

// A Matmul makes a MIX_AIC_1_2 kernel (the AIVs are its clients, the AIC its
// server), AIC_ONLY with matmul-cube-only.

// CHECK-LABEL: func.func @mm
// CHECK-SAME: asc.kernel_type = #asc<kernel_type mix_aic_1_2>
// CUBE-LABEL: func.func @mm
// CUBE-SAME: asc.kernel_type = #asc<kernel_type aic_only>
func.func @mm(%c: !asc.global_tensor<f32>) attributes {asc.kernel} {
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  asc.matmul_call %m, "IterateAll"(%c : !asc.global_tensor<f32>) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  return
}
