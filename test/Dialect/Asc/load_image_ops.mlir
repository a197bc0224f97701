// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// asc.load_image_to_local_params and asc.load_image_to_local survive
// print -> parse -> print.

// CHECK-LABEL: func.func @load_image
func.func @load_image(%h: i32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c32 = arith.constant 32 : i32
  %c4095 = arith.constant 4095 : i32
  // CHECK: %[[P:.*]] = asc.load_image_to_local_params %{{.*}} : i32, i32, i32, i32, i32, i32, i32, i32, i32
  %p = asc.load_image_to_local_params %c2, %h, %c0, %c0, %c4095, %c32, %c0, %c32, %c0 : i32, i32, i32, i32, i32, i32, i32, i32, i32
  %a1 = asc.local_tensor %c0, %c32 : i32, i32 -> !asc.local_tensor<a1, f16>
  %b1 = asc.local_tensor %c0, %c32 : i32, i32 -> !asc.local_tensor<b1, i8>
  // CHECK: asc.load_image_to_local %{{.*}}, %[[P]] : !asc.local_tensor<a1, f16>, !asc.load_image_to_local_params
  asc.load_image_to_local %a1, %p : !asc.local_tensor<a1, f16>, !asc.load_image_to_local_params
  // CHECK: asc.load_image_to_local %{{.*}}, %[[P]] : !asc.local_tensor<b1, i8>, !asc.load_image_to_local_params
  asc.load_image_to_local %b1, %p : !asc.local_tensor<b1, i8>, !asc.load_image_to_local_params
  return
}
