// RUN: ascir-opt %s -split-input-file -asc-kernel-type=kernel-type=aiv_only -verify-diagnostics

// An AIV-only kernel has no AIC to run a Matmul; a cube-only Matmul kernel
// has no AIV for vector code.

func.func @mm_aiv(%c: !asc.global_tensor<f32>) attributes {asc.kernel} {
  // expected-error@+1 {{adv.Matmul: a Matmul cannot run in a KernelType.AIV_ONLY kernel: its cube work runs on the AIC, which such blocks do not have; use KernelType.MIX_AIC_1_2 (or matmul_cube_only=True for AIC_ONLY), or leave kernel_type unset to infer it}}
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  asc.matmul_call %m, "IterateAll"(%c : !asc.global_tensor<f32>) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  return
}
