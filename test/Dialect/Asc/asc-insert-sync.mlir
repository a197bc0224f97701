// RUN: ascir-opt %s -split-input-file -asc-insert-sync | FileCheck %s
// RUN: ascir-opt %s -split-input-file -asc-insert-sync="auto-sync=false" | FileCheck %s --check-prefix=STRICT

// The vector add of three LocalTensorAuto tensors declared in the loop body:
// the queue protocol, nothing else. A tensor's buffer is allocated at its
// first access and freed after its last; each enque follows its tensor's
// last producer access, so that both input events are set before either is
// waited for. The declarations' alloc/free markers are gone.
// CHECK-LABEL: func.func @vadd
// CHECK: scf.for
// CHECK-NEXT: %[[X:.*]] = asc.alloc_tensor %[[QX:[^ ]*]] :
// CHECK-NEXT: asc.data_copy %[[X]]
// CHECK-NEXT: asc.enque %[[QX]], %[[X]]
// CHECK-NEXT: %[[Y:.*]] = asc.alloc_tensor %[[QY:[^ ]*]] :
// CHECK-NEXT: asc.data_copy %[[Y]]
// CHECK-NEXT: asc.enque %[[QY]], %[[Y]]
// CHECK-NEXT: %[[Z:.*]] = asc.alloc_tensor %[[QZ:[^ ]*]] :
// CHECK-NEXT: %[[X2:.*]] = asc.deque %[[QX]]
// CHECK-NEXT: %[[Y2:.*]] = asc.deque %[[QY]]
// CHECK-NEXT: asc.add %[[Z]], %[[X2]], %[[Y2]]
// CHECK-NEXT: asc.free_tensor %[[QY]], %[[Y2]] :
// CHECK-NEXT: asc.free_tensor %[[QX]], %[[X2]] :
// CHECK-NEXT: asc.enque %[[QZ]], %[[Z]]
// CHECK-NEXT: %[[Z2:.*]] = asc.deque %[[QZ]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[Z2]]
// CHECK-NEXT: asc.free_tensor %[[QZ]], %[[Z2]] :
// CHECK-NEXT: }
// CHECK-NOT: asc.auto_tensor
// STRICT-LABEL: func.func @vadd
// STRICT-NOT: asc.set_flag
// STRICT-NOT: asc.pipe_barrier
// STRICT: return
func.func @vadd(%gx: !asc.global_tensor<f32>, %gy: !asc.global_tensor<f32>, %gz: !asc.global_tensor<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %p = asc.tpipe : !asc.tpipe
  %qx = asc.tque : !asc.tque<vecin, 1>
  asc.tpipe_init_buffer %p, %qx, %c1, %c256 : !asc.tque<vecin, 1>, i32, i32
  %qy = asc.tque : !asc.tque<vecin, 1>
  asc.tpipe_init_buffer %p, %qy, %c1, %c256 : !asc.tque<vecin, 1>, i32, i32
  %qz = asc.tque : !asc.tque<vecout, 1>
  asc.tpipe_init_buffer %p, %qz, %c1, %c256 : !asc.tque<vecout, 1>, i32, i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x = asc.alloc_tensor %qx {asc.auto_tensor} : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
    %y = asc.alloc_tensor %qy {asc.auto_tensor} : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
    %z = asc.alloc_tensor %qz {asc.auto_tensor} : !asc.tque<vecout, 1> -> !asc.local_tensor<vecout, f32>
    asc.data_copy %x, %gx, %c256 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
    asc.data_copy %y, %gy, %c256 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
    asc.add %z, %x, %y, %c256 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
    asc.data_copy %gz, %z, %c256 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
    asc.free_tensor %qx, %x {asc.auto_tensor} : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
    asc.free_tensor %qy, %y {asc.auto_tensor} : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
    asc.free_tensor %qz, %z {asc.auto_tensor} : !asc.tque<vecout, 1>, !asc.local_tensor<vecout, f32>
  }
  return
}

// -----

// A queue tensor declared before the loop and used only in it: each
// iteration allocates it at its first write and frees it after its last read
// (nothing is allocated before or freed after the loop, so no free event is
// set twice in a row). The scratch TBuf tensor gets flags: MTE3 -> V for the
// next iteration's write (loop carried), V -> MTE3 before the copy out.
// CHECK-LABEL: func.func @reuse_across_iterations
// CHECK: %[[T:.*]] = asc.tbuf_get
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[X:.*]] = asc.alloc_tensor %[[Q:[^ ]*]] :
// CHECK-NEXT: asc.data_copy %[[X]]
// CHECK-NEXT: asc.enque %[[Q]], %[[X]]
// CHECK-NEXT: %[[ID1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte3_v : i32
// CHECK-NEXT: asc.set_flag mte3_v, %[[ID1]] : i32
// CHECK-NEXT: asc.wait_flag mte3_v, %[[ID1]] : i32
// CHECK-NEXT: %[[X2:.*]] = asc.deque %[[Q]]
// CHECK-NEXT: asc.add %[[T]], %[[X2]], %[[X2]]
// CHECK-NEXT: asc.free_tensor %[[Q]], %[[X2]] :
// CHECK-NEXT: %[[ID2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_mte3 : i32
// CHECK-NEXT: asc.set_flag v_mte3, %[[ID2]] : i32
// CHECK-NEXT: asc.wait_flag v_mte3, %[[ID2]] : i32
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[T]]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @reuse_across_iterations(%gx: !asc.global_tensor<f32>, %gz: !asc.global_tensor<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %p = asc.tpipe : !asc.tpipe
  %q = asc.tque : !asc.tque<vecin, 1>
  asc.tpipe_init_buffer %p, %q, %c1, %c64 : !asc.tque<vecin, 1>, i32, i32
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %b, %c64 : !asc.tbuf<veccalc>, i32
  %x = asc.alloc_tensor %q {asc.auto_tensor} : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  %t = asc.tbuf_get %b, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    asc.data_copy %x, %gx, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
    asc.add %t, %x, %x, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
    asc.data_copy %gz, %t, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<veccalc, f32>, i32
  }
  asc.free_tensor %q, %x {asc.auto_tensor} : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}

// -----

// Scalar accesses: with auto-sync (the default) the compiler inserts their
// flags and the PIPE_V barriers; without it the pass does. V -> S -> V also
// orders the two adds (no PIPE_V barrier between them).
// CHECK-LABEL: func.func @scalar
// CHECK-NOT: asc.set_flag
// CHECK-NOT: asc.pipe_barrier
// CHECK: return
// STRICT-LABEL: func.func @scalar
// STRICT: asc.add
// STRICT-NEXT: %[[A:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_s : i32
// STRICT-NEXT: asc.set_flag v_s, %[[A]] : i32
// STRICT-NEXT: asc.wait_flag v_s, %[[A]] : i32
// STRICT-NEXT: asc.get_value
// STRICT-NEXT: asc.set_value
// STRICT-NEXT: %[[B:.*]] = asc.tpipe_fetch_event_id %{{.*}}, s_v : i32
// STRICT-NEXT: asc.set_flag s_v, %[[B]] : i32
// STRICT-NEXT: asc.wait_flag s_v, %[[B]] : i32
// STRICT-NEXT: asc.add
// STRICT-NEXT: asc.pipe_barrier v
// STRICT-NEXT: asc.add
func.func @scalar(%g: !asc.global_tensor<f32>) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %p = asc.tpipe : !asc.tpipe
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %b, %c64 : !asc.tbuf<veccalc>, i32
  %t = asc.tbuf_get %b, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  asc.add %t, %t, %t, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  %v = asc.get_value %t, %c0 : !asc.local_tensor<veccalc, f32>, i32 -> f32
  asc.set_value %t, %c0, %v : !asc.local_tensor<veccalc, f32>, i32, f32
  asc.add %t, %t, %t, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.add %t, %t, %t, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}

// -----

// Two copies into the same scratch tensor: MTE2 does not order them.
// CHECK-LABEL: func.func @copies
// CHECK: asc.data_copy
// CHECK-NEXT: asc.pipe_barrier mte2
// CHECK-NEXT: asc.data_copy
func.func @copies(%g: !asc.global_tensor<f32>) {
  %c64 = arith.constant 64 : i32
  %p = asc.tpipe : !asc.tpipe
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %b, %c64 : !asc.tbuf<veccalc>, i32
  %t = asc.tbuf_get %b, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %t, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %t, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

// A Matmul epilogue: GetTensorC fills the VECIN tensor with the AIV's MTE2
// (a producer access), the LeakyReLU reads it after the queue's deque.
// CHECK-LABEL: func.func @matmul_epilogue
// CHECK: scf.for
// CHECK-NEXT: %[[C:.*]] = asc.alloc_tensor %[[QC:[^ ]*]] :
// CHECK-NEXT: asc.matmul_call %{{.*}}, "GetTensorC"(%[[C]]
// CHECK-NEXT: asc.enque %[[QC]], %[[C]]
// CHECK-NEXT: %[[O:.*]] = asc.alloc_tensor %[[QO:[^ ]*]] :
// CHECK-NEXT: %[[C2:.*]] = asc.deque %[[QC]]
// CHECK-NEXT: asc.leaky_relu %[[O]], %[[C2]]
// CHECK-NEXT: asc.free_tensor %[[QC]], %[[C2]] :
// CHECK-NEXT: asc.enque %[[QO]], %[[O]]
// CHECK-NEXT: %[[O2:.*]] = asc.deque %[[QO]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[O2]]
// CHECK-NEXT: asc.free_tensor %[[QO]], %[[O2]] :
// CHECK-NEXT: }
// CHECK-NOT: asc.set_flag
func.func @matmul_epilogue(%mm: !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>, %gz: !asc.global_tensor<f32>, %n: i32, %alpha: f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %false = arith.constant false
  %c0_i8 = arith.constant 0 : i8
  %p = asc.tpipe : !asc.tpipe
  %qc = asc.tque : !asc.tque<vecin, 1>
  asc.tpipe_init_buffer %p, %qc, %c1, %c1024 : !asc.tque<vecin, 1>, i32, i32
  %qo = asc.tque : !asc.tque<vecout, 1>
  asc.tpipe_init_buffer %p, %qo, %c1, %c1024 : !asc.tque<vecout, 1>, i32, i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %c = asc.alloc_tensor %qc {asc.auto_tensor} : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
    %o = asc.alloc_tensor %qo {asc.auto_tensor} : !asc.tque<vecout, 1> -> !asc.local_tensor<vecout, f32>
    asc.matmul_call %mm, "GetTensorC"(%c, %c0_i8, %false : !asc.local_tensor<vecin, f32>, i8, i1) {sync = true} : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>
    asc.leaky_relu %o, %c, %alpha, %c256 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, f32, i32
    asc.data_copy %gz, %o, %c256 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
    asc.free_tensor %qc, %c {asc.auto_tensor} : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
    asc.free_tensor %qo, %o {asc.auto_tensor} : !asc.tque<vecout, 1>, !asc.local_tensor<vecout, f32>
  }
  return
}
