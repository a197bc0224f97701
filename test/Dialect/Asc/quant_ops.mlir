// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// The quantisation and fused-cast ops (AscQuantOps.td) survive
// print -> parse -> print: every form of every op.

// CHECK-LABEL: func.func @add_relu_cast_forms
func.func @add_relu_cast_forms(%z: !asc.local_tensor<vecout, i8>, %x: !asc.local_tensor<vecin, f16>, %y: !asc.local_tensor<vecin, f16>, %n: i32, %m: i64, %hi: i64, %r: i32, %p: !asc.binary_repeat_params) {
  // CHECK-NEXT: asc.add_relu_cast %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.add_relu_cast %z, %x, %y, %n : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32
  // CHECK-NEXT: asc.add_relu_cast_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false}
  asc.add_relu_cast_l0 %z, %x, %y, %m, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.add_relu_cast_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.add_relu_cast_l1 %z, %x, %y, %m, %hi, %r, %p : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.binary_repeat_params
  return
}

// CHECK-LABEL: func.func @sub_relu_cast_forms
func.func @sub_relu_cast_forms(%z: !asc.local_tensor<vecout, i8>, %x: !asc.local_tensor<vecin, i16>, %y: !asc.local_tensor<vecin, i16>, %n: i32, %m: i64, %hi: i64, %r: i32, %p: !asc.binary_repeat_params) {
  // CHECK-NEXT: asc.sub_relu_cast %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.sub_relu_cast %z, %x, %y, %n : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i32
  // CHECK-NEXT: asc.sub_relu_cast_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false}
  asc.sub_relu_cast_l0 %z, %x, %y, %m, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.sub_relu_cast_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.sub_relu_cast_l1 %z, %x, %y, %m, %hi, %r, %p : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i64, i64, i32, !asc.binary_repeat_params
  return
}

// CHECK-LABEL: func.func @mul_cast_forms
func.func @mul_cast_forms(%z: !asc.local_tensor<vecout, ui8>, %x: !asc.local_tensor<vecin, f16>, %y: !asc.local_tensor<vecin, f16>, %n: i32, %m: i64, %hi: i64, %r: i32, %p: !asc.binary_repeat_params) {
  // CHECK-NEXT: asc.mul_cast %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.mul_cast %z, %x, %y, %n : !asc.local_tensor<vecout, ui8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32
  // CHECK-NEXT: asc.mul_cast_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.mul_cast_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, ui8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.mul_cast_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.mul_cast_l1 %z, %x, %y, %m, %hi, %r, %p : !asc.local_tensor<vecout, ui8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.binary_repeat_params
  return
}

// CHECK-LABEL: func.func @add_deq_relu_forms
func.func @add_deq_relu_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, i32>, %y: !asc.local_tensor<vecin, i32>, %n: i32, %m: i64, %hi: i64, %r: i32, %p: !asc.binary_repeat_params) {
  // CHECK-NEXT: asc.add_deq_relu %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.add_deq_relu %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i32
  // CHECK-NEXT: asc.add_deq_relu_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false}
  asc.add_deq_relu_l0 %z, %x, %y, %m, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.add_deq_relu_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.add_deq_relu_l1 %z, %x, %y, %m, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i64, i64, i32, !asc.binary_repeat_params
  return
}

// CHECK-LABEL: func.func @cast_deq_forms
func.func @cast_deq_forms(%z: !asc.local_tensor<vecout, i8>, %x: !asc.local_tensor<vecin, i16>, %h: !asc.local_tensor<vecout, f16>, %w: !asc.local_tensor<vecin, i32>, %n: i32, %m: i64, %hi: i64, %r: i32, %p: !asc.unary_repeat_params) {
  // CHECK-NEXT: asc.cast_deq %{{.*}}, %{{.*}}, %{{.*}} :
  asc.cast_deq %z, %x, %n : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i16>, i32
  // CHECK-NEXT: asc.cast_deq %{{.*}}, %{{.*}}, %{{.*}} {half_block = false, is_vec_deq = false} :
  asc.cast_deq %h, %w, %n {is_vec_deq = false, half_block = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i32>, i32
  // CHECK-NEXT: asc.cast_deq_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} :
  asc.cast_deq_l0 %z, %x, %m, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i16>, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.cast_deq_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {half_block = false} :
  asc.cast_deq_l1 %z, %x, %m, %hi, %r, %p {half_block = false} : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i16>, i64, i64, i32, !asc.unary_repeat_params
  return
}

// CHECK-LABEL: func.func @deq_scale_forms
func.func @deq_scale_forms(%s: f16, %f: f32, %o: i16, %b: i1, %t: !asc.local_tensor<veccalc, ui64>) {
  // CHECK-NEXT: asc.set_deq_scale %{{.*}} : f16
  asc.set_deq_scale %s : f16
  // CHECK-NEXT: asc.set_deq_scale_offset %{{.*}}, %{{.*}}, %{{.*}} : f32, i16, i1
  asc.set_deq_scale_offset %f, %o, %b : f32, i16, i1
  // CHECK-NEXT: %[[V:.+]] = asc.vdeq_info {{.*}} : f32, {{.*}}, i1
  %v = asc.vdeq_info %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  // CHECK-NEXT: asc.set_deq_scale_vec %{{.*}}, %[[V]] : !asc.local_tensor<veccalc, ui64>, !asc.vdeq_info
  asc.set_deq_scale_vec %t, %v : !asc.local_tensor<veccalc, ui64>, !asc.vdeq_info
  return
}

// CHECK-LABEL: func.func @bilinear_forms
func.func @bilinear_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<vecin, ui32>, %w: !asc.local_tensor<vecin, f16>, %t: !asc.local_tensor<veccalc, ui8>, %m: i64, %hi: i64, %h: i32, %rm: i1, %bs: i32, %vo: i32, %v: i32) {
  // CHECK-NEXT: asc.bilinear_interpolation_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.bilinear_interpolation_l0 %z, %x, %o, %w, %m, %h, %rm, %bs, %vo, %v, %t : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f16>, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>
  // CHECK-NEXT: asc.bilinear_interpolation_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
  asc.bilinear_interpolation_l1 %z, %x, %o, %w, %m, %hi, %h, %rm, %bs, %vo, %v, %t : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f16>, i64, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>
  return
}
