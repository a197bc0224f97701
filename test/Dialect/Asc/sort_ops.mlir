// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// The sort ops survive print -> parse -> print.

// CHECK-LABEL: func.func @sort_forms(
// CHECK: asc.sort32 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, i32
// CHECK: asc.sort %{{.*}} {is_full_sort = true} : !asc.local_tensor<vecout, f16>
// CHECK: asc.mrg_sort %{{.*}}, [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} {is_exhausted_suspension = true} : !asc.local_tensor<vecout, f16>
// CHECK: asc.mrg_sort_info %{{.*}}, [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f16>
// CHECK: asc.get_mrg_sort_result : i32, i32, i32, i32
// CHECK: asc.get_sort_len %{{.*}} {element_type = f16} : i32 -> i32
// CHECK: asc.extract %{{.*}} : !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecout, f16>, i32
func.func @sort_forms(%d: !asc.local_tensor<vecout, f16>, %s: !asc.local_tensor<vecin, f16>,
                      %i: !asc.local_tensor<vecin, ui32>, %t: !asc.local_tensor<veccalc, f16>, %r: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c15 = arith.constant 15 : i32
  %false = arith.constant false
  asc.sort32 %d, %s, %i, %r : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, i32
  asc.sort %d, %s, %i, %t, %r {is_full_sort = true} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<veccalc, f16>, i32
  asc.mrg_sort %d, [%s, %s, %s, %s], [%r, %r, %r, %r], [%c0, %c0, %c0, %c0], %c15, %c1 {is_exhausted_suspension = true} : !asc.local_tensor<vecout, f16>, (!asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>), (i32, i32, i32, i32), (i32, i32, i32, i32), i32, i32
  asc.mrg_sort_info %d, [%s, %s, %s, %s], [%r, %r, %r, %r], %false, %c15, %c1 : !asc.local_tensor<vecout, f16>, (!asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>), (i32, i32, i32, i32), i32, i32
  %a:4 = asc.get_mrg_sort_result : i32, i32, i32, i32
  %l = asc.get_sort_len %a#0 {element_type = f16} : i32 -> i32
  asc.extract %s, %i, %d, %r : !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecout, f16>, i32
  return %l : i32
}
