// RUN: ascir-opt %s -split-input-file -asc-materialize-auto-tensors -verify-diagnostics | FileCheck %s

// VECIN and VECOUT tensors get a depth-1 queue, VECCALC ones a TBuf; all are
// created at the entry, in declaration order, on the kernel's one TPipe.
// CHECK-LABEL: func.func @static
// CHECK-NEXT: %[[P:.*]] = asc.tpipe
// CHECK: %[[QI:.*]] = asc.tque : !asc.tque<vecin, 1>
// CHECK: asc.tpipe_init_buffer %[[P]], %[[QI]], %{{.*}}, %{{.*}} : !asc.tque<vecin, 1>
// CHECK: %[[B:.*]] = asc.tbuf : !asc.tbuf<veccalc>
// CHECK: asc.tpipe_init_tbuf %[[P]], %[[B]]
// CHECK: %[[QO:.*]] = asc.tque : !asc.tque<vecout, 1>
// CHECK: asc.tpipe_init_buffer %[[P]], %[[QO]]
// CHECK: %[[IN:.*]] = asc.alloc_tensor %[[QI]] {asc.auto_tensor}
// CHECK: %[[TMP:.*]] = asc.tbuf_get %[[B]], %{{.*}} : !asc.tbuf<veccalc>, i32 -> !asc.local_tensor<veccalc, f32>
// CHECK: %[[OUT:.*]] = asc.alloc_tensor %[[QO]] {asc.auto_tensor}
// CHECK: asc.data_copy %[[IN]]
// CHECK: asc.free_tensor %[[QI]], %[[IN]] {asc.auto_tensor}
// CHECK-NEXT: asc.free_tensor %[[QO]], %[[OUT]] {asc.auto_tensor}
// CHECK-NEXT: return
func.func @static(%g: !asc.global_tensor<f32>) {
  %c64 = arith.constant 64 : i32
  %in = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<vecin, f32>
  %tmp = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<veccalc, f32>
  %out = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<vecout, f32>
  asc.data_copy %in, %g, %c64 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.add %tmp, %in, %in, %c64 : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.add %out, %tmp, %tmp, %c64 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.data_copy %g, %out, %c64 : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  return
}

// -----

// Runtime dimensions: the bytes are computed after their definitions, the
// queue is created there (the kernel's own TPipe is reused), the tensor is
// allocated and freed in the loop body that declares it.
// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT: %[[P:.*]] = asc.tpipe
// CHECK-NOT: asc.tpipe :
// CHECK: %[[N:.*]] = arith.muli %arg1, %{{.*}} : i32
// CHECK-NEXT: %[[C:.*]] = arith.trunci %arg2 : i64 to i32
// CHECK-NEXT: %[[NC:.*]] = arith.muli %[[N]], %[[C]] : i32
// CHECK: %[[ELEMS:.*]] = arith.muli %[[NC]], %{{.*}} : i32
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[BYTES:.*]] = arith.muli %[[ELEMS]], %[[TWO]] : i32
// CHECK-NEXT: %[[Q:.*]] = asc.tque : !asc.tque<vecin, 1>
// CHECK: asc.tpipe_init_buffer %[[P]], %[[Q]], %{{.*}}, %[[BYTES]]
// CHECK: scf.for
// CHECK-NEXT: %[[T:.*]] = asc.alloc_tensor %[[Q]] {asc.auto_tensor} : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f16>
// CHECK-NEXT: asc.data_copy %[[T]]
// CHECK-NEXT: asc.free_tensor %[[Q]], %[[T]] {asc.auto_tensor}
func.func @dynamic(%g: !asc.global_tensor<f16>, %rows: i32, %cols: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %p = asc.tpipe : !asc.tpipe
  %n = arith.muli %rows, %c1 : i32
  scf.for %i = %c0 to %rows step %c1 : i32 {
    %t = asc.local_tensor_auto %n, %cols : i32, i64 -> !asc.local_tensor<vecin, f16>
    asc.data_copy %t, %g, %n : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, i32
  }
  return
}

// -----

// The Python variable names replace "a LocalTensorAuto" when the frontend
// set them (python/test/test_auto_sync.py).
func.func @too_big() {
  %c32768 = arith.constant 32768 : i32
  %c2 = arith.constant 2 : i32
  // expected-note@+1 {{a LocalTensorAuto float32[32768]: 131072 bytes}}
  %a = asc.local_tensor_auto %c32768 : i32 -> !asc.local_tensor<veccalc, f32>
  // expected-error@+2 {{LocalTensorAuto: the LocalTensorAuto tensors of this kernel need 262144 bytes of the Unified Buffer, which has 196608 (a LocalTensorAuto float32[32768]: 131072 bytes, a LocalTensorAuto float16[32768, 2]: 131072 bytes); each tensor has its own buffer for the whole kernel}}
  // expected-note@+1 {{a LocalTensorAuto float16[32768, 2]: 131072 bytes}}
  %b = asc.local_tensor_auto %c32768, %c2 : i32, i32 -> !asc.local_tensor<veccalc, f16>
  return
}

// -----

func.func @in_loop(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-error@+1 {{LocalTensorAuto: dimension 0 of the shape is computed inside a loop or branch; a LocalTensorAuto's buffer is created once, at the kernel's entry, so its runtime dimensions must be known there}}
    %t = asc.local_tensor_auto %i : i32 -> !asc.local_tensor<veccalc, f32>
  }
  return
}

// -----

// In a kernel with a Matmul the queues are created right after the
// registration (in its block), which the AIC of a MIX kernel never passes;
// the runtime dimension defined before the branch is visible there.
// CHECK-LABEL: func.func @matmul
// CHECK-NEXT: %[[P:.*]] = asc.tpipe
// CHECK: scf.if
// CHECK-NEXT: asc.matmul :
// CHECK-NEXT: asc.regist_matmul %[[P]]
// CHECK: %[[Q:.*]] = asc.tque : !asc.tque<vecin, 1>
// CHECK: asc.tpipe_init_buffer %[[P]], %[[Q]]
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[T:.*]] = asc.alloc_tensor %[[Q]] {asc.auto_tensor}
// CHECK-NEXT: asc.matmul_call %{{.*}}, "GetTensorC"(%[[T]]
func.func @matmul(%ws: !asc.gm_addr<ui8>, %go: i1, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %false = arith.constant false
  %c0_i8 = arith.constant 0 : i8
  %p = asc.tpipe : !asc.tpipe
  %len = arith.muli %n, %c1 : i32
  scf.if %go {
    %mm = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>
    asc.regist_matmul %p, %ws, %mm : !asc.tpipe, !asc.gm_addr<ui8>, !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %t = asc.local_tensor_auto %len : i32 -> !asc.local_tensor<vecin, f32>
      asc.matmul_call %mm, "GetTensorC"(%t, %c0_i8, %false : !asc.local_tensor<vecin, f32>, i8, i1) {sync = true} : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>
    }
  }
  return
}

// -----

func.func @before_registration(%ws: !asc.gm_addr<ui8>) {
  %c64 = arith.constant 64 : i32
  %p = asc.tpipe : !asc.tpipe
  // expected-error@+1 {{LocalTensorAuto: in a kernel with an asc.adv.Matmul a LocalTensorAuto is declared after register_matmul (in its block or nested under it): its buffer is created right after the registration, which the cube core (AIC) of a MIX kernel never passes (it serves the Matmul there and leaves the kernel)}}
  %t = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<vecin, f32>
  %mm = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>
  asc.regist_matmul %p, %ws, %mm : !asc.tpipe, !asc.gm_addr<ui8>, !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {}>
  return
}

// -----

func.func @no_registration(%c: !asc.global_tensor<f32>) {
  %c64 = arith.constant 64 : i32
  %mm = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, false, none, gm, nd, f32, false, none, gm, nd, f32, false, none, {}>
  // expected-error@+1 {{LocalTensorAuto: in a kernel with an asc.adv.Matmul a LocalTensorAuto needs asc.adv.register_matmul before it: its buffer is created right after the registration, which the cube core (AIC) of a MIX kernel never passes}}
  %t = asc.local_tensor_auto %c64 : i32 -> !asc.local_tensor<vecout, f32>
  return
}
