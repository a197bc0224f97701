// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// The cube path's ops (AscCubeOps.td) and parameter structs survive
// print -> parse -> print.

// CHECK-LABEL: func.func @loads
func.func @loads(%gm: !asc.global_tensor<f16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c512 = arith.constant 512 : i32
  %false = arith.constant false
  %zero = arith.constant 0.0 : f16
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  %b2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b2, f16>
  // CHECK: %[[P2:.*]] = asc.load_data_2d_params %{{.*}} : i32, i32, i32, i32, i32, i1, i32
  %p2 = asc.load_data_2d_params %c0, %c1, %c0, %c0, %c0, %false, %c0 : i32, i32, i32, i32, i32, i1, i32
  // CHECK: asc.load_data_2d %{{.*}}, %{{.*}}, %[[P2]] : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, !asc.load_data_2d_params
  asc.load_data_2d %a2, %a1, %p2 : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, !asc.load_data_2d_params
  // CHECK: asc.load_data_2d %{{.*}}, %{{.*}}, %[[P2]] : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.load_data_2d_params
  asc.load_data_2d %a1, %gm, %p2 : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.load_data_2d_params
  // CHECK: %[[P3:.*]] = asc.load_data_3d_params_v2 %{{.*}} -> !asc.load_data_3d_params_v2<f16>
  %p3 = asc.load_data_3d_params_v2 %c0, %c0, %c0, %c0, %c16, %c16, %c16, %c16, %c16, %c0, %c0, %c1, %c1, %c1, %c1, %c1, %c1, %false, %false, %zero, %false, %false, %false : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i1, i1, f16, i1, i1, i1 -> !asc.load_data_3d_params_v2<f16>
  // CHECK: asc.load_data_3d_v2 %{{.*}}, %{{.*}}, %[[P3]] : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, !asc.load_data_3d_params_v2<f16>
  asc.load_data_3d_v2 %a2, %a1, %p3 : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, !asc.load_data_3d_params_v2<f16>
  %b1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b1, f16>
  // CHECK: %[[PT:.*]] = asc.load_data_2d_transpose_params
  %pt = asc.load_data_2d_transpose_params %c0, %c1, %c0, %c0, %c0, %c0 : i32, i32, i32, i32, i32, i32
  // CHECK: asc.load_data_with_transpose %{{.*}}, %{{.*}}, %[[PT]] : !asc.local_tensor<b2, f16>, !asc.local_tensor<b1, f16>, !asc.load_data_2d_transpose_params
  asc.load_data_with_transpose %b2, %b1, %pt : !asc.local_tensor<b2, f16>, !asc.local_tensor<b1, f16>, !asc.load_data_2d_transpose_params
  // CHECK: %[[PI:.*]] = asc.init_const_value_params %{{.*}} -> !asc.init_const_value_params<f16>
  %pi = asc.init_const_value_params %c1, %c1, %c0, %zero : i32, i32, i32, f16 -> !asc.init_const_value_params<f16>
  // CHECK: asc.init_const_value %{{.*}}, %[[PI]] : !asc.local_tensor<a2, f16>, !asc.init_const_value_params<f16>
  asc.init_const_value %a2, %pi : !asc.local_tensor<a2, f16>, !asc.init_const_value_params<f16>
  // CHECK: asc.set_load_data_boundary %{{.*}} : i32
  asc.set_load_data_boundary %c0 : i32
  // CHECK: asc.set_load_data_padding_value %{{.*}} : f16
  asc.set_load_data_padding_value %zero : f16
  // CHECK: %[[PR:.*]] = asc.load_data_repeat_param
  %pr = asc.load_data_repeat_param %c0, %c1, %c0 : i32, i32, i32
  // CHECK: asc.set_load_data_repeat %[[PR]] : !asc.load_data_repeat_param
  asc.set_load_data_repeat %pr : !asc.load_data_repeat_param
  return
}

// CHECK-LABEL: func.func @mmad_fixpipe
func.func @mmad_fixpipe(%gm: !asc.global_tensor<f32>, %gh: !asc.global_tensor<f16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c512 = arith.constant 512 : i32
  %c0_64 = arith.constant 0 : i64
  %false = arith.constant false
  %true = arith.constant true
  %a2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a2, f16>
  %b2 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<b2, f16>
  %co1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<co1, f32>
  %c2 = asc.local_tensor %c0, %c16 : i32, i32 -> !asc.local_tensor<c2, f32>
  // CHECK: %[[M:.*]] = asc.mmad_params %{{.*}} : i32, i32, i32, i1, i32, i1, i1, i1, i32, i1, i1
  %m = asc.mmad_params %c16, %c16, %c16, %false, %c0, %false, %false, %false, %c0, %false, %true : i32, i32, i32, i1, i32, i1, i1, i1, i32, i1, i1
  // CHECK: asc.mmad %{{.*}}, %{{.*}}, %{{.*}}, %[[M]] : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  asc.mmad %co1, %a2, %b2, %m : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  // CHECK: asc.mmad_bias %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[M]] : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.local_tensor<c2, f32>, !asc.mmad_params
  asc.mmad_bias %co1, %a2, %b2, %c2, %m : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.local_tensor<c2, f32>, !asc.mmad_params
  // CHECK: %[[F:.*]] = asc.fixpipe_params_v220 %{{.*}} : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  %f = asc.fixpipe_params_v220 %c16, %c16, %c16, %c16, %false, %c0, %c0_64, %c1, %c0, %c0, %c0, %false : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
  // CHECK: asc.fixpipe %{{.*}}, %{{.*}}, %[[F]] : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  asc.fixpipe %gm, %co1, %f : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  // CHECK: asc.fixpipe %{{.*}}, %{{.*}}, %[[F]] {config = #asc<co2_layout nz>} : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  asc.fixpipe %gm, %co1, %f {config = #asc<co2_layout nz>} : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.fixpipe_params_v220
  // CHECK: asc.set_fix_pipe_pre_quant_flag %{{.*}} : i64
  asc.set_fix_pipe_pre_quant_flag %c0_64 : i64
  // CHECK: %[[D:.*]] = asc.data_copy_co12_dst_params
  %d = asc.data_copy_co12_dst_params %c16, %c16, %c16, %c16, %c0, %c0, %false, %true : i32, i32, i32, i32, i32, i32, i1, i1
  // CHECK: asc.data_copy_co12 %{{.*}}, %{{.*}}, %[[D]] : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.data_copy_co12_dst_params
  asc.data_copy_co12 %gm, %co1, %d : !asc.global_tensor<f32>, !asc.local_tensor<co1, f32>, !asc.data_copy_co12_dst_params
  %a1 = asc.local_tensor %c0, %c512 : i32, i32 -> !asc.local_tensor<a1, f16>
  // CHECK: %[[N:.*]] = asc.nd2nz_params
  %n = asc.nd2nz_params %c1, %c16, %c16, %c0, %c16, %c16, %c1, %c1 : i32, i32, i32, i32, i32, i32, i32, i32
  // With one matrix dst_nz_matrix_stride is unused: 0 is allowed.
  // CHECK: asc.nd2nz_params %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[Z:.*]] :
  %n0 = asc.nd2nz_params %c1, %c16, %c16, %c0, %c16, %c16, %c1, %c0 : i32, i32, i32, i32, i32, i32, i32, i32
  // CHECK: asc.data_copy_nd2nz %{{.*}}, %{{.*}}, %[[N]] : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  asc.data_copy_nd2nz %a1, %gh, %n : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  // One matrix: a dst_nz_matrix_stride off the 32-byte blocks is unused, so
  // allowed; two matrices 16 float16 elements (32 bytes) apart are aligned.
  %c17 = arith.constant 17 : i32
  %c2n = arith.constant 2 : i32
  %n17 = asc.nd2nz_params %c1, %c16, %c16, %c0, %c16, %c16, %c1, %c17 : i32, i32, i32, i32, i32, i32, i32, i32
  // CHECK: asc.data_copy_nd2nz
  asc.data_copy_nd2nz %a1, %gh, %n17 : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  %n2 = asc.nd2nz_params %c2n, %c16, %c16, %c0, %c16, %c16, %c1, %c16 : i32, i32, i32, i32, i32, i32, i32, i32
  // CHECK: asc.data_copy_nd2nz
  asc.data_copy_nd2nz %a1, %gh, %n2 : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, !asc.nd2nz_params
  return
}

// CHECK-LABEL: func.func @cross_core
func.func @cross_core(%id: i32) {
  // CHECK: asc.cross_core_set_flag %{{.*}}, 2, mte3 : i32
  asc.cross_core_set_flag %id, 2, mte3 : i32
  // CHECK: asc.cross_core_wait_flag %{{.*}}, 0, s : i32
  asc.cross_core_wait_flag %id, 0, s : i32
  return
}
