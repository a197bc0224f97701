// RUN: ascir-opt %s -split-input-file -asc-kernel-type | FileCheck %s
// RUN: ascir-opt %s -split-input-file -asc-kernel-type=kernel-type=mix_aic_1_1 | FileCheck %s --check-prefix=MIX11

// Inference (no kernel-type): UB only -> aiv_only; L1/L0 only -> aic_only;
// both -> mix_aic_1_2; cross-core flags of mode 0 -> the 1_0 type of the
// unit, of mode 1/2 -> mix_aic_1_2. A given type is recorded as its
// KernelMetaType (MIX_AIC_1_1 as mix_aic_1_1). Errors:
// asc-kernel-type-invalid-*.mlir.

// CHECK-LABEL: func.func @vector
// CHECK-SAME: asc.kernel_type = #asc<kernel_type aiv_only>
// MIX11-LABEL: func.func @vector
// MIX11-SAME: asc.kernel_type = #asc<kernel_type mix_aic_1_1>
func.func @vector(%g: !asc.global_tensor<f32>) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %x = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  asc.data_copy %x, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  return
}

// CHECK-LABEL: func.func @device
// CHECK-NOT: asc.kernel_type
func.func @device(%g: !asc.global_tensor<f32>) {
  return
}

// -----

// CHECK-LABEL: func.func @cube
// CHECK-SAME: asc.kernel_type = #asc<kernel_type aic_only>
func.func @cube(%g: !asc.global_tensor<f16>, %p: !asc.nd2nz_params) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  asc.data_copy_nd2nz %a1, %g, %p : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  return
}

// -----

// CHECK-LABEL: func.func @mix
// CHECK-SAME: asc.kernel_type = #asc<kernel_type mix_aic_1_2>
func.func @mix(%g: !asc.global_tensor<f16>, %p: !asc.nd2nz_params) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  %x = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecin, f16>
  asc.data_copy_nd2nz %a1, %g, %p : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  asc.data_copy %x, %g, %c512 : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  return
}

// -----

// A cube-unit register setter alone makes a cube kernel.
// CHECK-LABEL: func.func @register
// CHECK-SAME: asc.kernel_type = #asc<kernel_type aic_only>
func.func @register(%v: f16) attributes {asc.kernel} {
  asc.set_load_data_padding_value %v : f16
  return
}

// -----

// CHECK-LABEL: func.func @cross_core_vector
// CHECK-SAME: asc.kernel_type = #asc<kernel_type mix_aiv_1_0>
func.func @cross_core_vector(%id: i32) attributes {asc.kernel} {
  asc.cross_core_set_flag %id, 0, mte3 : i32
  asc.cross_core_wait_flag %id, 0, s : i32
  return
}

// -----

// CHECK-LABEL: func.func @cross_core_in_core
// CHECK-SAME: asc.kernel_type = #asc<kernel_type mix_aic_1_2>
// MIX11-LABEL: func.func @cross_core_in_core
// MIX11-SAME: asc.kernel_type = #asc<kernel_type mix_aic_1_1>
func.func @cross_core_in_core(%id: i32) attributes {asc.kernel} {
  asc.cross_core_set_flag %id, 2, mte3 : i32
  return
}

// -----

// sync_all: among the AIVs it is a mode-0 barrier (a vector kernel becomes
// mix_aiv_1_0); with is_aiv_only = false it also needs the AICs
// (mix_aic_1_2).
// CHECK-LABEL: func.func @sync_all_aiv
// CHECK-SAME: asc.kernel_type = #asc<kernel_type mix_aiv_1_0>
func.func @sync_all_aiv(%g: !asc.global_tensor<f32>) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %x = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  asc.data_copy %x, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.sync_all
  return
}

// CHECK-LABEL: func.func @sync_all_cores
// CHECK-SAME: asc.kernel_type = #asc<kernel_type mix_aic_1_2>
func.func @sync_all_cores(%g: !asc.global_tensor<f32>) attributes {asc.kernel} {
  asc.sync_all {is_aiv_only = false}
  return
}

// -----

// Each unit in the branch its core type takes (the else of "is AIV" and
// "not is AIV" are the AIC's): no error, MIX.
// CHECK-LABEL: func.func @branches
// CHECK-SAME: asc.kernel_type = #asc<kernel_type mix_aic_1_2>
func.func @branches(%g: !asc.global_tensor<f16>, %p: !asc.nd2nz_params) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %z = arith.constant 0 : i8
  %true = arith.constant true
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  %ub = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<vecin, f16>
  %aiv = asc.ascend_is_aiv : i8
  %is = arith.cmpi ne, %aiv, %z : i8
  scf.if %is {
    asc.data_copy %ub, %g, %c512 : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  } else {
    asc.data_copy_nd2nz %a1, %g, %p : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  }
  %not = arith.xori %is, %true : i1
  scf.if %not {
    asc.data_copy_nd2nz %a1, %g, %p : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  }
  return
}

// -----

// Queues of both core types initialised at top level, used in their core's
// branch: each core type keeps the books of the other's (InitBuffer touches
// no memory; docs/simulator.md), so no error, MIX.
// CHECK-LABEL: func.func @queues_at_top_level
// CHECK-SAME: asc.kernel_type = #asc<kernel_type mix_aic_1_2>
func.func @queues_at_top_level(%g: !asc.global_tensor<f16>, %p: !asc.nd2nz_params) attributes {asc.kernel} {
  %c1 = arith.constant 1 : i32
  %c512 = arith.constant 512 : i32
  %z = arith.constant 0 : i8
  %pipe = asc.tpipe : !asc.tpipe
  %qa = asc.tque : !asc.tque<a1, 1>
  %qv = asc.tque : !asc.tque<vecin, 1>
  asc.tpipe_init_buffer %pipe, %qa, %c1, %c512 : !asc.tque<a1, 1>, i32, i32
  asc.tpipe_init_buffer %pipe, %qv, %c1, %c512 : !asc.tque<vecin, 1>, i32, i32
  %aic = asc.ascend_is_aic : i8
  %is = arith.cmpi ne, %aic, %z : i8
  scf.if %is {
    %a1 = asc.alloc_tensor %qa : !asc.tque<a1, 1> -> !asc.local_tensor<a1, f16>
    asc.data_copy_nd2nz %a1, %g, %p : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
    asc.free_tensor %qa, %a1 : !asc.tque<a1, 1>, !asc.local_tensor<a1, f16>
  } else {
    %ub = asc.alloc_tensor %qv : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f16>
    asc.data_copy %ub, %g, %c512 : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
    asc.free_tensor %qv, %ub : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f16>
  }
  return
}
