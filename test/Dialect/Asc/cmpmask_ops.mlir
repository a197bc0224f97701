// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// The CMPMASK ops and the mask forms of select survive print -> parse -> print.

// CHECK-LABEL: func.func @cmp_mask_register
// CHECK-SAME: (%[[Z:.+]]: !asc.local_tensor<vecout, f16>, %[[B:.+]]: !asc.local_tensor<veccalc, ui16>, %[[X:.+]]: !asc.local_tensor<vecin, f16>, %[[Y:.+]]: !asc.local_tensor<vecin, f16>, %[[S:.+]]: f16, %[[M:.+]]: i64, %[[LO:.+]]: i64, %[[HI:.+]]: i64, %[[R:.+]]: i32, %[[P:.+]]: !asc.binary_repeat_params)
func.func @cmp_mask_register(%z: !asc.local_tensor<vecout, f16>, %b: !asc.local_tensor<veccalc, ui16>,
                             %x: !asc.local_tensor<vecin, f16>, %y: !asc.local_tensor<vecin, f16>, %s: f16,
                             %m: i64, %lo: i64, %hi: i64, %r: i32, %p: !asc.binary_repeat_params) {
  // CHECK-NEXT: asc.compare_cmpmask_l0 lt, %[[X]], %[[Y]], %[[M]], %[[P]] :
  asc.compare_cmpmask_l0 lt, %x, %y, %m, %p : !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, !asc.binary_repeat_params
  // CHECK-NEXT: asc.compare_cmpmask_l1 ge, %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[P]] {is_set_mask = false} :
  asc.compare_cmpmask_l1 ge, %x, %y, %lo, %hi, %p {is_set_mask = false} : !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i64, !asc.binary_repeat_params
  // CHECK-NEXT: asc.get_cmp_mask %[[B]] : !asc.local_tensor<veccalc, ui16>
  asc.get_cmp_mask %b : !asc.local_tensor<veccalc, ui16>
  // CHECK-NEXT: asc.set_cmp_mask %[[B]] : !asc.local_tensor<veccalc, ui16>
  asc.set_cmp_mask %b : !asc.local_tensor<veccalc, ui16>
  // CHECK-NEXT: asc.select_cmpmask vsel_tensor_tensor_mode, %[[Z]], %[[X]], %[[Y]], %[[R]], %[[P]] :
  asc.select_cmpmask vsel_tensor_tensor_mode, %z, %x, %y, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.select_cmpmask_scalar %[[Z]], %[[B]], %[[X]], %[[R]], %[[P]] :
  asc.select_cmpmask_scalar %z, %b, %x, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<vecin, f16>, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.select_l0 vsel_cmpmask_spr, %[[Z]], %[[B]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.select_l0 vsel_cmpmask_spr, %z, %b, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.select_l1 vsel_tensor_tensor_mode, %[[Z]], %[[B]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] {is_set_mask = false} :
  asc.select_l1 vsel_tensor_tensor_mode, %z, %b, %x, %y, %lo, %hi, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.select_scalar_l0 vsel_tensor_scalar_mode, %[[Z]], %[[B]], %[[X]], %[[S]], %[[M]], %[[R]], %[[P]] :
  asc.select_scalar_l0 vsel_tensor_scalar_mode, %z, %b, %x, %s, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.select_scalar_l1 vsel_tensor_scalar_mode, %[[Z]], %[[B]], %[[X]], %[[S]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.select_scalar_l1 vsel_tensor_scalar_mode, %z, %b, %x, %s, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.binary_repeat_params
  return
}
