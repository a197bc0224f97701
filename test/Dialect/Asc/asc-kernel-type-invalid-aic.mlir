// RUN: ascir-opt %s -split-input-file -asc-kernel-type=kernel-type=mix_aic_1_0 -verify-diagnostics

// A cube-only kernel type rejects the first op that runs on the vector core,
// and cross-core flags of modes 1 and 2 (they need an AIC with its AIVs).

func.func @vector(%g: !asc.global_tensor<f32>) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %x = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  // expected-error@+1 {{data_copy: cannot run in a KernelType.MIX_AIC_1_0 kernel: it runs on the vector core (AIV), which such blocks do not have; use a MIX_AIC_1_1 or MIX_AIC_1_2 kernel type, or leave kernel_type unset to infer it}}
  asc.data_copy %x, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

func.func @cross_core_in_core(%id: i32) attributes {asc.kernel} {
  // expected-error@+1 {{cross_core_set_flag: mode 1 and 2 synchronise the cores of one AI Core, which needs kernel type MIX_AIC_1_1 or MIX_AIC_1_2, but it is KernelType.MIX_AIC_1_0}}
  asc.cross_core_set_flag %id, 2, mte3 : i32
  return
}
