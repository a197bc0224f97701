// RUN: ascir-opt %s | ascir-opt | FileCheck %s

// CHECK-LABEL: func.func @shapes
func.func @shapes(%n: i32, %m: i64) {
  %c16 = arith.constant 16 : i32
  // CHECK: asc.local_tensor_auto %{{.*}} : i32 -> !asc.local_tensor<veccalc, f32>
  %a = asc.local_tensor_auto %c16 : i32 -> !asc.local_tensor<veccalc, f32>
  // CHECK: asc.local_tensor_auto %{{.*}}, %{{.*}} : i32, i64 -> !asc.local_tensor<vecin, f16>
  %b = asc.local_tensor_auto %n, %m : i32, i64 -> !asc.local_tensor<vecin, f16>
  return
}
