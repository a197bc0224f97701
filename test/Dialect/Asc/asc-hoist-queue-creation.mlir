// RUN: ascir-opt %s -asc-hoist-queue-creation | FileCheck %s

// A queue declared and initialised in a loop body is created once, at the
// entry; its InitBuffer's constants are cloned there.
// CHECK-LABEL: func.func @in_loop
// CHECK: %[[P:.*]] = asc.tpipe
// CHECK-NEXT: %[[Q:.*]] = asc.tque : !asc.tque<vecin, 1>
// CHECK: asc.tpipe_init_buffer %[[P]], %[[Q]]
// CHECK: scf.for
// CHECK-NOT: asc.tque :
// CHECK-NOT: asc.tpipe_init_buffer
// CHECK: asc.alloc_tensor %[[Q]]
func.func @in_loop(%n: i32) {
  %p = asc.tpipe : !asc.tpipe
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = asc.tque : !asc.tque<vecin, 1>
    %one = arith.constant 1 : i32
    %len = arith.constant 1024 : i32
    asc.tpipe_init_buffer %p, %q, %one, %len : !asc.tque<vecin, 1>, i32, i32
    %t = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
    asc.free_tensor %q, %t : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  }
  return
}

// An InitBuffer whose length is computed in the loop stays there.
// CHECK-LABEL: func.func @dependent
// CHECK: scf.for
// CHECK: asc.tpipe_init_buffer
func.func @dependent(%n: i32) {
  %p = asc.tpipe : !asc.tpipe
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = asc.tque : !asc.tque<vecin, 1>
    asc.tpipe_init_buffer %p, %q, %c1, %i : !asc.tque<vecin, 1>, i32, i32
  }
  return
}

// In a kernel with a Matmul an InitBuffer in a loop after the registration
// moves right after it (not to the entry: the AIC of a MIX kernel leaves
// the kernel at the registration and has no Unified Buffer).
// CHECK-LABEL: func.func @after_matmul
// CHECK: %[[P:.*]] = asc.tpipe
// CHECK-NEXT: %[[Q:.*]] = asc.tque : !asc.tque<vecin, 1>
// CHECK: scf.if
// CHECK: asc.regist_matmul
// CHECK-NEXT: arith.constant 1
// CHECK-NEXT: arith.constant 1024
// CHECK-NEXT: asc.tpipe_init_buffer %[[P]], %[[Q]]
// CHECK-NEXT: scf.for
// CHECK-NOT: asc.tpipe_init_buffer
// CHECK: asc.alloc_tensor %[[Q]]
func.func @after_matmul(%ws: !asc.gm_addr<ui8>, %go: i1, %n: i32) {
  %p = asc.tpipe : !asc.tpipe
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.if %go {
    %mm = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>
    asc.regist_matmul %p, %ws, %mm : !asc.tpipe, !asc.gm_addr<ui8>, !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %q = asc.tque : !asc.tque<vecin, 1>
      %one = arith.constant 1 : i32
      %len = arith.constant 1024 : i32
      asc.tpipe_init_buffer %p, %q, %one, %len : !asc.tque<vecin, 1>, i32, i32
      %t = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
      asc.free_tensor %q, %t : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
    }
  }
  return
}
