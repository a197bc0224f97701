// RUN: ascir-opt %s | ascir-opt | FileCheck %s
// RUN: ascir-opt %s --mlir-print-op-generic | ascir-opt | FileCheck %s

// Every asc type, attribute and op survives print -> parse -> print.

// CHECK-LABEL: func.func private @types
// CHECK-SAME: !asc.gm_addr<f32>, !asc.gm_addr<f16>, !asc.gm_addr<bf16>, !asc.gm_addr<i1>
// CHECK-SAME: !asc.gm_addr<i8>, !asc.gm_addr<i64>, !asc.gm_addr<ui8>, !asc.gm_addr<ui64>
// CHECK-SAME: !asc.global_tensor<f32>, !asc.global_tensor<none>
// CHECK-SAME: !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecout, i16>
// CHECK-SAME: !asc.local_tensor<veccalc, ui32>, !asc.local_tensor<a1, f16>
// CHECK-SAME: !asc.local_tensor<a2, f16>, !asc.local_tensor<b1, f16>, !asc.local_tensor<b2, f16>
// CHECK-SAME: !asc.local_tensor<c1, f32>, !asc.local_tensor<c2, f32>, !asc.local_tensor<co1, f32>
func.func private @types(!asc.gm_addr<f32>, !asc.gm_addr<f16>, !asc.gm_addr<bf16>, !asc.gm_addr<i1>,
                         !asc.gm_addr<i8>, !asc.gm_addr<i64>, !asc.gm_addr<ui8>, !asc.gm_addr<ui64>,
                         !asc.global_tensor<f32>, !asc.global_tensor<none>,
                         !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecout, i16>,
                         !asc.local_tensor<veccalc, ui32>, !asc.local_tensor<a1, f16>,
                         !asc.local_tensor<a2, f16>, !asc.local_tensor<b1, f16>, !asc.local_tensor<b2, f16>,
                         !asc.local_tensor<c1, f32>, !asc.local_tensor<c2, f32>, !asc.local_tensor<co1, f32>)

// CHECK-LABEL: func.func private @attributes
// CHECK-SAME: event = #asc<hard_event mte2_v>
// CHECK-SAME: memory = #asc<hardware ub>
// CHECK-SAME: pipe = #asc<pipe all>
// CHECK-SAME: position = #asc<position vecin>
func.func private @attributes() attributes {
  position = #asc<position vecin>, event = #asc<hard_event mte2_v>,
  pipe = #asc<pipe all>, memory = #asc<hardware ub>}

// CHECK-LABEL: func.func @kernel
// CHECK-SAME: attributes {asc.kernel}
func.func @kernel() attributes {asc.kernel} {
  return
}

// CHECK-LABEL: func.func @system
func.func @system() -> (i32, i64) {
  // CHECK-NEXT: %{{.+}} = asc.get_block_idx : i32
  %0 = asc.get_block_idx : i32
  // CHECK-NEXT: %{{.+}} = asc.get_block_num : i64
  %1 = asc.get_block_num : i64
  return %0, %1 : i32, i64
}

// CHECK-LABEL: func.func @global_tensors
// CHECK-SAME: (%[[X:.+]]: !asc.gm_addr<f32>, %[[N:.+]]: i32)
func.func @global_tensors(%x: !asc.gm_addr<f32>, %n: i32) {
  // CHECK-NEXT: %[[P:.+]] = asc.ptr_offset %[[X]], %[[N]] : !asc.gm_addr<f32>, i32
  %p = asc.ptr_offset %x, %n : !asc.gm_addr<f32>, i32
  // CHECK-NEXT: %[[G:.+]] = asc.global_tensor : !asc.global_tensor<f32>
  %g = asc.global_tensor : !asc.global_tensor<f32>
  // CHECK-NEXT: asc.set_global_buffer %[[G]], %[[P]], %[[N]] : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  asc.set_global_buffer %g, %p, %n : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  // CHECK-NEXT: asc.set_global_buffer %[[G]], %[[X]] : !asc.global_tensor<f32>, !asc.gm_addr<f32>
  asc.set_global_buffer %g, %x : !asc.global_tensor<f32>, !asc.gm_addr<f32>
  // CHECK-NEXT: asc.subview %[[G]][%[[N]]] : !asc.global_tensor<f32>, i32
  %v = asc.subview %g[%n] : !asc.global_tensor<f32>, i32
  return
}

// CHECK-LABEL: func.func @local_tensors
// CHECK-SAME: (%[[A:.+]]: i32, %[[N:.+]]: i64)
func.func @local_tensors(%addr: i32, %n: i64) {
  // CHECK-NEXT: %[[T:.+]] = asc.local_tensor %[[A]], %[[N]] : i32, i64 -> !asc.local_tensor<vecin, f32>
  %t = asc.local_tensor %addr, %n : i32, i64 -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.subview %[[T]][%[[A]]] : !asc.local_tensor<vecin, f32>, i32
  %v = asc.subview %t[%addr] : !asc.local_tensor<vecin, f32>, i32
  // CHECK-NEXT: asc.local_tensor %[[A]], %[[N]] : i32, i64 -> !asc.local_tensor<a2, f16>
  %l0a = asc.local_tensor %addr, %n : i32, i64 -> !asc.local_tensor<a2, f16>
  return
}

// CHECK-LABEL: func.func @data_copy
// CHECK-SAME: (%[[G:.+]]: !asc.global_tensor<f32>, %[[I:.+]]: !asc.local_tensor<vecin, f32>, %[[O:.+]]: !asc.local_tensor<vecout, f32>, %[[L1:.+]]: !asc.local_tensor<a1, f32>, %[[N:.+]]: i32)
func.func @data_copy(%g: !asc.global_tensor<f32>, %in: !asc.local_tensor<vecin, f32>,
                     %out: !asc.local_tensor<vecout, f32>, %l1: !asc.local_tensor<a1, f32>, %n: i32) {
  // CHECK-NEXT: asc.data_copy %[[I]], %[[G]], %[[N]] : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %in, %g, %n : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  // CHECK-NEXT: asc.data_copy %[[L1]], %[[G]], %[[N]] : !asc.local_tensor<a1, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %l1, %g, %n : !asc.local_tensor<a1, f32>, !asc.global_tensor<f32>, i32
  // CHECK-NEXT: asc.data_copy %[[O]], %[[I]], %[[N]] : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.data_copy %out, %in, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  // CHECK-NEXT: asc.data_copy %[[G]], %[[O]], %[[N]] : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  asc.data_copy %g, %out, %n : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  return
}

// CHECK-LABEL: func.func @data_copy_bias
// CHECK-SAME: (%[[C1:.+]]: !asc.local_tensor<c1, f32>, %[[BT:.+]]: !asc.local_tensor<c2, f32>, %[[N:.+]]: i32)
func.func @data_copy_bias(%c1: !asc.local_tensor<c1, f32>, %bt: !asc.local_tensor<c2, f32>, %n: i32) {
  // CHECK-NEXT: asc.data_copy %[[BT]], %[[C1]], %[[N]] : !asc.local_tensor<c2, f32>, !asc.local_tensor<c1, f32>, i32
  asc.data_copy %bt, %c1, %n : !asc.local_tensor<c2, f32>, !asc.local_tensor<c1, f32>, i32
  return
}

// CHECK-LABEL: func.func @vector_binary_forms
// CHECK-SAME: (%[[Z:.+]]: !asc.local_tensor<vecout, f16>, %[[X:.+]]: !asc.local_tensor<vecin, f16>, %[[Y:.+]]: !asc.local_tensor<veccalc, f16>, %[[ZI:.+]]: !asc.local_tensor<vecout, i16>, %[[XI:.+]]: !asc.local_tensor<vecin, i16>, %[[ZF:.+]]: !asc.local_tensor<vecout, f32>, %[[N:.+]]: i32, %[[M:.+]]: i64, %[[LO:.+]]: i64, %[[HI:.+]]: i64, %[[R:.+]]: i32, %[[P:.+]]: !asc.binary_repeat_params)
func.func @vector_binary_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %y: !asc.local_tensor<veccalc, f16>, %zi: !asc.local_tensor<vecout, i16>, %xi: !asc.local_tensor<vecin, i16>, %zf: !asc.local_tensor<vecout, f32>, %n: i32, %m: i64, %lo: i64, %hi: i64, %r: i32, %p: !asc.binary_repeat_params) {
  // CHECK-NEXT: asc.add %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.add %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.add_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] {is_set_mask = false} :
  asc.add_l0 %z, %x, %y, %m, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.add_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.add_l1 %z, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.sub %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.sub %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.sub_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.sub_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.sub_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] {is_set_mask = false} :
  asc.sub_l1 %z, %x, %y, %lo, %hi, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.mul %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.mul %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.mul_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.mul_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.mul_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.mul_l1 %z, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.div %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.div %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.div_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.div_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.div_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.div_l1 %z, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.max %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.max %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.max_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.max_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.max_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.max_l1 %z, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.min %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.min %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.min_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.min_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.min_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.min_l1 %z, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.add_relu %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.add_relu %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.add_relu_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.add_relu_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.add_relu_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.add_relu_l1 %z, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.sub_relu %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.sub_relu %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.sub_relu_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.sub_relu_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.sub_relu_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.sub_relu_l1 %z, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.fused_mul_add %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.fused_mul_add %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.fused_mul_add_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.fused_mul_add_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.fused_mul_add_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.fused_mul_add_l1 %z, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.fused_mul_add_relu %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.fused_mul_add_relu %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.fused_mul_add_relu_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.fused_mul_add_relu_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.fused_mul_add_relu_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.fused_mul_add_relu_l1 %z, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.mul_add_dst %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.mul_add_dst %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.mul_add_dst_l0 %[[Z]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.mul_add_dst_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.mul_add_dst_l1 %[[Z]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.mul_add_dst_l1 %z, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.bitwise_and %[[ZI]], %[[XI]], %[[XI]], %[[N]] :
  asc.bitwise_and %zi, %xi, %xi, %n : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i32
  // CHECK-NEXT: asc.bitwise_and_l0 %[[ZI]], %[[XI]], %[[XI]], %[[M]], %[[R]], %[[P]] :
  asc.bitwise_and_l0 %zi, %xi, %xi, %m, %r, %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.bitwise_and_l1 %[[ZI]], %[[XI]], %[[XI]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.bitwise_and_l1 %zi, %xi, %xi, %lo, %hi, %r, %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.bitwise_or %[[ZI]], %[[XI]], %[[XI]], %[[N]] :
  asc.bitwise_or %zi, %xi, %xi, %n : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i32
  // CHECK-NEXT: asc.bitwise_or_l0 %[[ZI]], %[[XI]], %[[XI]], %[[M]], %[[R]], %[[P]] :
  asc.bitwise_or_l0 %zi, %xi, %xi, %m, %r, %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.bitwise_or_l1 %[[ZI]], %[[XI]], %[[XI]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.bitwise_or_l1 %zi, %xi, %xi, %lo, %hi, %r, %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.mul_add_dst %[[ZF]], %[[X]], %[[Y]], %[[N]] :
  asc.mul_add_dst %zf, %x, %y, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.mul_add_dst_l0 %[[ZF]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.mul_add_dst_l0 %zf, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.mul_add_dst_l1 %[[ZF]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.mul_add_dst_l1 %zf, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i64, i64, i32, !asc.binary_repeat_params
  return
}

// CHECK-LABEL: func.func @vector_scalar_forms
// CHECK-SAME: (%[[Z:.+]]: !asc.local_tensor<vecout, f16>, %[[X:.+]]: !asc.local_tensor<vecin, f16>, %[[S:.+]]: f16, %[[ZU:.+]]: !asc.local_tensor<vecout, ui16>, %[[XU:.+]]: !asc.local_tensor<vecin, ui16>, %[[SU:.+]]: i16, %[[ZF:.+]]: !asc.local_tensor<vecout, f32>, %[[N:.+]]: i32, %[[M:.+]]: i64, %[[LO:.+]]: i64, %[[HI:.+]]: i64, %[[R:.+]]: i32, %[[P:.+]]: !asc.unary_repeat_params)
func.func @vector_scalar_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %s: f16, %zu: !asc.local_tensor<vecout, ui16>, %xu: !asc.local_tensor<vecin, ui16>, %su: i16, %zf: !asc.local_tensor<vecout, f32>, %n: i32, %m: i64, %lo: i64, %hi: i64, %r: i32, %p: !asc.unary_repeat_params) {
  // CHECK-NEXT: asc.adds %[[Z]], %[[X]], %[[S]], %[[N]] :
  asc.adds %z, %x, %s, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i32
  // CHECK-NEXT: asc.adds_l0 %[[Z]], %[[X]], %[[S]], %[[M]], %[[R]], %[[P]] :
  asc.adds_l0 %z, %x, %s, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.adds_l1 %[[Z]], %[[X]], %[[S]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.adds_l1 %z, %x, %s, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.muls %[[Z]], %[[X]], %[[S]], %[[N]] :
  asc.muls %z, %x, %s, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i32
  // CHECK-NEXT: asc.muls_l0 %[[Z]], %[[X]], %[[S]], %[[M]], %[[R]], %[[P]] :
  asc.muls_l0 %z, %x, %s, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.muls_l1 %[[Z]], %[[X]], %[[S]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.muls_l1 %z, %x, %s, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.maxs %[[Z]], %[[X]], %[[S]], %[[N]] :
  asc.maxs %z, %x, %s, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i32
  // CHECK-NEXT: asc.maxs_l0 %[[Z]], %[[X]], %[[S]], %[[M]], %[[R]], %[[P]] :
  asc.maxs_l0 %z, %x, %s, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.maxs_l1 %[[Z]], %[[X]], %[[S]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.maxs_l1 %z, %x, %s, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.mins %[[Z]], %[[X]], %[[S]], %[[N]] :
  asc.mins %z, %x, %s, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i32
  // CHECK-NEXT: asc.mins_l0 %[[Z]], %[[X]], %[[S]], %[[M]], %[[R]], %[[P]] :
  asc.mins_l0 %z, %x, %s, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.mins_l1 %[[Z]], %[[X]], %[[S]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.mins_l1 %z, %x, %s, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.leaky_relu %[[Z]], %[[X]], %[[S]], %[[N]] :
  asc.leaky_relu %z, %x, %s, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i32
  // CHECK-NEXT: asc.leaky_relu_l0 %[[Z]], %[[X]], %[[S]], %[[M]], %[[R]], %[[P]] :
  asc.leaky_relu_l0 %z, %x, %s, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.leaky_relu_l1 %[[Z]], %[[X]], %[[S]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.leaky_relu_l1 %z, %x, %s, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.axpy %[[Z]], %[[X]], %[[S]], %[[N]] :
  asc.axpy %z, %x, %s, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i32
  // CHECK-NEXT: asc.axpy_l0 %[[Z]], %[[X]], %[[S]], %[[M]], %[[R]], %[[P]] :
  asc.axpy_l0 %z, %x, %s, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.axpy_l1 %[[Z]], %[[X]], %[[S]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.axpy_l1 %z, %x, %s, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.shift_left %[[ZU]], %[[XU]], %[[SU]], %[[N]] :
  asc.shift_left %zu, %xu, %su, %n : !asc.local_tensor<vecout, ui16>, !asc.local_tensor<vecin, ui16>, i16, i32
  // CHECK-NEXT: asc.shift_left_l0 %[[ZU]], %[[XU]], %[[SU]], %[[M]], %[[R]], %[[P]] :
  asc.shift_left_l0 %zu, %xu, %su, %m, %r, %p : !asc.local_tensor<vecout, ui16>, !asc.local_tensor<vecin, ui16>, i16, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.shift_left_l1 %[[ZU]], %[[XU]], %[[SU]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.shift_left_l1 %zu, %xu, %su, %lo, %hi, %r, %p : !asc.local_tensor<vecout, ui16>, !asc.local_tensor<vecin, ui16>, i16, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.shift_right %[[ZU]], %[[XU]], %[[SU]], %[[N]] :
  asc.shift_right %zu, %xu, %su, %n : !asc.local_tensor<vecout, ui16>, !asc.local_tensor<vecin, ui16>, i16, i32
  // CHECK-NEXT: asc.shift_right_l0 %[[ZU]], %[[XU]], %[[SU]], %[[M]], %[[R]], %[[P]] :
  asc.shift_right_l0 %zu, %xu, %su, %m, %r, %p : !asc.local_tensor<vecout, ui16>, !asc.local_tensor<vecin, ui16>, i16, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.shift_right_l1 %[[ZU]], %[[XU]], %[[SU]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.shift_right_l1 %zu, %xu, %su, %lo, %hi, %r, %p : !asc.local_tensor<vecout, ui16>, !asc.local_tensor<vecin, ui16>, i16, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.axpy %[[ZF]], %[[X]], %[[S]], %[[N]] :
  asc.axpy %zf, %x, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, f16, i32
  // CHECK-NEXT: asc.axpy_l0 %[[ZF]], %[[X]], %[[S]], %[[M]], %[[R]], %[[P]] :
  asc.axpy_l0 %zf, %x, %s, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.axpy_l1 %[[ZF]], %[[X]], %[[S]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.axpy_l1 %zf, %x, %s, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  return
}

// CHECK-LABEL: func.func @vector_unary_forms
// CHECK-SAME: (%[[Z:.+]]: !asc.local_tensor<vecout, f16>, %[[X:.+]]: !asc.local_tensor<vecin, f16>, %[[ZI:.+]]: !asc.local_tensor<vecout, i16>, %[[XI:.+]]: !asc.local_tensor<vecin, i16>, %[[N:.+]]: i32, %[[M:.+]]: i64, %[[LO:.+]]: i64, %[[HI:.+]]: i64, %[[R:.+]]: i32, %[[P:.+]]: !asc.unary_repeat_params)
func.func @vector_unary_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %zi: !asc.local_tensor<vecout, i16>, %xi: !asc.local_tensor<vecin, i16>, %n: i32, %m: i64, %lo: i64, %hi: i64, %r: i32, %p: !asc.unary_repeat_params) {
  // CHECK-NEXT: asc.abs %[[Z]], %[[X]], %[[N]] :
  asc.abs %z, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  // CHECK-NEXT: asc.abs_l0 %[[Z]], %[[X]], %[[M]], %[[R]], %[[P]] :
  asc.abs_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.abs_l1 %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.abs_l1 %z, %x, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.exp %[[Z]], %[[X]], %[[N]] :
  asc.exp %z, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  // CHECK-NEXT: asc.exp_l0 %[[Z]], %[[X]], %[[M]], %[[R]], %[[P]] :
  asc.exp_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.exp_l1 %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.exp_l1 %z, %x, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.ln %[[Z]], %[[X]], %[[N]] :
  asc.ln %z, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  // CHECK-NEXT: asc.ln_l0 %[[Z]], %[[X]], %[[M]], %[[R]], %[[P]] :
  asc.ln_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.ln_l1 %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.ln_l1 %z, %x, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.sqrt %[[Z]], %[[X]], %[[N]] :
  asc.sqrt %z, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  // CHECK-NEXT: asc.sqrt_l0 %[[Z]], %[[X]], %[[M]], %[[R]], %[[P]] :
  asc.sqrt_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.sqrt_l1 %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.sqrt_l1 %z, %x, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.rsqrt %[[Z]], %[[X]], %[[N]] :
  asc.rsqrt %z, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  // CHECK-NEXT: asc.rsqrt_l0 %[[Z]], %[[X]], %[[M]], %[[R]], %[[P]] :
  asc.rsqrt_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.rsqrt_l1 %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.rsqrt_l1 %z, %x, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.reciprocal %[[Z]], %[[X]], %[[N]] :
  asc.reciprocal %z, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  // CHECK-NEXT: asc.reciprocal_l0 %[[Z]], %[[X]], %[[M]], %[[R]], %[[P]] :
  asc.reciprocal_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.reciprocal_l1 %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.reciprocal_l1 %z, %x, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.relu %[[Z]], %[[X]], %[[N]] :
  asc.relu %z, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  // CHECK-NEXT: asc.relu_l0 %[[Z]], %[[X]], %[[M]], %[[R]], %[[P]] :
  asc.relu_l0 %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.relu_l1 %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.relu_l1 %z, %x, %lo, %hi, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.bitwise_not %[[ZI]], %[[XI]], %[[N]] :
  asc.bitwise_not %zi, %xi, %n : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, i32
  // CHECK-NEXT: asc.bitwise_not_l0 %[[ZI]], %[[XI]], %[[M]], %[[R]], %[[P]] :
  asc.bitwise_not_l0 %zi, %xi, %m, %r, %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.bitwise_not_l1 %[[ZI]], %[[XI]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.bitwise_not_l1 %zi, %xi, %lo, %hi, %r, %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, i64, i64, i32, !asc.unary_repeat_params
  return
}

// CHECK-LABEL: func.func @vector_cast
// CHECK-SAME: (%[[Z:.+]]: !asc.local_tensor<vecout, f16>, %[[X:.+]]: !asc.local_tensor<vecin, f32>, %[[N:.+]]: i32, %[[M:.+]]: i64, %[[LO:.+]]: i64, %[[HI:.+]]: i64, %[[R:.+]]: i32, %[[P:.+]]: !asc.unary_repeat_params)
func.func @vector_cast(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f32>, %n: i32, %m: i64, %lo: i64, %hi: i64, %r: i32, %p: !asc.unary_repeat_params) {
  // CHECK-NEXT: asc.cast cast_rint, %[[Z]], %[[X]], %[[N]] :
  asc.cast cast_rint, %z, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f32>, i32
  // CHECK-NEXT: asc.cast_l0 cast_odd, %[[Z]], %[[X]], %[[M]], %[[R]], %[[P]] :
  asc.cast_l0 cast_odd, %z, %x, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.cast_l1 cast_none, %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[P]] {is_set_mask = false} :
  asc.cast_l1 cast_none, %z, %x, %lo, %hi, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f32>, i64, i64, i32, !asc.unary_repeat_params
  return
}

// CHECK-LABEL: func.func @compare_scalar_forms
// CHECK-SAME: (%[[B:.+]]: !asc.local_tensor<veccalc, ui8>, %[[X:.+]]: !asc.local_tensor<vecin, f16>, %[[S:.+]]: f16, %[[M:.+]]: i64, %[[LO:.+]]: i64, %[[HI:.+]]: i64, %[[R:.+]]: i32, %[[P:.+]]: !asc.unary_repeat_params)
func.func @compare_scalar_forms(%b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f16>, %s: f16, %m: i64, %lo: i64, %hi: i64, %r: i32, %p: !asc.unary_repeat_params) {
  // CHECK-NEXT: asc.compare_scalar_l0 le, %[[B]], %[[X]], %[[S]], %[[M]], %[[R]], %[[P]] :
  asc.compare_scalar_l0 le, %b, %x, %s, %m, %r, %p : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  // CHECK-NEXT: asc.compare_scalar_l1 gt, %[[B]], %[[X]], %[[S]], %[[LO]], %[[HI]], %[[R]], %[[P]] {is_set_mask = false} :
  asc.compare_scalar_l1 gt, %b, %x, %s, %lo, %hi, %r, %p {is_set_mask = false} : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  return
}

// CHECK-LABEL: func.func @compare_select
// CHECK-SAME: (%[[B:.+]]: !asc.local_tensor<veccalc, ui8>, %[[X:.+]]: !asc.local_tensor<vecin, f32>, %[[Y:.+]]: !asc.local_tensor<vecin, f32>, %[[S:.+]]: f32, %[[Z:.+]]: !asc.local_tensor<vecout, f32>, %[[N:.+]]: i32, %[[M:.+]]: i64, %[[LO:.+]]: i64, %[[HI:.+]]: i64, %[[R:.+]]: i32, %[[P:.+]]: !asc.binary_repeat_params)
func.func @compare_select(%b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f32>, %y: !asc.local_tensor<vecin, f32>, %s: f32, %z: !asc.local_tensor<vecout, f32>, %n: i32, %m: i64, %lo: i64, %hi: i64, %r: i32, %p: !asc.binary_repeat_params) {
  // CHECK-NEXT: asc.compare lt, %[[B]], %[[X]], %[[Y]], %[[N]] :
  asc.compare lt, %b, %x, %y, %n : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  // CHECK-NEXT: asc.compare_l0 ge, %[[B]], %[[X]], %[[Y]], %[[M]], %[[R]], %[[P]] :
  asc.compare_l0 ge, %b, %x, %y, %m, %r, %p : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.compare_l1 ne, %[[B]], %[[X]], %[[Y]], %[[LO]], %[[HI]], %[[R]], %[[P]] :
  asc.compare_l1 ne, %b, %x, %y, %lo, %hi, %r, %p : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i64, i32, !asc.binary_repeat_params
  // CHECK-NEXT: asc.compare_scalar eq, %[[B]], %[[X]], %[[S]], %[[N]] :
  asc.compare_scalar eq, %b, %x, %s, %n : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, f32, i32
  // CHECK-NEXT: asc.select vsel_cmpmask_spr, %[[Z]], %[[B]], %[[X]], %[[Y]], %[[N]] :
  asc.select vsel_cmpmask_spr, %z, %b, %x, %y, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  // CHECK-NEXT: asc.select vsel_tensor_tensor_mode, %[[Z]], %[[B]], %[[X]], %[[Y]], %[[N]] :
  asc.select vsel_tensor_tensor_mode, %z, %b, %x, %y, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  // CHECK-NEXT: asc.select_scalar vsel_tensor_scalar_mode, %[[Z]], %[[B]], %[[X]], %[[S]], %[[N]] :
  asc.select_scalar vsel_tensor_scalar_mode, %z, %b, %x, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, f32, i32
  return
}

// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[Z:.+]]: !asc.local_tensor<vecout, bf16>, %[[S:.+]]: bf16, %[[X:.+]]: !asc.local_tensor<vecin, bf16>, %[[N:.+]]: i32, %[[M:.+]]: i64, %[[LO:.+]]: i64, %[[HI:.+]]: i64, %[[R:.+]]: i32, %[[BS:.+]]: i32, %[[RS:.+]]: i32, %[[P:.+]]: !asc.brcb_repeat_params)
func.func @fill(%z: !asc.local_tensor<vecout, bf16>, %s: bf16, %x: !asc.local_tensor<vecin, bf16>, %n: i32, %m: i64, %lo: i64, %hi: i64, %r: i32, %bs: i32, %rs: i32, %p: !asc.brcb_repeat_params) {
  // CHECK-NEXT: asc.duplicate %[[Z]], %[[S]], %[[N]] :
  asc.duplicate %z, %s, %n : !asc.local_tensor<vecout, bf16>, bf16, i32
  // CHECK-NEXT: asc.duplicate_l0 %[[Z]], %[[S]], %[[M]], %[[R]], %[[BS]], %[[RS]] :
  asc.duplicate_l0 %z, %s, %m, %r, %bs, %rs : !asc.local_tensor<vecout, bf16>, bf16, i64, i32, i32, i32
  // CHECK-NEXT: asc.duplicate_l1 %[[Z]], %[[S]], %[[LO]], %[[HI]], %[[R]], %[[BS]], %[[RS]] {is_set_mask = false} :
  asc.duplicate_l1 %z, %s, %lo, %hi, %r, %bs, %rs {is_set_mask = false} : !asc.local_tensor<vecout, bf16>, bf16, i64, i64, i32, i32, i32
  // CHECK-NEXT: asc.brcb %[[Z]], %[[X]], %[[R]], %[[P]] :
  asc.brcb %z, %x, %r, %p : !asc.local_tensor<vecout, bf16>, !asc.local_tensor<vecin, bf16>, i32, !asc.brcb_repeat_params
  return
}

// CHECK-LABEL: func.func @gather_and_copy
// CHECK-SAME: (%[[Z:.+]]: !asc.local_tensor<vecout, bf16>, %[[X:.+]]: !asc.local_tensor<vecin, bf16>, %[[O:.+]]: !asc.local_tensor<veccalc, ui32>, %[[ZU:.+]]: !asc.local_tensor<vecout, ui32>, %[[XU:.+]]: !asc.local_tensor<vecin, ui32>, %[[B:.+]]: i32, %[[N:.+]]: i32, %[[M:.+]]: i64, %[[LO:.+]]: i64, %[[HI:.+]]: i64, %[[R:.+]]: i32, %[[DR:.+]]: i32, %[[GP:.+]]: !asc.gather_repeat_params, %[[CP:.+]]: !asc.copy_repeat_params)
func.func @gather_and_copy(%z: !asc.local_tensor<vecout, bf16>, %x: !asc.local_tensor<vecin, bf16>, %o: !asc.local_tensor<veccalc, ui32>, %zu: !asc.local_tensor<vecout, ui32>, %xu: !asc.local_tensor<vecin, ui32>, %b: i32, %n: i32, %m: i64, %lo: i64, %hi: i64, %r: i32, %dr: i32, %gp: !asc.gather_repeat_params, %cp: !asc.copy_repeat_params) {
  // CHECK-NEXT: asc.gather %[[Z]], %[[X]], %[[O]], %[[B]], %[[N]] :
  asc.gather %z, %x, %o, %b, %n : !asc.local_tensor<vecout, bf16>, !asc.local_tensor<vecin, bf16>, !asc.local_tensor<veccalc, ui32>, i32, i32
  // CHECK-NEXT: asc.gather_l0 %[[Z]], %[[X]], %[[O]], %[[B]], %[[M]], %[[R]], %[[DR]] :
  asc.gather_l0 %z, %x, %o, %b, %m, %r, %dr : !asc.local_tensor<vecout, bf16>, !asc.local_tensor<vecin, bf16>, !asc.local_tensor<veccalc, ui32>, i32, i64, i32, i32
  // CHECK-NEXT: asc.gather_l1 %[[Z]], %[[X]], %[[O]], %[[B]], %[[LO]], %[[HI]], %[[R]], %[[DR]] :
  asc.gather_l1 %z, %x, %o, %b, %lo, %hi, %r, %dr : !asc.local_tensor<vecout, bf16>, !asc.local_tensor<vecin, bf16>, !asc.local_tensor<veccalc, ui32>, i32, i64, i64, i32, i32
  // CHECK-NEXT: asc.gatherb %[[ZU]], %[[XU]], %[[O]], %[[R]], %[[GP]] :
  asc.gatherb %zu, %xu, %o, %r, %gp : !asc.local_tensor<vecout, ui32>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<veccalc, ui32>, i32, !asc.gather_repeat_params
  // CHECK-NEXT: asc.copy_l0 %[[Z]], %[[X]], %[[M]], %[[R]], %[[CP]] :
  asc.copy_l0 %z, %x, %m, %r, %cp : !asc.local_tensor<vecout, bf16>, !asc.local_tensor<vecin, bf16>, i64, i32, !asc.copy_repeat_params
  // CHECK-NEXT: asc.copy_l1 %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[CP]] {is_set_mask = false} :
  asc.copy_l1 %z, %x, %lo, %hi, %r, %cp {is_set_mask = false} : !asc.local_tensor<vecout, bf16>, !asc.local_tensor<vecin, bf16>, i64, i64, i32, !asc.copy_repeat_params
  return
}

// CHECK-LABEL: func.func @reductions
// CHECK-SAME: (%[[Z:.+]]: !asc.local_tensor<vecout, f32>, %[[X:.+]]: !asc.local_tensor<vecin, f32>, %[[T:.+]]: !asc.local_tensor<veccalc, f32>, %[[N:.+]]: i32, %[[M:.+]]: i64, %[[LO:.+]]: i64, %[[HI:.+]]: i64, %[[R:.+]]: i32, %[[DR:.+]]: i32, %[[SB:.+]]: i32, %[[SR:.+]]: i32)
func.func @reductions(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %t: !asc.local_tensor<veccalc, f32>, %n: i32, %m: i64, %lo: i64, %hi: i64, %r: i32, %dr: i32, %sb: i32, %sr: i32) {
  // CHECK-NEXT: asc.reduce_sum %[[Z]], %[[X]], %[[T]], %[[N]] :
  asc.reduce_sum %z, %x, %t, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i32
  // CHECK-NEXT: asc.reduce_sum_l0 %[[Z]], %[[X]], %[[T]], %[[M]], %[[R]], %[[SR]] :
  asc.reduce_sum_l0 %z, %x, %t, %m, %r, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i64, i32, i32
  // CHECK-NEXT: asc.reduce_sum_l1 %[[Z]], %[[X]], %[[T]], %[[LO]], %[[HI]], %[[R]], %[[SR]] :
  asc.reduce_sum_l1 %z, %x, %t, %lo, %hi, %r, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i64, i64, i32, i32
  // CHECK-NEXT: asc.reduce_max %[[Z]], %[[X]], %[[T]], %[[N]] {cal_index = true} :
  asc.reduce_max %z, %x, %t, %n {cal_index = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i32
  // CHECK-NEXT: asc.reduce_max_l0 %[[Z]], %[[X]], %[[T]], %[[M]], %[[R]], %[[SR]] :
  asc.reduce_max_l0 %z, %x, %t, %m, %r, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i64, i32, i32
  // CHECK-NEXT: asc.reduce_max_l1 %[[Z]], %[[X]], %[[T]], %[[LO]], %[[HI]], %[[R]], %[[SR]] {cal_index = true} :
  asc.reduce_max_l1 %z, %x, %t, %lo, %hi, %r, %sr {cal_index = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i64, i64, i32, i32
  // CHECK-NEXT: asc.reduce_min %[[Z]], %[[X]], %[[T]], %[[N]] {cal_index = true} :
  asc.reduce_min %z, %x, %t, %n {cal_index = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i32
  // CHECK-NEXT: asc.reduce_min_l0 %[[Z]], %[[X]], %[[T]], %[[M]], %[[R]], %[[SR]] :
  asc.reduce_min_l0 %z, %x, %t, %m, %r, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i64, i32, i32
  // CHECK-NEXT: asc.reduce_min_l1 %[[Z]], %[[X]], %[[T]], %[[LO]], %[[HI]], %[[R]], %[[SR]] {cal_index = true} :
  asc.reduce_min_l1 %z, %x, %t, %lo, %hi, %r, %sr {cal_index = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i64, i64, i32, i32
  // CHECK-NEXT: asc.whole_reduce_sum_l0 %[[Z]], %[[X]], %[[M]], %[[R]], %[[DR]], %[[SB]], %[[SR]] :
  asc.whole_reduce_sum_l0 %z, %x, %m, %r, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i32, i32, i32, i32
  // CHECK-NEXT: asc.whole_reduce_sum_l1 %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[DR]], %[[SB]], %[[SR]] {is_set_mask = false} :
  asc.whole_reduce_sum_l1 %z, %x, %lo, %hi, %r, %dr, %sb, %sr {is_set_mask = false} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i64, i32, i32, i32, i32
  // CHECK-NEXT: asc.whole_reduce_max_l0 order_index_value, %[[Z]], %[[X]], %[[M]], %[[R]], %[[DR]], %[[SB]], %[[SR]] :
  asc.whole_reduce_max_l0 order_index_value, %z, %x, %m, %r, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i32, i32, i32, i32
  // CHECK-NEXT: asc.whole_reduce_max_l1 order_index_value, %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[DR]], %[[SB]], %[[SR]] {is_set_mask = false} :
  asc.whole_reduce_max_l1 order_index_value, %z, %x, %lo, %hi, %r, %dr, %sb, %sr {is_set_mask = false} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i64, i32, i32, i32, i32
  // CHECK-NEXT: asc.whole_reduce_min_l0 order_only_value, %[[Z]], %[[X]], %[[M]], %[[R]], %[[DR]], %[[SB]], %[[SR]] :
  asc.whole_reduce_min_l0 order_only_value, %z, %x, %m, %r, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i32, i32, i32, i32
  // CHECK-NEXT: asc.whole_reduce_min_l1 order_only_value, %[[Z]], %[[X]], %[[LO]], %[[HI]], %[[R]], %[[DR]], %[[SB]], %[[SR]] {is_set_mask = false} :
  asc.whole_reduce_min_l1 order_only_value, %z, %x, %lo, %hi, %r, %dr, %sb, %sr {is_set_mask = false} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i64, i32, i32, i32, i32
  // CHECK-NEXT: asc.block_reduce_sum_l0 %[[Z]], %[[X]], %[[R]], %[[M]], %[[DR]], %[[SB]], %[[SR]] :
  asc.block_reduce_sum_l0 %z, %x, %r, %m, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i32, i32, i32
  // CHECK-NEXT: asc.block_reduce_sum_l1 %[[Z]], %[[X]], %[[R]], %[[LO]], %[[HI]], %[[DR]], %[[SB]], %[[SR]] :
  asc.block_reduce_sum_l1 %z, %x, %r, %lo, %hi, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i64, i32, i32, i32
  // CHECK-NEXT: asc.block_reduce_max_l0 %[[Z]], %[[X]], %[[R]], %[[M]], %[[DR]], %[[SB]], %[[SR]] :
  asc.block_reduce_max_l0 %z, %x, %r, %m, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i32, i32, i32
  // CHECK-NEXT: asc.block_reduce_max_l1 %[[Z]], %[[X]], %[[R]], %[[LO]], %[[HI]], %[[DR]], %[[SB]], %[[SR]] :
  asc.block_reduce_max_l1 %z, %x, %r, %lo, %hi, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i64, i32, i32, i32
  // CHECK-NEXT: asc.block_reduce_min_l0 %[[Z]], %[[X]], %[[R]], %[[M]], %[[DR]], %[[SB]], %[[SR]] :
  asc.block_reduce_min_l0 %z, %x, %r, %m, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i32, i32, i32
  // CHECK-NEXT: asc.block_reduce_min_l1 %[[Z]], %[[X]], %[[R]], %[[LO]], %[[HI]], %[[DR]], %[[SB]], %[[SR]] :
  asc.block_reduce_min_l1 %z, %x, %r, %lo, %hi, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i64, i32, i32, i32
  // CHECK-NEXT: asc.pair_reduce_sum_l0 %[[Z]], %[[X]], %[[R]], %[[M]], %[[DR]], %[[SB]], %[[SR]] :
  asc.pair_reduce_sum_l0 %z, %x, %r, %m, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i32, i32, i32
  // CHECK-NEXT: asc.pair_reduce_sum_l1 %[[Z]], %[[X]], %[[R]], %[[LO]], %[[HI]], %[[DR]], %[[SB]], %[[SR]] :
  asc.pair_reduce_sum_l1 %z, %x, %r, %lo, %hi, %dr, %sb, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i64, i32, i32, i32
  // CHECK-NEXT: asc.repeat_reduce_sum %[[Z]], %[[X]], %[[R]], %[[M]], %[[SB]], %[[SB]], %[[DR]], %[[SR]] :
  asc.repeat_reduce_sum %z, %x, %r, %m, %sb, %sb, %dr, %sr : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i32, i32, i32, i32
  // CHECK-NEXT: asc.repeat_reduce_sum %[[Z]], %[[X]], %[[R]], %[[M]], %[[SB]], %[[SB]], %[[DR]], %[[SR]] {is_set_mask = false} :
  asc.repeat_reduce_sum %z, %x, %r, %m, %sb, %sb, %dr, %sr {is_set_mask = false} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i32, i32, i32, i32
  return
}

// CHECK-LABEL: func.func @masks_and_atomics
// CHECK-SAME: (%[[HI:.+]]: i64, %[[LO:.+]]: i64, %[[N:.+]]: i32)
func.func @masks_and_atomics(%hi: i64, %lo: i64, %n: i32) {
  // CHECK-NEXT: asc.set_vector_mask f16, normal, %[[HI]], %[[LO]] : i64, i64
  asc.set_vector_mask f16, normal, %hi, %lo : i64, i64
  // CHECK-NEXT: asc.set_vector_mask_len f32, counter, %[[N]] : i32
  asc.set_vector_mask_len f32, counter, %n : i32
  // CHECK-NEXT: asc.reset_mask
  asc.reset_mask
  // CHECK-NEXT: asc.set_mask_count
  asc.set_mask_count
  // CHECK-NEXT: asc.set_mask_norm
  asc.set_mask_norm
  // CHECK-NEXT: asc.set_atomic_add f32
  asc.set_atomic_add f32
  // CHECK-NEXT: asc.set_atomic_max bf16
  asc.set_atomic_max bf16
  // CHECK-NEXT: asc.set_atomic_min i8
  asc.set_atomic_min i8
  // CHECK-NEXT: asc.set_atomic_type f16
  asc.set_atomic_type f16
  // CHECK-NEXT: asc.set_atomic_none
  asc.set_atomic_none
  return
}

// CHECK-LABEL: func.func @pad_value
// CHECK-SAME: (%[[H:.+]]: f16, %[[I:.+]]: i64)
func.func @pad_value(%h: f16, %i: i64) {
  // CHECK-NEXT: asc.set_pad_value %[[H]] : f16
  asc.set_pad_value %h : f16
  // CHECK-NEXT: asc.set_pad_value %[[H]] {position = #asc<position vecin>} : f16
  asc.set_pad_value %h {position = #asc<position vecin>} : f16
  // CHECK-NEXT: asc.set_pad_value %[[I]] {position = #asc<position veccalc>} : i64
  asc.set_pad_value %i {position = #asc<position veccalc>} : i64
  return
}

// A mask above the lanes of a repeat is an element count in counter mode.
// CHECK-LABEL: func.func @counter_mode_mask
func.func @counter_mode_mask(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>,
                             %p: !asc.unary_repeat_params) {
  %count = arith.constant 1000 : i64
  %r = arith.constant 1 : i32
  asc.set_mask_count
  // CHECK: asc.exp_l0
  asc.exp_l0 %z, %x, %count, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.unary_repeat_params
  asc.set_mask_norm
  return
}

// CHECK-LABEL: func.func @param_structs
// CHECK-SAME: (%[[A:.+]]: i32, %[[B:.+]]: i64, %[[T:.+]]: i1, %[[F:.+]]: f16)
func.func @param_structs(%a: i32, %b: i64, %t: i1, %f: f16) {
  // CHECK-NEXT: asc.binary_repeat_params %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]] : i32, i32, i32, i32, i32, i32
  %0 = asc.binary_repeat_params %a, %a, %a, %a, %a, %a : i32, i32, i32, i32, i32, i32
  // CHECK-NEXT: asc.unary_repeat_params %[[A]], %[[A]], %[[A]], %[[B]] : i32, i32, i32, i64
  %1 = asc.unary_repeat_params %a, %a, %a, %b : i32, i32, i32, i64
  // CHECK-NEXT: asc.brcb_repeat_params %[[A]], %[[A]] : i32, i32
  %2 = asc.brcb_repeat_params %a, %a : i32, i32
  // CHECK-NEXT: asc.gather_repeat_params %[[A]], %[[A]] : i32, i32
  %3 = asc.gather_repeat_params %a, %a : i32, i32
  // CHECK-NEXT: asc.copy_repeat_params %[[A]], %[[A]], %[[A]], %[[A]] : i32, i32, i32, i32
  %4 = asc.copy_repeat_params %a, %a, %a, %a : i32, i32, i32, i32
  // CHECK-NEXT: asc.data_copy_params %[[A]], %[[A]], %[[A]], %[[A]] : i32, i32, i32, i32
  %5 = asc.data_copy_params %a, %a, %a, %a : i32, i32, i32, i32
  // CHECK-NEXT: asc.data_copy_ext_params %[[A]], %[[A]], %[[A]], %[[A]], %[[A]] : i32, i32, i32, i32, i32
  %6 = asc.data_copy_ext_params %a, %a, %a, %a, %a : i32, i32, i32, i32, i32
  // CHECK-NEXT: asc.data_copy_pad_params %[[T]], %[[A]], %[[A]], %[[B]] : i1, i32, i32, i64
  %7 = asc.data_copy_pad_params %t, %a, %a, %b : i1, i32, i32, i64
  // CHECK-NEXT: asc.data_copy_pad_ext_params %[[T]], %[[A]], %[[A]], %[[F]] : i1, i32, i32, f16 -> !asc.data_copy_pad_ext_params<f16>
  %8 = asc.data_copy_pad_ext_params %t, %a, %a, %f : i1, i32, i32, f16 -> !asc.data_copy_pad_ext_params<f16>
  // CHECK-NEXT: asc.gather_mask_params %[[A]], %[[A]], %[[A]], %[[A]] : i32, i32, i32, i32
  %9 = asc.gather_mask_params %a, %a, %a, %a : i32, i32, i32, i32
  func.call @use_params(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (!asc.binary_repeat_params, !asc.unary_repeat_params, !asc.brcb_repeat_params, !asc.gather_repeat_params, !asc.copy_repeat_params, !asc.data_copy_params, !asc.data_copy_ext_params, !asc.data_copy_pad_params, !asc.data_copy_pad_ext_params<f16>, !asc.gather_mask_params) -> ()
  return
}
func.func private @use_params(!asc.binary_repeat_params, !asc.unary_repeat_params, !asc.brcb_repeat_params, !asc.gather_repeat_params, !asc.copy_repeat_params, !asc.data_copy_params, !asc.data_copy_ext_params, !asc.data_copy_pad_params, !asc.data_copy_pad_ext_params<f16>, !asc.gather_mask_params)

// CHECK-LABEL: func.func @data_copy_params
// CHECK-SAME: (%[[G:.+]]: !asc.global_tensor<ui16>, %[[I:.+]]: !asc.local_tensor<vecin, ui16>, %[[O:.+]]: !asc.local_tensor<vecout, ui16>, %[[P:.+]]: !asc.data_copy_params, %[[E:.+]]: !asc.data_copy_ext_params, %[[PP:.+]]: !asc.data_copy_pad_params, %[[PE:.+]]: !asc.data_copy_pad_ext_params<ui16>)
func.func @data_copy_params(%g: !asc.global_tensor<ui16>, %in: !asc.local_tensor<vecin, ui16>,
                            %out: !asc.local_tensor<vecout, ui16>, %p: !asc.data_copy_params,
                            %e: !asc.data_copy_ext_params, %pp: !asc.data_copy_pad_params,
                            %pe: !asc.data_copy_pad_ext_params<ui16>) {
  // CHECK-NEXT: asc.data_copy_params_form %[[I]], %[[G]], %[[P]] : !asc.local_tensor<vecin, ui16>, !asc.global_tensor<ui16>, !asc.data_copy_params
  asc.data_copy_params_form %in, %g, %p : !asc.local_tensor<vecin, ui16>, !asc.global_tensor<ui16>, !asc.data_copy_params
  // CHECK-NEXT: asc.data_copy_params_form %[[O]], %[[I]], %[[P]] :
  asc.data_copy_params_form %out, %in, %p : !asc.local_tensor<vecout, ui16>, !asc.local_tensor<vecin, ui16>, !asc.data_copy_params
  // CHECK-NEXT: asc.data_copy_params_form %[[G]], %[[O]], %[[P]] :
  asc.data_copy_params_form %g, %out, %p : !asc.global_tensor<ui16>, !asc.local_tensor<vecout, ui16>, !asc.data_copy_params
  // CHECK-NEXT: asc.data_copy_pad %[[I]], %[[G]], %[[E]], %[[PE]] : !asc.local_tensor<vecin, ui16>, !asc.global_tensor<ui16>, !asc.data_copy_ext_params, !asc.data_copy_pad_ext_params<ui16>
  asc.data_copy_pad %in, %g, %e, %pe : !asc.local_tensor<vecin, ui16>, !asc.global_tensor<ui16>, !asc.data_copy_ext_params, !asc.data_copy_pad_ext_params<ui16>
  // CHECK-NEXT: asc.data_copy_pad %[[I]], %[[G]], %[[P]], %[[PP]] :
  asc.data_copy_pad %in, %g, %p, %pp : !asc.local_tensor<vecin, ui16>, !asc.global_tensor<ui16>, !asc.data_copy_params, !asc.data_copy_pad_params
  // CHECK-NEXT: asc.data_copy_pad %[[G]], %[[O]], %[[E]] : !asc.global_tensor<ui16>, !asc.local_tensor<vecout, ui16>, !asc.data_copy_ext_params
  asc.data_copy_pad %g, %out, %e : !asc.global_tensor<ui16>, !asc.local_tensor<vecout, ui16>, !asc.data_copy_ext_params
  // CHECK-NEXT: asc.data_copy_pad %[[G]], %[[O]], %[[P]] :
  asc.data_copy_pad %g, %out, %p : !asc.global_tensor<ui16>, !asc.local_tensor<vecout, ui16>, !asc.data_copy_params
  return
}

// CHECK-LABEL: func.func @sync
// CHECK-SAME: (%[[ID:.+]]: i32)
func.func @sync(%id: i32) {
  // CHECK-NEXT: asc.set_flag mte2_v, %[[ID]] : i32
  asc.set_flag mte2_v, %id : i32
  // CHECK-NEXT: asc.wait_flag mte2_v, %[[ID]] : i32
  asc.wait_flag mte2_v, %id : i32
  // CHECK-NEXT: asc.set_flag fix_fix, %[[ID]] : i32
  asc.set_flag fix_fix, %id : i32
  // CHECK-NEXT: asc.wait_flag mte2_mte1, %[[ID]] : i32
  asc.wait_flag mte2_mte1, %id : i32
  // CHECK-NEXT: asc.pipe_barrier all
  asc.pipe_barrier all
  // CHECK-NEXT: asc.pipe_barrier mte3
  asc.pipe_barrier mte3
  return
}

// CHECK-LABEL: func.func private @framework_types
// CHECK-SAME: !asc.tpipe, !asc.tque<vecin, 2>, !asc.tque<co1, 0>
// CHECK-SAME: !asc.tque_bind<vecin, vecout, 1>, !asc.tque_bind<gm, a1, 1>
// CHECK-SAME: !asc.tbuf<veccalc>, !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<a1, 16>
// CHECK-SAME: !asc.local_mem_allocator<ub>, !asc.local_mem_allocator<l0a>
func.func private @framework_types(!asc.tpipe, !asc.tque<vecin, 2>, !asc.tque<co1, 0>,
                                   !asc.tque_bind<vecin, vecout, 1>, !asc.tque_bind<gm, a1, 1>,
                                   !asc.tbuf<veccalc>, !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<a1, 16>,
                                   !asc.local_mem_allocator<ub>, !asc.local_mem_allocator<l0a>)

// CHECK-LABEL: func.func private @struct_types
// CHECK-SAME: !asc.struct<"Tiling", ["total" : i32, "tile" : i32, "scale" : f32]>
// CHECK-SAME: !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "tile" : i32, "scale" : f32]>>
// CHECK-SAME: !asc.struct<"Outer", ["flag" : i1, "inner" : !asc.struct<"Inner", ["x" : f64]>], pack = 4>
// CHECK-SAME: !asc.gm_addr<f64>, !asc.local_tensor<vecin, f64>
func.func private @struct_types(!asc.struct<"Tiling", ["total" : i32, "tile" : i32, "scale" : f32]>,
                                !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "tile" : i32, "scale" : f32]>>,
                                !asc.struct<"Outer", ["flag" : i1, "inner" : !asc.struct<"Inner", ["x" : f64]>], pack = 4>,
                                !asc.gm_addr<f64>, !asc.local_tensor<vecin, f64>)

// CHECK-LABEL: func.func private @property_attribute
// CHECK-SAME: property = #asc<property total_l1_size>
func.func private @property_attribute() attributes {property = #asc<property total_l1_size>}

// CHECK-LABEL: func.func @tpipe
// CHECK-SAME: (%[[N:.+]]: i32)
func.func @tpipe(%n: i32) -> (i32, i32) {
  // CHECK-NEXT: %[[P:.+]] = asc.tpipe : !asc.tpipe
  %pipe = asc.tpipe : !asc.tpipe
  // CHECK-NEXT: %[[Q:.+]] = asc.tque : !asc.tque<vecin, 2>
  %q = asc.tque : !asc.tque<vecin, 2>
  // CHECK-NEXT: %[[QB:.+]] = asc.tque_bind : !asc.tque_bind<vecin, vecout, 1>
  %qb = asc.tque_bind : !asc.tque_bind<vecin, vecout, 1>
  // CHECK-NEXT: %[[B:.+]] = asc.tbuf : !asc.tbuf<veccalc>
  %b = asc.tbuf : !asc.tbuf<veccalc>
  // CHECK-NEXT: %[[POOL:.+]] = asc.tbuf_pool : !asc.tbuf_pool<vecin, 4>
  %pool = asc.tbuf_pool : !asc.tbuf_pool<vecin, 4>
  // CHECK-NEXT: asc.tpipe_init_buffer %[[P]], %[[Q]], %[[N]], %[[N]] : !asc.tque<vecin, 2>, i32, i32
  asc.tpipe_init_buffer %pipe, %q, %n, %n : !asc.tque<vecin, 2>, i32, i32
  // CHECK-NEXT: asc.tpipe_init_buffer %[[P]], %[[QB]], %[[N]], %[[N]] : !asc.tque_bind<vecin, vecout, 1>, i32, i32
  asc.tpipe_init_buffer %pipe, %qb, %n, %n : !asc.tque_bind<vecin, vecout, 1>, i32, i32
  // CHECK-NEXT: asc.tpipe_init_tbuf %[[P]], %[[B]], %[[N]] : !asc.tbuf<veccalc>, i32
  asc.tpipe_init_tbuf %pipe, %b, %n : !asc.tbuf<veccalc>, i32
  // CHECK-NEXT: asc.tpipe_init_buf_pool %[[P]], %[[POOL]], %[[N]] : !asc.tbuf_pool<vecin, 4>, i32
  asc.tpipe_init_buf_pool %pipe, %pool, %n : !asc.tbuf_pool<vecin, 4>, i32
  // CHECK-NEXT: asc.tpipe_init_buf_pool %[[P]], %[[POOL]], %[[N]], %[[POOL]] : !asc.tbuf_pool<vecin, 4>, i32, !asc.tbuf_pool<vecin, 4>
  asc.tpipe_init_buf_pool %pipe, %pool, %n, %pool : !asc.tbuf_pool<vecin, 4>, i32, !asc.tbuf_pool<vecin, 4>
  // CHECK-NEXT: %[[ID:.+]] = asc.tpipe_alloc_event_id %[[P]], v_s : i32
  %id = asc.tpipe_alloc_event_id %pipe, v_s : i32
  // CHECK-NEXT: asc.tpipe_release_event_id %[[P]], v_s, %[[ID]] : i32
  asc.tpipe_release_event_id %pipe, v_s, %id : i32
  // CHECK-NEXT: asc.tpipe_fetch_event_id %[[P]], mte2_v : i32
  %fetched = asc.tpipe_fetch_event_id %pipe, mte2_v : i32
  // CHECK-NEXT: asc.tpipe_reset %[[P]]
  asc.tpipe_reset %pipe
  // CHECK-NEXT: asc.tpipe_destroy %[[P]]
  asc.tpipe_destroy %pipe
  // CHECK-NEXT: asc.tpipe_init %[[P]]
  asc.tpipe_init %pipe
  // CHECK-NEXT: asc.get_tpipe_ptr : !asc.tpipe
  %current = asc.get_tpipe_ptr : !asc.tpipe
  return %id, %fetched : i32, i32
}

// CHECK-LABEL: func.func @depth_zero_queue
// CHECK-SAME: (%[[Q:.+]]: !asc.tque<vecin, 0>)
func.func @depth_zero_queue(%q: !asc.tque<vecin, 0>) {
  // CHECK-NEXT: %[[T:.+]] = asc.alloc_tensor %[[Q]] {in_place} : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  %t = asc.alloc_tensor %q {in_place} : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.enque %[[Q]], %[[T]]
  asc.enque %q, %t : !asc.tque<vecin, 0>, !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: %[[D:.+]] = asc.deque %[[Q]] from %[[T]] : !asc.local_tensor<vecin, f32> : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  %d = asc.deque %q from %t : !asc.local_tensor<vecin, f32> : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.free_tensor %[[Q]], %[[D]]
  asc.free_tensor %q, %d : !asc.tque<vecin, 0>, !asc.local_tensor<vecin, f32>
  return
}

// CHECK-LABEL: func.func @queues
// CHECK-SAME: (%[[Q:.+]]: !asc.tque<vecin, 2>, %[[QB:.+]]: !asc.tque_bind<vecin, vecout, 1>)
func.func @queues(%q: !asc.tque<vecin, 2>, %qb: !asc.tque_bind<vecin, vecout, 1>) -> (i1, i1, i32, i1) {
  // CHECK-NEXT: %[[T:.+]] = asc.alloc_tensor %[[Q]] : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.enque %[[Q]], %[[T]] : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  asc.enque %q, %t : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: %[[D:.+]] = asc.deque %[[Q]] : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  %d = asc.deque %q : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.enque %[[Q]], %[[D]] {dst_user_pos = #asc<position gm>, src_user_pos = #asc<position vecout>} : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  asc.enque %q, %d {src_user_pos = #asc<position vecout>, dst_user_pos = #asc<position gm>} : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: %[[U:.+]] = asc.deque %[[Q]] {dst_user_pos = #asc<position gm>, src_user_pos = #asc<position vecout>} : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  %u = asc.deque %q {src_user_pos = #asc<position vecout>, dst_user_pos = #asc<position gm>} : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.free_tensor %[[Q]], %[[U]] : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %u : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.alloc_tensor %[[QB]] : !asc.tque_bind<vecin, vecout, 1> -> !asc.local_tensor<vecin, f16>
  %h = asc.alloc_tensor %qb : !asc.tque_bind<vecin, vecout, 1> -> !asc.local_tensor<vecin, f16>
  // CHECK-NEXT: asc.free_all_event %[[Q]] : !asc.tque<vecin, 2>
  asc.free_all_event %q : !asc.tque<vecin, 2>
  // CHECK-NEXT: asc.vacant_in_que %[[Q]] : !asc.tque<vecin, 2> -> i1
  %0 = asc.vacant_in_que %q : !asc.tque<vecin, 2> -> i1
  // CHECK-NEXT: asc.has_tensor_in_que %[[Q]] : !asc.tque<vecin, 2> -> i1
  %1 = asc.has_tensor_in_que %q : !asc.tque<vecin, 2> -> i1
  // CHECK-NEXT: asc.get_tensor_count_in_que %[[QB]] : !asc.tque_bind<vecin, vecout, 1> -> i32
  %2 = asc.get_tensor_count_in_que %qb : !asc.tque_bind<vecin, vecout, 1> -> i32
  // CHECK-NEXT: asc.has_idle_buffer %[[Q]] : !asc.tque<vecin, 2> -> i1
  %3 = asc.has_idle_buffer %q : !asc.tque<vecin, 2> -> i1
  return %0, %1, %2, %3 : i1, i1, i32, i1
}

// CHECK-LABEL: func.func @buffers
// CHECK-SAME: (%[[B:.+]]: !asc.tbuf<veccalc>, %[[POOL:.+]]: !asc.tbuf_pool<vecin, 4>, %[[SUB:.+]]: !asc.tbuf_pool<vecout, 2>, %[[Q:.+]]: !asc.tque<vecin, 2>, %[[N:.+]]: i32)
func.func @buffers(%b: !asc.tbuf<veccalc>, %pool: !asc.tbuf_pool<vecin, 4>, %sub: !asc.tbuf_pool<vecout, 2>,
                   %q: !asc.tque<vecin, 2>, %n: i32) {
  // CHECK-NEXT: asc.tbuf_get %[[B]] : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
  %0 = asc.tbuf_get %b : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
  // CHECK-NEXT: asc.tbuf_get %[[B]], %[[N]] : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, i16>
  %1 = asc.tbuf_get %b, %n : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, i16>
  // CHECK-NEXT: asc.tbuf_get_with_offset %[[B]], %[[N]], %[[N]] : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f16>
  %2 = asc.tbuf_get_with_offset %b, %n, %n : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f16>
  // CHECK-NEXT: asc.tbuf_pool_init_buffer %[[POOL]], %[[Q]], %[[N]], %[[N]] : !asc.tbuf_pool<vecin, 4>, !asc.tque<vecin, 2>, i32, i32
  asc.tbuf_pool_init_buffer %pool, %q, %n, %n : !asc.tbuf_pool<vecin, 4>, !asc.tque<vecin, 2>, i32, i32
  // CHECK-NEXT: asc.tbuf_pool_init_tbuf %[[POOL]], %[[B]], %[[N]] : !asc.tbuf_pool<vecin, 4>, !asc.tbuf<veccalc>, i32
  asc.tbuf_pool_init_tbuf %pool, %b, %n : !asc.tbuf_pool<vecin, 4>, !asc.tbuf<veccalc>, i32
  // CHECK-NEXT: asc.tbuf_pool_init_buf_pool %[[POOL]], %[[SUB]], %[[N]] : !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<vecout, 2>, i32
  asc.tbuf_pool_init_buf_pool %pool, %sub, %n : !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<vecout, 2>, i32
  // CHECK-NEXT: asc.tbuf_pool_init_buf_pool %[[POOL]], %[[SUB]], %[[N]], %[[POOL]] : !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<vecout, 2>, i32, !asc.tbuf_pool<vecin, 4>
  asc.tbuf_pool_init_buf_pool %pool, %sub, %n, %pool : !asc.tbuf_pool<vecin, 4>, !asc.tbuf_pool<vecout, 2>, i32, !asc.tbuf_pool<vecin, 4>
  // CHECK-NEXT: asc.tbuf_pool_reset %[[POOL]] : !asc.tbuf_pool<vecin, 4>
  asc.tbuf_pool_reset %pool : !asc.tbuf_pool<vecin, 4>
  func.call @use(%0, %1, %2) : (!asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, f16>) -> ()
  return
}
func.func private @use(!asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, f16>)

// CHECK-LABEL: func.func @allocator
// CHECK-SAME: (%[[N:.+]]: i32)
func.func @allocator(%n: i32) -> (!asc.local_tensor<vecin, f32>, i32) {
  // CHECK-NEXT: %[[A:.+]] = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
  %a = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
  // CHECK-NEXT: asc.local_mem_allocator_alloc %[[A]], %[[N]] : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecin, f32>
  %t = asc.local_mem_allocator_alloc %a, %n : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecin, f32>
  // CHECK-NEXT: asc.local_mem_allocator_get_cur_addr %[[A]] : !asc.local_mem_allocator<ub> -> i32
  %addr = asc.local_mem_allocator_get_cur_addr %a : !asc.local_mem_allocator<ub> -> i32
  return %t, %addr : !asc.local_tensor<vecin, f32>, i32
}

// CHECK-LABEL: func.func @scalars
// CHECK-SAME: (%[[L:.+]]: !asc.local_tensor<vecin, f16>, %[[G:.+]]: !asc.global_tensor<i32>, %[[I:.+]]: i32)
func.func @scalars(%l: !asc.local_tensor<vecin, f16>, %g: !asc.global_tensor<i32>, %i: i32) -> (i16, i32, i32, i32) {
  // CHECK-NEXT: %[[H:.+]] = asc.get_value %[[L]], %[[I]] : !asc.local_tensor<vecin, f16>, i32 -> f16
  %h = asc.get_value %l, %i : !asc.local_tensor<vecin, f16>, i32 -> f16
  // CHECK-NEXT: asc.set_value %[[L]], %[[I]], %[[H]] : !asc.local_tensor<vecin, f16>, i32, f16
  asc.set_value %l, %i, %h : !asc.local_tensor<vecin, f16>, i32, f16
  // CHECK-NEXT: %[[V:.+]] = asc.get_value %[[G]], %[[I]] : !asc.global_tensor<i32>, i32 -> i32
  %v = asc.get_value %g, %i : !asc.global_tensor<i32>, i32 -> i32
  // CHECK-NEXT: asc.set_value %[[G]], %[[I]], %[[V]] : !asc.global_tensor<i32>, i32, i32
  asc.set_value %g, %i, %v : !asc.global_tensor<i32>, i32, i32
  // CHECK-NEXT: asc.property one_blk_size : i16
  %0 = asc.property one_blk_size : i16
  // CHECK-NEXT: asc.property default_c0_size : i32
  %1 = asc.property default_c0_size : i32
  // CHECK-NEXT: asc.property total_l1_size : i32
  %2 = asc.property total_l1_size : i32
  // CHECK-NEXT: asc.property total_l0c_size : i32
  %3 = asc.property total_l0c_size : i32
  // CHECK-NEXT: asc.init_soc_state
  asc.init_soc_state
  return %0, %1, %2, %3 : i16, i32, i32, i32
}

// CHECK-LABEL: func.func @structs
// CHECK-SAME: (%[[P:.+]]: !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "scale" : f32]>>, %[[X:.+]]: f32)
func.func @structs(%p: !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "scale" : f32]>>, %x: f32)
    -> (i32, !asc.struct<"Tiling", ["total" : i32, "scale" : f32]>) {
  // CHECK-NEXT: %[[S:.+]] = asc.struct_load %[[P]] : !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "scale" : f32]>>
  %s = asc.struct_load %p : !asc.gm_addr<!asc.struct<"Tiling", ["total" : i32, "scale" : f32]>>
  // CHECK-NEXT: asc.struct_get %[[S]]["total"] : !asc.struct<"Tiling", ["total" : i32, "scale" : f32]> -> i32
  %total = asc.struct_get %s["total"] : !asc.struct<"Tiling", ["total" : i32, "scale" : f32]> -> i32
  // CHECK-NEXT: asc.struct_set %[[S]]["scale"], %[[X]] : !asc.struct<"Tiling", ["total" : i32, "scale" : f32]>, f32
  %s2 = asc.struct_set %s["scale"], %x : !asc.struct<"Tiling", ["total" : i32, "scale" : f32]>, f32
  return %total, %s2 : i32, !asc.struct<"Tiling", ["total" : i32, "scale" : f32]>
}

// CHECK-LABEL: func.func @debug
// CHECK-SAME: (%[[L:.+]]: !asc.local_tensor<vecin, f32>, %[[G:.+]]: !asc.global_tensor<i16>, %[[I:.+]]: i32, %[[B:.+]]: i1, %[[H:.+]]: f16, %[[BF:.+]]: bf16, %[[D:.+]]: f64, %[[U:.+]]: ui8)
func.func @debug(%l: !asc.local_tensor<vecin, f32>, %g: !asc.global_tensor<i16>, %i: i32, %b: i1, %h: f16,
                 %bf: bf16, %d: f64, %u: ui8) {
  // CHECK-NEXT: asc.printf "hello\0A"{{$}}
  asc.printf "hello\n"
  // CHECK-NEXT: asc.printf "say \22hi\22 \\ 100%% %d\0A", %[[I]] : i32
  asc.printf "say \"hi\" \\ 100%% %d\n", %i : i32
  // CHECK-NEXT: asc.printf "%d %+08.2f %-3x %lld %e %g %hhu %c", %[[B]], %[[H]], %[[I]], %[[I]], %[[BF]], %[[D]], %[[U]], %[[I]] : i1, f16, i32, i32, bf16, f64, ui8, i32
  asc.printf "%d %+08.2f %-3x %lld %e %g %hhu %c", %b, %h, %i, %i, %bf, %d, %u, %i : i1, f16, i32, i32, bf16, f64, ui8, i32
  // CHECK-NEXT: asc.dump_tensor %[[L]], %[[I]], %[[I]] : !asc.local_tensor<vecin, f32>, i32, i32
  asc.dump_tensor %l, %i, %i : !asc.local_tensor<vecin, f32>, i32, i32
  // CHECK-NEXT: asc.dump_tensor %[[G]], %[[I]], %[[I]] : !asc.global_tensor<i16>, i32, i32
  asc.dump_tensor %g, %i, %i : !asc.global_tensor<i16>, i32, i32
  // CHECK-NEXT: asc.dump_tensor_shape %[[L]], %[[I]], %[[I]] shape [%[[I]], %[[I]]] original [%[[I]]] {data_format = 1 : i32} : !asc.local_tensor<vecin, f32>, i32, i32, (i32, i32), (i32)
  asc.dump_tensor_shape %l, %i, %i shape [%i, %i] original [%i] {data_format = 1 : i32} : !asc.local_tensor<vecin, f32>, i32, i32, (i32, i32), (i32)
  return
}
