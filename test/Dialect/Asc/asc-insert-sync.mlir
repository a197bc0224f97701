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

// -----

// The cube path (hardware.md §3.1): GM -> L1 is MTE2, L1 -> L0A (load_data)
// MTE1, mmad M, L1 -> GM MTE3. Each dependence on an L1 or L0 tensor between
// two pipes gets its flag: MTE2_MTE1 (read of a copied A1), MTE1_M (mmad of
// a loaded A2), MTE1_MTE2 (A1 copied again after load_data read it),
// MTE2_MTE3 (A1 stored after it was copied in). A dependence of a loop body
// on what came before the loop is flagged before the loop (inside, every
// iteration would set the same id again): M_MTE1 for A2, which the mmad
// read; the body's own load_data into A2 are kept apart by PIPE_MTE1.
// CHECK-LABEL: func.func @l1_path
// CHECK:      asc.data_copy %[[A1:[^,]*]], %[[G:[^,]*]], %{{.*}} : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_mte1 : i32
// CHECK-NEXT: asc.set_flag mte2_mte1, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_mte1, %[[E1]] : i32
// CHECK-NEXT: asc.load_data_2d %[[A2:[^,]*]], %[[A1]]
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte1_m : i32
// CHECK-NEXT: asc.set_flag mte1_m, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag mte1_m, %[[E2]] : i32
// CHECK-NEXT: asc.mmad %{{.*}}, %[[A2]],
// CHECK-NEXT: %[[E3:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte1_mte2 : i32
// CHECK-NEXT: asc.set_flag mte1_mte2, %[[E3]] : i32
// CHECK-NEXT: asc.wait_flag mte1_mte2, %[[E3]] : i32
// CHECK-NEXT: asc.data_copy %[[A1]], %[[G]]
// CHECK-NEXT: %[[E4:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_mte3 : i32
// CHECK-NEXT: asc.set_flag mte2_mte3, %[[E4]] : i32
// CHECK-NEXT: asc.wait_flag mte2_mte3, %[[E4]] : i32
// CHECK-NEXT: asc.data_copy %[[G]], %[[A1]]
// CHECK-NEXT: %[[E5:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_mte1 : i32
// CHECK-NEXT: asc.set_flag mte2_mte1, %[[E5]] : i32
// CHECK-NEXT: asc.wait_flag mte2_mte1, %[[E5]] : i32
// CHECK-NEXT: %[[E6:.*]] = asc.tpipe_fetch_event_id %{{.*}}, m_mte1 : i32
// CHECK-NEXT: asc.set_flag m_mte1, %[[E6]] : i32
// CHECK-NEXT: asc.wait_flag m_mte1, %[[E6]] : i32
// CHECK-NEXT: scf.for
// CHECK-NEXT: asc.pipe_barrier mte1
// CHECK-NEXT: asc.load_data_2d %[[A2]], %[[A1]]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @l1_path(%g: !asc.global_tensor<f16>, %a1: !asc.local_tensor<a1, f16>, %a2: !asc.local_tensor<a2, f16>, %b2: !asc.local_tensor<b2, f16>, %co1: !asc.local_tensor<co1, f32>, %p2: !asc.load_data_2d_params, %m: !asc.mmad_params, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c512 = arith.constant 512 : i32
  asc.data_copy %a1, %g, %c512 : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, i32
  asc.load_data_2d %a2, %a1, %p2 : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, !asc.load_data_2d_params
  asc.mmad %co1, %a2, %b2, %m : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  asc.data_copy %a1, %g, %c512 : !asc.local_tensor<a1, f16>, !asc.global_tensor<f16>, i32
  asc.data_copy %g, %a1, %c512 : !asc.global_tensor<f16>, !asc.local_tensor<a1, f16>, i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    asc.load_data_2d %a2, %a1, %p2 : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, !asc.load_data_2d_params
  }
  return
}

// -----

// Two accumulating mmads into one L0C, of sizes the pass cannot see (the
// params are an argument): pipe_barrier(PIPE_M) between them even though the
// M_MTE1 and MTE1_M flags of the second's A2 order them already (hardware.md
// §3.3 asks for the barrier below 10 fractals, not for a flag).
// CHECK-LABEL: func.func @mmad_chain
// CHECK:      asc.mmad %[[C:[^,]*]],
// CHECK-NEXT: asc.tpipe_fetch_event_id %{{.*}}, m_mte1
// CHECK-NEXT: asc.set_flag m_mte1
// CHECK-NEXT: asc.wait_flag m_mte1
// CHECK-NEXT: asc.load_data_2d
// CHECK-NEXT: asc.tpipe_fetch_event_id %{{.*}}, mte1_m
// CHECK-NEXT: asc.set_flag mte1_m
// CHECK-NEXT: asc.wait_flag mte1_m
// CHECK-NEXT: asc.pipe_barrier m
// CHECK-NEXT: asc.mmad %[[C]],
func.func @mmad_chain(%a1: !asc.local_tensor<a1, f16>, %a2: !asc.local_tensor<a2, f16>, %b2: !asc.local_tensor<b2, f16>, %co1: !asc.local_tensor<co1, f32>, %p2: !asc.load_data_2d_params, %m: !asc.mmad_params) {
  asc.mmad %co1, %a2, %b2, %m : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  asc.load_data_2d %a2, %a1, %p2 : !asc.local_tensor<a2, f16>, !asc.local_tensor<a1, f16>, !asc.load_data_2d_params
  asc.mmad %co1, %a2, %b2, %m : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  return
}

// -----

// hardware.md §3.3: back-to-back Mmads into one L0C need pipe_barrier(PIPE_M)
// only when ceil(m/16) * ceil(n/16) < 10; above, the hardware orders them.
// m = n = 64 (16 fractals, constant): no barrier between the two
// accumulating mmads. m = 32, n = 64 (8 fractals) or a run-time m: the
// barrier stays.
// CHECK-LABEL: func.func @mmad_large
// CHECK:      asc.mmad %[[C:[^,]*]], %{{.*}}, %{{.*}}, %[[BIG:[^ ]*]] :
// CHECK-NEXT: asc.mmad %[[C]], %{{.*}}, %{{.*}}, %[[BIG]] :
// CHECK-NEXT: asc.pipe_barrier m
// CHECK-NEXT: asc.mmad %[[C]], %{{.*}}, %{{.*}}, %[[SMALL:[^ ]*]] :
// CHECK-NEXT: asc.pipe_barrier m
// CHECK-NEXT: asc.mmad %[[C]], %{{.*}}, %{{.*}}, %[[DYN:[^ ]*]] :
// CHECK-NEXT: return
func.func @mmad_large(%a2: !asc.local_tensor<a2, f16>, %b2: !asc.local_tensor<b2, f16>, %co1: !asc.local_tensor<co1, f32>, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %false = arith.constant false
  %big = asc.mmad_params %c64, %c64, %c32, %false, %c0, %false, %false, %false, %c0, %false, %false : i32, i32, i32, i1, i32, i1, i1, i1, i32, i1, i1
  %small = asc.mmad_params %c32, %c64, %c32, %false, %c0, %false, %false, %false, %c0, %false, %false : i32, i32, i32, i1, i32, i1, i1, i1, i32, i1, i1
  %dyn = asc.mmad_params %m, %c64, %c32, %false, %c0, %false, %false, %false, %c0, %false, %false : i32, i32, i32, i1, i32, i1, i1, i1, i32, i1, i1
  asc.mmad %co1, %a2, %b2, %big : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  asc.mmad %co1, %a2, %b2, %big : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  asc.mmad %co1, %a2, %b2, %small : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  asc.mmad %co1, %a2, %b2, %dyn : !asc.local_tensor<co1, f32>, !asc.local_tensor<a2, f16>, !asc.local_tensor<b2, f16>, !asc.mmad_params
  return
}

// -----

// Tensors that share bytes are one tensor for the analysis (docs/sync.md):
// `window` (UB bytes [128, 256)) lies in `inp` ([0, 256)), so the add that
// reads it waits for the copy into `inp` (MTE2_V); `out` ([256, 384)) is
// apart from both and is written without a flag, then copied out after
// V_MTE3. `far` ([512, 640)) shares no byte with `inp`, and `l1` lies in
// another memory at the same address: neither waits for the copy.
// CHECK-LABEL: func.func @static_overlap
// CHECK:      asc.data_copy %[[INP:[^,]*]], %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.add %[[OUT:[^,]*]], %[[WIN:[^,]*]], %[[WIN]],
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_mte3 : i32
// CHECK-NEXT: asc.set_flag v_mte3, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag v_mte3, %[[E2]] : i32
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[OUT]],
// CHECK-NEXT: asc.data_copy %{{.*}}, %{{.*}} : !asc.local_tensor<a1, f32>
// CHECK-NEXT: asc.add %[[FAR:[^,]*]], %[[FAR]], %[[FAR]],
// CHECK-NEXT: return
func.func @static_overlap(%g: !asc.global_tensor<f32>) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %inp = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  %win = asc.local_tensor %c128, %c32 : i32, i32 -> !asc.local_tensor<veccalc, f32>
  %out = asc.local_tensor %c256, %c32 : i32, i32 -> !asc.local_tensor<vecout, f32>
  %far = asc.local_tensor %c512, %c32 : i32, i32 -> !asc.local_tensor<veccalc, f32>
  %l1 = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<a1, f32>
  asc.data_copy %inp, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.add %out, %win, %win, %c32 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %g, %out, %c32 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  asc.data_copy %l1, %g, %c64 : !asc.local_tensor<a1, f32>, !asc.global_tensor<f32>, i32
  asc.add %far, %far, %far, %c32 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}

// -----

// Two tensors of one TBuf: the whole buffer and a window of it share bytes
// (MTE2_V); a window past the copied range does not. Two copies into
// overlapping static tensors are kept apart by PIPE_MTE2. The static tensors
// lie in the TBuf's bytes [0, 2048) too: the copy into %s1 waits for the
// adds (V_MTE2).
// CHECK-LABEL: func.func @tbuf_views
// CHECK:      asc.data_copy %[[WHOLE:[^,]*]], %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: asc.add %[[APART:[^,]*]], %[[APART]], %[[APART]],
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.add %[[WIN:[^,]*]], %[[WIN]], %[[WIN]],
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_mte2 : i32
// CHECK-NEXT: asc.set_flag v_mte2, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag v_mte2, %[[E2]] : i32
// CHECK-NEXT: asc.data_copy %[[S1:[^,]*]], %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: asc.pipe_barrier mte2
// CHECK-NEXT: asc.data_copy %[[S2:[^,]*]], %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: return
func.func @tbuf_views(%g: !asc.global_tensor<f32>) {
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %c1536 = arith.constant 1536 : i32
  %c2048 = arith.constant 2048 : i32
  %p = asc.tpipe : !asc.tpipe
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %b, %c2048 : !asc.tbuf<veccalc>, i32
  %whole = asc.tbuf_get %b, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  %apart = asc.tbuf_get_with_offset %b, %c32, %c1024 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %win = asc.tbuf_get_with_offset %b, %c32, %c128 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %s1 = asc.local_tensor %c1536, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  %s2 = asc.local_tensor %c1024, %c256 : i32, i32 -> !asc.local_tensor<vecin, f32>
  asc.data_copy %whole, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %apart, %apart, %apart, %c32 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.add %win, %win, %win, %c32 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %s1, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %s2, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

// An address or offset known only at run time may be anywhere in its
// memory or buffer: the static tensor at %addr and the TBuf window at %off
// wait for the copies before them, and the copy into the TBuf for the add
// into %dyn (V_MTE2). The static tensor at 4096 lies above the TBuf's bytes
// [0, 4096). A loop body's read of a tensor that shares bytes with one
// written before the loop is flagged before the loop.
// CHECK-LABEL: func.func @unknown_offsets
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.add %[[DYN:[^,]*]], %[[DYN]], %[[DYN]],
// CHECK-NEXT: %[[E0:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_mte2 : i32
// CHECK-NEXT: asc.set_flag v_mte2, %[[E0]] : i32
// CHECK-NEXT: asc.wait_flag v_mte2, %[[E0]] : i32
// CHECK-NEXT: asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: scf.for
// CHECK-NEXT: asc.add %[[WIN:[^,]*]], %[[WIN]], %[[WIN]],
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @unknown_offsets(%g: !asc.global_tensor<f32>, %addr: i32, %off: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %c4096 = arith.constant 4096 : i32
  %p = asc.tpipe : !asc.tpipe
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %b, %c4096 : !asc.tbuf<veccalc>, i32
  %inp = asc.local_tensor %c4096, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  %dyn = asc.local_tensor %addr, %c32 : i32, i32 -> !asc.local_tensor<veccalc, f32>
  %head = asc.tbuf_get_with_offset %b, %c64, %c0 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %win = asc.tbuf_get_with_offset %b, %c32, %off : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %inp, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.add %dyn, %dyn, %dyn, %c32 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %head, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    asc.add %win, %win, %win, %c32 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  }
  return
}

// -----

// A tensor chosen by a branch, or carried by a loop, may be any tensor of
// its memory: the copy into %t is a write of %a for the add (MTE2_V), not of
// the L1 tensor, and the copy into %b waits for it (PIPE_MTE2); the loop's
// reads of %u wait (before the loop) for the copy into %b.
// CHECK-LABEL: func.func @chosen
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<a1, f32>
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.add %[[O:[^,]*]], %[[A:[^,]*]], %[[A]],
// CHECK-NEXT: asc.pipe_barrier mte2
// CHECK-NEXT: asc.data_copy %[[B:[^,]*]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: scf.for {{.*}} iter_args(%[[U:[^ ]*]] = %[[A]])
// CHECK-NEXT: asc.add %[[O]], %[[U]], %[[U]],
// CHECK-NEXT: scf.yield %[[B]]
func.func @chosen(%g: !asc.global_tensor<f32>, %c: i1, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %a = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  %b = asc.local_tensor %c256, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  %o = asc.local_tensor %c512, %c64 : i32, i32 -> !asc.local_tensor<vecout, f32>
  %l1 = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<a1, f32>
  %t = scf.if %c -> (!asc.local_tensor<vecin, f32>) {
    scf.yield %a : !asc.local_tensor<vecin, f32>
  } else {
    scf.yield %b : !asc.local_tensor<vecin, f32>
  }
  asc.data_copy %t, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %l1, %g, %c64 : !asc.local_tensor<a1, f32>, !asc.global_tensor<f32>, i32
  asc.add %o, %a, %a, %c64 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.data_copy %b, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%u = %a) -> (!asc.local_tensor<vecin, f32>) : i32 {
    asc.add %o, %u, %u, %c64 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
    scf.yield %b : !asc.local_tensor<vecin, f32>
  }
  return
}

// -----

// A TBufPool hands its bytes out again after reset(): %b takes %a's bytes
// and %c %o's (the offsets in the pool follow from the constant lengths), so
// the copy into %b waits for the add that read %a (V_MTE2), not for the copy
// out of %o, and the add into %c for that copy (MTE3_V). Without the reset
// the pool's buffers are disjoint (@pool_no_reset: no flag).
// CHECK-LABEL: func.func @pool_reset
// CHECK:      asc.tbuf_pool_reset
// CHECK:      %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_mte2 : i32
// CHECK-NEXT: asc.set_flag v_mte2, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag v_mte2, %[[E1]] : i32
// CHECK-NEXT: asc.data_copy %[[B:[^,]*]], %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte3_v : i32
// CHECK-NEXT: asc.set_flag mte3_v, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag mte3_v, %[[E2]] : i32
// CHECK-NEXT: %[[E3:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E3]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E3]] : i32
// CHECK-NEXT: asc.add %{{[^,]*}}, %[[B]], %[[B]],
// CHECK-NEXT: return
// CHECK-LABEL: func.func @pool_no_reset
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.global_tensor<f32>, !asc.local_tensor<veccalc, f32>
// CHECK-NOT:  asc.set_flag
// CHECK:      asc.data_copy %[[B:[^,]*]], %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.add %{{[^,]*}}, %[[B]], %[[B]],
// CHECK-NEXT: return
func.func @pool_reset(%g: !asc.global_tensor<f32>, %gz: !asc.global_tensor<f32>) {
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %p = asc.tpipe : !asc.tpipe
  %pool = asc.tbuf_pool : !asc.tbuf_pool<veccalc, 4>
  asc.tpipe_init_buf_pool %p, %pool, %c512 : !asc.tbuf_pool<veccalc, 4>, i32
  %a = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %pool, %a, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %o = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %pool, %o, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %ta = asc.tbuf_get %a, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  %to = asc.tbuf_get %o, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %ta, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %to, %ta, %ta, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %gz, %to, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.tbuf_pool_reset %pool : !asc.tbuf_pool<veccalc, 4>
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %pool, %b, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %c = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %pool, %c, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %tb = asc.tbuf_get %b, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  %tc = asc.tbuf_get %c, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %tb, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %tc, %tb, %tb, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}
func.func @pool_no_reset(%g: !asc.global_tensor<f32>, %gz: !asc.global_tensor<f32>) {
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %p = asc.tpipe : !asc.tpipe
  %pool = asc.tbuf_pool : !asc.tbuf_pool<veccalc, 4>
  asc.tpipe_init_buf_pool %p, %pool, %c1024 : !asc.tbuf_pool<veccalc, 4>, i32
  %a = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %pool, %a, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %o = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %pool, %o, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %ta = asc.tbuf_get %a, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  %to = asc.tbuf_get %o, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %ta, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %to, %ta, %ta, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %gz, %to, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<veccalc, f32>, i32
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %pool, %b, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %c = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %pool, %c, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %tb = asc.tbuf_get %b, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  %tc = asc.tbuf_get %c, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %tb, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %tc, %tb, %tb, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}

// -----

// A pool initialised with share_buf takes the bytes of the pool it shares:
// %b (of %shared) and %a (of %pool) both start at its byte 0, without a
// reset; %c, in the pool %sub nested at byte 256 of %pool, does not meet %b.
// After the nested pool's reset, %d may take %c's bytes, not those of %o,
// which the outer pool handed out next to the nested one.
// CHECK-LABEL: func.func @shared_and_nested_pools
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.add %[[B:[^,]*]], %[[B]], %[[B]],
// CHECK-NEXT: asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: asc.add %[[O:[^,]*]], %[[O]], %[[O]],
// CHECK-NEXT: asc.tbuf_pool_reset
// CHECK-NEXT: asc.tbuf :
// CHECK-NEXT: asc.tbuf_pool_init_tbuf
// CHECK-NEXT: asc.tbuf_get
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.add %[[D:[^,]*]], %[[D]], %[[D]],
// CHECK-NEXT: return
func.func @shared_and_nested_pools(%g: !asc.global_tensor<f32>) {
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %c1024 = arith.constant 1024 : i32
  %p = asc.tpipe : !asc.tpipe
  %pool = asc.tbuf_pool : !asc.tbuf_pool<veccalc, 4>
  asc.tpipe_init_buf_pool %p, %pool, %c1024 : !asc.tbuf_pool<veccalc, 4>, i32
  %shared = asc.tbuf_pool : !asc.tbuf_pool<veccalc, 4>
  asc.tpipe_init_buf_pool %p, %shared, %c1024, %pool : !asc.tbuf_pool<veccalc, 4>, i32, !asc.tbuf_pool<veccalc, 4>
  %a = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %pool, %a, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %shared, %b, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %sub = asc.tbuf_pool : !asc.tbuf_pool<veccalc, 2>
  asc.tbuf_pool_init_buf_pool %pool, %sub, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf_pool<veccalc, 2>, i32
  %o = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %pool, %o, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
  %c = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %sub, %c, %c256 : !asc.tbuf_pool<veccalc, 2>, !asc.tbuf<veccalc>, i32
  %ta = asc.tbuf_get %a, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  %tb = asc.tbuf_get %b, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  %tc = asc.tbuf_get %c, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  %to = asc.tbuf_get %o, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %ta, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %tb, %tb, %tb, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %tc, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %to, %to, %to, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.tbuf_pool_reset %sub : !asc.tbuf_pool<veccalc, 2>
  %d = asc.tbuf : !asc.tbuf<veccalc>
  asc.tbuf_pool_init_tbuf %sub, %d, %c256 : !asc.tbuf_pool<veccalc, 2>, !asc.tbuf<veccalc>, i32
  %td = asc.tbuf_get %d, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  asc.add %td, %td, %td, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}

// -----

// A static tensor and the TPipe's buffers, placed from byte 0 in init order:
// the queue takes [0, 512) and the TBuf [512, 768). %lo at 256 lies in the
// queue's buffer (MTE2_V after the copy into %x), %hi at 768 above all of
// them (no flag); the copy into the TBuf waits for nothing (%lo ends at 512).
// A destroy at the end separates no two buffers.
// CHECK-LABEL: func.func @static_next_to_pipe
// CHECK:      asc.data_copy %[[X:[^,]*]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: asc.add %[[HI:[^,]*]], %[[HI]], %[[HI]],
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.add %[[LO:[^,]*]], %[[LO]], %[[LO]],
// CHECK-NEXT: asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: asc.tpipe_destroy
// CHECK-NEXT: return
func.func @static_next_to_pipe(%g: !asc.global_tensor<f32>) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %c500 = arith.constant 500 : i32
  %c768 = arith.constant 768 : i32
  %p = asc.tpipe : !asc.tpipe
  %q = asc.tque : !asc.tque<vecin, 1>
  asc.tpipe_init_buffer %p, %q, %c1, %c500 : !asc.tque<vecin, 1>, i32, i32
  %t = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %t, %c256 : !asc.tbuf<veccalc>, i32
  %lo = asc.local_tensor %c256, %c64 : i32, i32 -> !asc.local_tensor<veccalc, f32>
  %hi = asc.local_tensor %c768, %c64 : i32, i32 -> !asc.local_tensor<veccalc, f32>
  %x = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  %tt = asc.tbuf_get %t, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %x, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.add %hi, %hi, %hi, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.add %lo, %lo, %lo, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %tt, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.tpipe_destroy %p
  return
}

// -----

// A loop body that hands out %a then %o and resets the pool at its end:
// each iteration places them at the same offsets (the previous iteration's
// reset, or the pool's start before the loop), so the copy into %a waits
// for the add that read it (V_MTE2), not for the copy out of %o.
// CHECK-LABEL: func.func @pool_reset_in_loop
// CHECK:      scf.for
// CHECK-NOT:  mte3_mte2
// CHECK:      asc.tbuf_pool_reset
// CHECK-NEXT: }
func.func @pool_reset_in_loop(%g: !asc.global_tensor<f32>, %gz: !asc.global_tensor<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %p = asc.tpipe : !asc.tpipe
  %pool = asc.tbuf_pool : !asc.tbuf_pool<veccalc, 4>
  asc.tpipe_init_buf_pool %p, %pool, %c512 : !asc.tbuf_pool<veccalc, 4>, i32
  %a = asc.tbuf : !asc.tbuf<veccalc>
  %o = asc.tbuf : !asc.tbuf<veccalc>
  scf.for %i = %c0 to %n step %c1 : i32 {
    asc.tbuf_pool_init_tbuf %pool, %a, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
    asc.tbuf_pool_init_tbuf %pool, %o, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
    %ta = asc.tbuf_get %a, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
    %to = asc.tbuf_get %o, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
    asc.data_copy %ta, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
    asc.add %to, %ta, %ta, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
    asc.data_copy %gz, %to, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<veccalc, f32>, i32
    asc.tbuf_pool_reset %pool : !asc.tbuf_pool<veccalc, 4>
  }
  return
}

// -----

// A TBuf handed out in each iteration at the same offset of a pool at a
// fixed place: its windows [0, 128) and [128, 256) stay apart (no flag),
// within an iteration and from one to the next.
// CHECK-LABEL: func.func @pool_windows_in_loop
// CHECK-NOT:  asc.set_flag
// CHECK:      return
func.func @pool_windows_in_loop(%g: !asc.global_tensor<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %p = asc.tpipe : !asc.tpipe
  %pool = asc.tbuf_pool : !asc.tbuf_pool<veccalc, 4>
  asc.tpipe_init_buf_pool %p, %pool, %c512 : !asc.tbuf_pool<veccalc, 4>, i32
  %a = asc.tbuf : !asc.tbuf<veccalc>
  scf.for %i = %c0 to %n step %c1 : i32 {
    asc.tbuf_pool_init_tbuf %pool, %a, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
    %w0 = asc.tbuf_get_with_offset %a, %c32, %c0 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
    %w1 = asc.tbuf_get_with_offset %a, %c32, %c128 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
    asc.data_copy %w0, %g, %c32 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
    asc.add %w1, %w1, %w1, %c32 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
    asc.tbuf_pool_reset %pool : !asc.tbuf_pool<veccalc, 4>
  }
  return
}

// -----

// A LocalMemAllocator hands out its memory from byte 0 in order, as the
// TPipe does its buffers: %pad takes UB [0, 1024), %x [1024, 1280), and the
// TBuf [0, 1024). The add into %x shares no byte with the copy into the TBuf
// (no flag), the add into %pad does (MTE2_V). A second allocator starts at
// byte 0 again: the copy out of its %y waits for the add into %pad (V_MTE3).
// The static %s at 1408 is apart from %x; %u at 1152 is not: the copy into
// it waits for the add into %x (V_MTE2).
// CHECK-LABEL: func.func @allocator_next_to_pipe
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: asc.add %[[X:[^,]*]], %[[X]], %[[X]],
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.add %[[PAD:[^,]*]], %[[PAD]], %[[PAD]],
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_mte3 : i32
// CHECK-NEXT: asc.set_flag v_mte3, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag v_mte3, %[[E2]] : i32
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[Y:[^,]*]], %{{.*}} : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.data_copy %[[S:[^,]*]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: %[[E3:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_mte2 : i32
// CHECK-NEXT: asc.set_flag v_mte2, %[[E3]] : i32
// CHECK-NEXT: asc.wait_flag v_mte2, %[[E3]] : i32
// CHECK-NEXT: asc.data_copy %[[U:[^,]*]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: return
func.func @allocator_next_to_pipe(%g: !asc.global_tensor<f32>) {
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %c1152 = arith.constant 1152 : i32
  %c1408 = arith.constant 1408 : i32
  %p = asc.tpipe : !asc.tpipe
  %t = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %t, %c1024 : !asc.tbuf<veccalc>, i32
  %al = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
  %pad = asc.local_mem_allocator_alloc %al, %c256 : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<veccalc, f32>
  %x = asc.local_mem_allocator_alloc %al, %c64 : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<veccalc, f32>
  %al2 = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
  %y = asc.local_mem_allocator_alloc %al2, %c64 : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecout, f32>
  %s = asc.local_tensor %c1408, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  %u = asc.local_tensor %c1152, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  %tt = asc.tbuf_get %t, %c256 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %tt, %g, %c256 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %x, %x, %x, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.add %pad, %pad, %pad, %c256 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %g, %y, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  asc.data_copy %s, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %u, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

// Buffers handed out in a branch of a loop body that resets the pool at its
// end are placed by the inits before them on their path: %a takes the
// pool's [0, 256) and %o [256, 512) in every iteration that takes the first
// branch, so the copy into %a does not wait for the copy out of %o of an
// earlier iteration (no MTE3_MTE2; the add into %o waits for that copy
// out, MTE3_V). %c, handed out by the other branch,
// takes [0, 512): the add into it waits for the copy out of %o (MTE3_V).
// CHECK-LABEL: func.func @pool_branches_in_loop
// CHECK:      scf.for
// CHECK-NOT:  mte3_mte2
// CHECK:      asc.set_flag mte3_v
// CHECK-NEXT: asc.wait_flag mte3_v
// CHECK-NEXT: %{{.*}} = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v
// CHECK-NEXT: asc.wait_flag mte2_v
// CHECK-NEXT: asc.add
// CHECK-NOT:  mte3_mte2
// CHECK:      } else {
// CHECK:      asc.tbuf_get
// CHECK-NEXT: %[[E:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte3_v : i32
// CHECK-NEXT: asc.set_flag mte3_v, %[[E]] : i32
// CHECK-NEXT: asc.wait_flag mte3_v, %[[E]] : i32
// CHECK-NEXT: asc.add %[[C:[^,]*]], %[[C]], %[[C]],
// CHECK:      asc.tbuf_pool_reset
// CHECK-NEXT: }
func.func @pool_branches_in_loop(%g: !asc.global_tensor<f32>, %gz: !asc.global_tensor<f32>, %n: i32, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %p = asc.tpipe : !asc.tpipe
  %pool = asc.tbuf_pool : !asc.tbuf_pool<veccalc, 4>
  asc.tpipe_init_buf_pool %p, %pool, %c512 : !asc.tbuf_pool<veccalc, 4>, i32
  %a = asc.tbuf : !asc.tbuf<veccalc>
  %o = asc.tbuf : !asc.tbuf<veccalc>
  %c = asc.tbuf : !asc.tbuf<veccalc>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %first = arith.cmpi slt, %i, %k : i32
    scf.if %first {
      asc.tbuf_pool_init_tbuf %pool, %a, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
      asc.tbuf_pool_init_tbuf %pool, %o, %c256 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
      %ta = asc.tbuf_get %a, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
      %to = asc.tbuf_get %o, %c64 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
      asc.data_copy %ta, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
      asc.add %to, %ta, %ta, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
      asc.data_copy %gz, %to, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<veccalc, f32>, i32
    } else {
      asc.tbuf_pool_init_tbuf %pool, %c, %c512 : !asc.tbuf_pool<veccalc, 4>, !asc.tbuf<veccalc>, i32
      %tc = asc.tbuf_get %c, %c128 : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
      asc.add %tc, %tc, %tc, %c128 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
    }
    asc.tbuf_pool_reset %pool : !asc.tbuf_pool<veccalc, 4>
  }
  return
}

// -----

// Static tensors at one run-time base plus constant offsets: %inp takes
// [%base, %base + 256), %out [%base + 256, %base + 512), so the add into
// %out waits for nothing; %near at %base + 128 shares bytes with both (the
// add into it waits for the copy into %inp, MTE2_V, and for the copy out of
// %out, MTE3_V). %other, at another run-time address, may be anywhere:
// the copy into it waits for the adds (V_MTE2).
// CHECK-LABEL: func.func @runtime_base
// CHECK:      asc.data_copy %[[INP:[^,]*]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: asc.add %[[OUT:[^,]*]], %[[OUT]], %[[OUT]],
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_mte3 : i32
// CHECK-NEXT: asc.set_flag v_mte3, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag v_mte3, %[[E1]] : i32
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[OUT]], %{{.*}} : !asc.global_tensor<f32>
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: %[[E3:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte3_v : i32
// CHECK-NEXT: asc.set_flag mte3_v, %[[E3]] : i32
// CHECK-NEXT: asc.wait_flag mte3_v, %[[E3]] : i32
// CHECK-NEXT: asc.add %[[NEAR:[^,]*]], %[[NEAR]], %[[NEAR]],
// CHECK-NEXT: %[[E4:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_mte2 : i32
// CHECK-NEXT: asc.set_flag v_mte2, %[[E4]] : i32
// CHECK-NEXT: asc.wait_flag v_mte2, %[[E4]] : i32
// CHECK:      asc.data_copy %[[OTHER:[^,]*]], %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: return
func.func @runtime_base(%g: !asc.global_tensor<f32>, %base: i32, %addr: i32) {
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %inp = asc.local_tensor %base, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  %b256 = arith.addi %base, %c256 : i32
  %out = asc.local_tensor %b256, %c64 : i32, i32 -> !asc.local_tensor<vecout, f32>
  %b128 = arith.addi %c128, %base : i32
  %near = asc.local_tensor %b128, %c64 : i32, i32 -> !asc.local_tensor<veccalc, f32>
  %other = asc.local_tensor %addr, %c64 : i32, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %inp, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.add %out, %out, %out, %c64 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, i32
  asc.data_copy %g, %out, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  asc.add %near, %near, %near, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %other, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

// The same in a loop: with the base fixed for the kernel (%base), %inp and
// %out are apart in every iteration, and the copy into %inp does not wait
// for the copy out of %out of the previous one. With a base that changes
// from one iteration to the next (%i * 128), iteration i's %out takes the
// bytes of iteration i + 2's %inp: MTE3_MTE2.
// CHECK-LABEL: func.func @runtime_base_in_loop
// CHECK:      scf.for
// CHECK-NOT:  mte3_mte2
// CHECK:      }
// CHECK:      scf.for
// CHECK:      asc.set_flag mte3_mte2
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK:      return
func.func @runtime_base_in_loop(%g: !asc.global_tensor<f32>, %gz: !asc.global_tensor<f32>, %base: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %inp = asc.local_tensor %base, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
    %b256 = arith.addi %base, %c256 : i32
    %out = asc.local_tensor %b256, %c64 : i32, i32 -> !asc.local_tensor<vecout, f32>
    asc.data_copy %inp, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
    asc.add %out, %inp, %inp, %c64 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
    asc.data_copy %gz, %out, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  }
  scf.for %i = %c0 to %n step %c1 : i32 {
    %b = arith.muli %i, %c128 : i32
    %inp = asc.local_tensor %b, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
    %b256 = arith.addi %b, %c256 : i32
    %out = asc.local_tensor %b256, %c64 : i32, i32 -> !asc.local_tensor<vecout, f32>
    asc.data_copy %inp, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
    asc.add %out, %inp, %inp, %c64 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
    asc.data_copy %gz, %out, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  }
  return
}

// -----

// TBuf windows at one run-time offset plus constants: %w1 ([%off + 256,
// %off + 512)) is apart from %w0 ([%off, %off + 256)), %w2 (at %off + 128)
// is not (MTE2_V).
// CHECK-LABEL: func.func @runtime_offsets_tbuf
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: asc.add %[[W1:[^,]*]], %[[W1]], %[[W1]],
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.add %[[W2:[^,]*]], %[[W2]], %[[W2]],
// CHECK-NEXT: return
func.func @runtime_offsets_tbuf(%g: !asc.global_tensor<f32>, %off: i32) {
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %c4096 = arith.constant 4096 : i32
  %p = asc.tpipe : !asc.tpipe
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %b, %c4096 : !asc.tbuf<veccalc>, i32
  %o256 = arith.addi %off, %c256 : i32
  %o128 = arith.addi %off, %c128 : i32
  %w0 = asc.tbuf_get_with_offset %b, %c64, %off : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %w1 = asc.tbuf_get_with_offset %b, %c64, %o256 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %w2 = asc.tbuf_get_with_offset %b, %c64, %o128 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %w0, %g, %c64 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %w1, %w1, %w1, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.add %w2, %w2, %w2, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}

// -----

// A run-time length bounded by a constant (min(%n, 32) elements) ends by
// then: %w3 at 1024 with at most 32 float elements is apart from %w4 at
// 1152 (no flag). %w5 at 1024 with %n elements may reach it: the copy into
// %w5 waits for the add into %w4 (V_MTE2), and for the copy into %w3.
// CHECK-LABEL: func.func @bounded_length
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: asc.add %[[W4:[^,]*]], %[[W4]], %[[W4]],
// CHECK-NEXT: %[[E:.*]] = asc.tpipe_fetch_event_id %{{.*}}, v_mte2 : i32
// CHECK-NEXT: asc.set_flag v_mte2, %[[E]] : i32
// CHECK-NEXT: asc.wait_flag v_mte2, %[[E]] : i32
// CHECK-NEXT: asc.pipe_barrier mte2
// CHECK-NEXT: asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<veccalc, f32>
// CHECK-NEXT: return
func.func @bounded_length(%g: !asc.global_tensor<f32>, %n: i32) {
  %c32 = arith.constant 32 : i32
  %c1024 = arith.constant 1024 : i32
  %c1152 = arith.constant 1152 : i32
  %c4096 = arith.constant 4096 : i32
  %p = asc.tpipe : !asc.tpipe
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %b, %c4096 : !asc.tbuf<veccalc>, i32
  %m = arith.minsi %n, %c32 : i32
  %w3 = asc.tbuf_get_with_offset %b, %m, %c1024 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %w4 = asc.tbuf_get_with_offset %b, %c32, %c1152 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %w5 = asc.tbuf_get_with_offset %b, %n, %c1024 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %w3, %g, %c32 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %w4, %w4, %w4, %c32 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %w5, %g, %c32 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  return
}

// -----

// An allocation in a branch may or may not have run: %b starts at byte 0 or
// 256 and may take [256, 512), %s's bytes (the add into %b waits for the
// copy into %s, MTE2_V). An allocation in a loop takes new bytes in every
// iteration, without bound: the first may be %s's (PIPE_MTE2 before the
// loop; in it, the one value %l stands for all of them), and %t at 8192 may
// be among them (MTE2_V). %l never meets %b: one allocator.
// CHECK-LABEL: func.func @allocator_widened
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.add %[[B:[^,]*]], %[[B]], %[[B]],
// CHECK-NEXT: asc.pipe_barrier mte2
// CHECK-NEXT: scf.for
// CHECK-NEXT: asc.local_mem_allocator_alloc
// CHECK-NEXT: asc.pipe_barrier mte2
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: }
// CHECK-NEXT: asc.local_tensor
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.add %[[T:[^,]*]], %[[T]], %[[T]],
// CHECK-NEXT: return
func.func @allocator_widened(%g: !asc.global_tensor<f32>, %c: i1, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %c8192 = arith.constant 8192 : i32
  %p = asc.tpipe : !asc.tpipe
  %al = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
  scf.if %c {
    %a = asc.local_mem_allocator_alloc %al, %c64 : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<veccalc, f32>
    asc.add %a, %a, %a, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  }
  %b = asc.local_mem_allocator_alloc %al, %c64 : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<veccalc, f32>
  %s = asc.local_tensor %c256, %c64 : i32, i32 -> !asc.local_tensor<vecin, f32>
  asc.data_copy %s, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.add %b, %b, %b, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %l = asc.local_mem_allocator_alloc %al, %c64 : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecin, f32>
    asc.data_copy %l, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  }
  %t = asc.local_tensor %c8192, %c64 : i32, i32 -> !asc.local_tensor<veccalc, f32>
  asc.add %t, %t, %t, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}

// -----

// More lengths bounded by 32 (at most [1024, 1152), apart from %w4 at
// 1152): Python's min(n, 32) (a select of a comparison, here with two
// constant ops of one value, as before CSE), a signed
// remainder by 33, an unsigned min with 32. The add into %w4 waits for
// none of the copies (which wait for each other: PIPE_MTE2).
// CHECK-LABEL: func.func @bounded_length_forms
// CHECK:      asc.data_copy
// CHECK-NEXT: asc.pipe_barrier mte2
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.pipe_barrier mte2
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.add
// CHECK-NEXT: return
func.func @bounded_length_forms(%g: !asc.global_tensor<f32>, %n: i32) {
  %c32 = arith.constant 32 : i32
  %c33 = arith.constant 33 : i32
  %c1024 = arith.constant 1024 : i32
  %c1152 = arith.constant 1152 : i32
  %c4096 = arith.constant 4096 : i32
  %p = asc.tpipe : !asc.tpipe
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %b, %c4096 : !asc.tbuf<veccalc>, i32
  %c32b = arith.constant 32 : i32
  %gt = arith.cmpi sgt, %n, %c32 : i32
  %m1 = arith.select %gt, %c32b, %n : i32
  %m2 = arith.remsi %n, %c33 : i32
  %m3 = arith.minui %n, %c32 : i32
  %t1 = asc.tbuf_get_with_offset %b, %m1, %c1024 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %t2 = asc.tbuf_get_with_offset %b, %m2, %c1024 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %t3 = asc.tbuf_get_with_offset %b, %m3, %c1024 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %w4 = asc.tbuf_get_with_offset %b, %c32, %c1152 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %t1, %g, %c32 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %t2, %g, %c32 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.data_copy %t3, %g, %c32 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %w4, %w4, %w4, %c32 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}

// -----

// Near misses: an unsigned min of %n and min(%n, 32) is not bounded by 32
// (min(%n, 32) is negative for a negative %n, which is large unsigned, and
// the min is then %n), as a select or minui: each add into %w4 waits for
// the copy before it (MTE2_V).
// CHECK-LABEL: func.func @unsigned_min_of_a_bound
// CHECK:      asc.data_copy
// CHECK-NEXT: %[[E1:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E1]] : i32
// CHECK-NEXT: asc.add
// CHECK:      asc.data_copy
// CHECK-NEXT: %[[E2:.*]] = asc.tpipe_fetch_event_id %{{.*}}, mte2_v : i32
// CHECK-NEXT: asc.set_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.wait_flag mte2_v, %[[E2]] : i32
// CHECK-NEXT: asc.add
// CHECK-NEXT: return
func.func @unsigned_min_of_a_bound(%g: !asc.global_tensor<f32>, %n: i32) {
  %c32 = arith.constant 32 : i32
  %c1024 = arith.constant 1024 : i32
  %c1152 = arith.constant 1152 : i32
  %c4096 = arith.constant 4096 : i32
  %p = asc.tpipe : !asc.tpipe
  %b = asc.tbuf : !asc.tbuf<veccalc>
  asc.tpipe_init_tbuf %p, %b, %c4096 : !asc.tbuf<veccalc>, i32
  %k = arith.minsi %n, %c32 : i32
  %u = arith.minui %k, %n : i32
  %lt = arith.cmpi ult, %k, %n : i32
  %v = arith.select %lt, %k, %n : i32
  %t4 = asc.tbuf_get_with_offset %b, %u, %c1024 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %t5 = asc.tbuf_get_with_offset %b, %v, %c1024 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  %w4 = asc.tbuf_get_with_offset %b, %c32, %c1152 : !asc.tbuf<veccalc>, i32, i32 -> !asc.local_tensor<veccalc, f32>
  asc.data_copy %t4, %g, %c32 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %w4, %w4, %w4, %c32 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %t5, %g, %c32 : !asc.local_tensor<veccalc, f32>, !asc.global_tensor<f32>, i32
  asc.add %w4, %w4, %w4, %c32 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  return
}
