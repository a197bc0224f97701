// RUN: ascir-opt %s -split-input-file -asc-kernel-type=kernel-type=aiv_only -verify-diagnostics

// A vector-only kernel type rejects the first op that runs on the cube core
// and cross-core flags (which need a MIX type).

func.func @cube(%g: !asc.global_tensor<f16>, %p: !asc.nd2nz_params) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  // expected-error@+1 {{data_copy: cannot run in a KernelType.AIV_ONLY kernel: it runs on the cube core (AIC), which such blocks do not have; use KernelType.AIC_ONLY or a MIX_AIC kernel type, or leave kernel_type unset to infer it}}
  asc.data_copy_nd2nz %a1, %g, %p : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  return
}

// -----

func.func @register(%v: f16) attributes {asc.kernel} {
  // expected-error@+1 {{set_load_data_padding_value: cannot run in a KernelType.AIV_ONLY kernel}}
  asc.set_load_data_padding_value %v : f16
  return
}

// -----

func.func @cross_core(%id: i32) attributes {asc.kernel} {
  // expected-error@+1 {{cross_core_set_flag: needs a MIX kernel type, but the kernel type is KernelType.AIV_ONLY (the cross-core scheduler is off in AIV_ONLY and AIC_ONLY kernels)}}
  asc.cross_core_set_flag %id, 0, mte3 : i32
  return
}
