// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// gather_mask (tensor and built-in pattern) and get_gather_mask_remain_count
// survive print -> parse -> print.

// CHECK-LABEL: func.func @gather_mask_forms(
// CHECK-SAME: %[[Z:.*]]: !asc.local_tensor<vecout, f16>, %[[X:.*]]: !asc.local_tensor<vecin, f16>, %[[P:.*]]: !asc.local_tensor<veccalc, ui16>, %[[RM:.*]]: i1, %[[M:.*]]: i32, %[[GP:.*]]: !asc.gather_mask_params, %[[ZI:.*]]: !asc.local_tensor<vecout, i32>, %[[XI:.*]]: !asc.local_tensor<vecin, i32>, %[[K:.*]]: i32)
func.func @gather_mask_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                             %p: !asc.local_tensor<veccalc, ui16>, %rm: i1, %m: i32,
                             %gp: !asc.gather_mask_params, %zi: !asc.local_tensor<vecout, i32>,
                             %xi: !asc.local_tensor<vecin, i32>, %k: i32) -> (i64, i64, i64) {
  // CHECK: asc.gather_mask %[[Z]], %[[X]], %[[P]], %[[RM]], %[[M]], %[[GP]] : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui16>, i1, i32, !asc.gather_mask_params -> i64
  %0 = asc.gather_mask %z, %x, %p, %rm, %m, %gp : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui16>, i1, i32, !asc.gather_mask_params -> i64
  // CHECK: asc.gather_mask %[[ZI]], %[[XI]], %[[K]], %[[RM]], %[[M]], %[[GP]] : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, i32>, i32, i1, i32, !asc.gather_mask_params -> i64
  %1 = asc.gather_mask %zi, %xi, %k, %rm, %m, %gp : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, i32>, i32, i1, i32, !asc.gather_mask_params -> i64
  // CHECK: asc.get_gather_mask_remain_count : i64
  %2 = asc.get_gather_mask_remain_count : i64
  return %0, %1, %2 : i64, i64, i64
}

// Transpose (both forms), TransDataTo5HD (three forms), get_phy_addr,
// Scatter (three forms), DataCopy slice and enhanced forms.

// CHECK-LABEL: func.func @transpose_forms(
func.func @transpose_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                           %tmp: !asc.local_tensor<veccalc, ui8>, %n: i32) {
  %c16 = arith.constant 16 : i32
  %c11 = arith.constant 11 : i32
  // CHECK: asc.transpose %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>
  asc.transpose %z, %x : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>
  // CHECK: %[[P:.*]] = asc.transpose_params_ext %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32, i32, i32
  %p = asc.transpose_params_ext %n, %n, %c16, %c16, %c11 : i32, i32, i32, i32, i32
  // CHECK: asc.transpose_ext %{{.*}}, %{{.*}}, %{{.*}}, %[[P]] : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui8>, !asc.transpose_params_ext
  asc.transpose_ext %z, %x, %tmp, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui8>, !asc.transpose_params_ext
  return
}

// CHECK-LABEL: func.func @trans_data_to_5hd_forms(
func.func @trans_data_to_5hd_forms(%d: !asc.local_tensor<vecout, i16>, %s: !asc.local_tensor<vecin, i16>,
                                   %da: !asc.local_tensor<veccalc, ui64>, %sa: !asc.local_tensor<veccalc, ui64>,
                                   %b: i1, %r: i32) {
  // CHECK: %[[P:.*]] = asc.trans_data_to_5hd_params %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i1, i1, i32, i32, i32
  %p = asc.trans_data_to_5hd_params %b, %b, %r, %r, %r : i1, i1, i32, i32, i32
  // CHECK: asc.trans_data_to_5hd [{{.*}}], [{{.*}}], %[[P]] : !asc.local_tensor<vecout, i16>
  asc.trans_data_to_5hd [%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d], [%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s], %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.trans_data_to_5hd_params
  // CHECK: %[[A:.*]] = asc.local_tensor_get_phy_addr %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, i16>, i32 -> i64
  %a = asc.local_tensor_get_phy_addr %d, %r : !asc.local_tensor<vecout, i16>, i32 -> i64
  // CHECK: asc.local_tensor_get_phy_addr %{{.*}} : !asc.local_tensor<vecin, i16> -> i64
  %a2 = asc.local_tensor_get_phy_addr %s : !asc.local_tensor<vecin, i16> -> i64
  // CHECK: asc.trans_data_to_5hd_addr [{{.*}}], [{{.*}}], %[[P]] {element_type = f16} : (i64,
  asc.trans_data_to_5hd_addr [%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a], [%a2, %a2, %a2, %a2, %a2, %a2, %a2, %a2, %a2, %a2, %a2, %a2, %a2, %a2, %a2, %a2], %p {element_type = f16} : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64), (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
  // CHECK: asc.trans_data_to_5hd_ub %{{.*}}, %{{.*}}, %[[P]] {element_type = i8} : !asc.local_tensor<veccalc, ui64>, !asc.local_tensor<veccalc, ui64>, !asc.trans_data_to_5hd_params
  asc.trans_data_to_5hd_ub %da, %sa, %p {element_type = i8} : !asc.local_tensor<veccalc, ui64>, !asc.local_tensor<veccalc, ui64>, !asc.trans_data_to_5hd_params
  return
}

// CHECK-LABEL: func.func @scatter_forms(
func.func @scatter_forms(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>,
                         %o: !asc.local_tensor<veccalc, ui32>, %b: i32, %m: i64, %r: i32) {
  // CHECK: asc.scatter %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i32, i32
  asc.scatter %z, %x, %o, %b, %b : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i32, i32
  // CHECK: asc.scatter_l0 %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i32, i64, i32, i32
  asc.scatter_l0 %z, %x, %o, %b, %m, %r, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i32, i64, i32, i32
  // CHECK: asc.scatter_l1 %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i32, i64, i64, i32, i32
  asc.scatter_l1 %z, %x, %o, %b, %m, %m, %r, %r : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, ui32>, i32, i64, i64, i32, i32
  return
}

// CHECK-LABEL: func.func @data_copy_forms(
func.func @data_copy_forms(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<f16>,
                           %p: !asc.data_copy_params, %v: i32, %f: i1) {
  // CHECK: %[[S:.*]] = asc.slice_info %{{.*}} : i32, i32, i32, i32, i32
  %s = asc.slice_info %v, %v, %v, %v, %v : i32, i32, i32, i32, i32
  // CHECK: asc.data_copy_slice %{{.*}}, %{{.*}}, [%[[S]], %[[S]]], [%[[S]], %[[S]]], %{{.*}} : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  asc.data_copy_slice %l, %g, [%s, %s], [%s, %s], %v : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  // CHECK: %[[E:.*]] = asc.data_copy_enhanced_params %{{.*}} : i32, i32, i32, i32, i1, i32, i32
  %e = asc.data_copy_enhanced_params %v, %v, %v, %v, %f, %v, %v : i32, i32, i32, i32, i1, i32, i32
  // CHECK: asc.data_copy_enhanced %{{.*}}, %{{.*}}, %{{.*}}, %[[E]] : !asc.global_tensor<f16>, !asc.local_tensor<vecin, f16>, !asc.data_copy_params, !asc.data_copy_enhanced_params
  asc.data_copy_enhanced %g, %l, %p, %e : !asc.global_tensor<f16>, !asc.local_tensor<vecin, f16>, !asc.data_copy_params, !asc.data_copy_enhanced_params
  return
}

// The enhanced form has the directions of the DataCopyParams form
// (ascendc_api.md §5.1 rows 8-10 behave as rows 4-6), the cube's too.
// CHECK-LABEL: func.func @data_copy_enhanced_l1(
func.func @data_copy_enhanced_l1(%a1: !asc.local_tensor<a1, f16>, %b1: !asc.local_tensor<b1, f16>,
                                 %c1: !asc.local_tensor<c1, f16>, %g: !asc.global_tensor<f16>,
                                 %p: !asc.data_copy_params, %e: !asc.data_copy_enhanced_params) {
  // CHECK: asc.data_copy_enhanced %{{.*}} : !asc.global_tensor<f16>, !asc.local_tensor<a1, f16>,
  asc.data_copy_enhanced %g, %a1, %p, %e : !asc.global_tensor<f16>, !asc.local_tensor<a1, f16>, !asc.data_copy_params, !asc.data_copy_enhanced_params
  // CHECK: asc.data_copy_enhanced %{{.*}} : !asc.global_tensor<f16>, !asc.local_tensor<b1, f16>,
  asc.data_copy_enhanced %g, %b1, %p, %e : !asc.global_tensor<f16>, !asc.local_tensor<b1, f16>, !asc.data_copy_params, !asc.data_copy_enhanced_params
  // CHECK: asc.data_copy_enhanced %{{.*}} : !asc.local_tensor<c1, f16>, !asc.global_tensor<f16>,
  asc.data_copy_enhanced %c1, %g, %p, %e : !asc.local_tensor<c1, f16>, !asc.global_tensor<f16>, !asc.data_copy_params, !asc.data_copy_enhanced_params
  return
}
