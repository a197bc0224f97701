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

// CHECK-LABEL: func.func @vector_binary
// CHECK-SAME: (%[[Z:.+]]: !asc.local_tensor<vecout, f16>, %[[X:.+]]: !asc.local_tensor<vecin, f16>, %[[Y:.+]]: !asc.local_tensor<veccalc, f16>, %[[N:.+]]: i32)
func.func @vector_binary(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                         %y: !asc.local_tensor<veccalc, f16>, %n: i32) {
  // CHECK-NEXT: asc.add %[[Z]], %[[X]], %[[Y]], %[[N]] : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.add %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.sub %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.sub %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.mul %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.mul %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.div %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.div %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.max %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.max %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  // CHECK-NEXT: asc.min %[[Z]], %[[X]], %[[Y]], %[[N]] :
  asc.min %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
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
