// RUN: ascir-opt %s -split-input-file -asc-verify-capacity -verify-diagnostics | FileCheck %s
// RUN: ascir-opt %s -split-input-file -asc-verify-capacity="ub-size=262144 l1-size=1048576" | FileCheck %s --check-prefix=LARGE

// The pass changes nothing; with larger memories nothing overflows.
// LARGE-COUNT-4: asc.local_tensor
// LARGE-COUNT-3: asc.tpipe_init_buffer

// CHECK-LABEL: func.func @fits_end_of_ub
func.func @fits_end_of_ub() {
  %addr = arith.constant 196352 : i32
  %n = arith.constant 64 : i32
  // CHECK: asc.local_tensor
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecout, f32>
  return
}

// -----

func.func @overflows_ub() {
  %addr = arith.constant 196480 : i32
  %n = arith.constant 64 : i32
  // expected-error@+1 {{LocalTensor: the tensor occupies bytes [196480, 196736) of Hardware.UB, but Hardware.UB has only 196608 bytes}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @overflows_l1() {
  %addr = arith.constant 524256 : i32
  %n = arith.constant 32 : i32
  // expected-error@+1 {{LocalTensor: the tensor occupies bytes [524256, 524320) of Hardware.L1, but Hardware.L1 has only 524160 bytes}}
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<b1, f16>
  return
}

// -----

// Only constant placements can be checked.
// CHECK-LABEL: func.func @dynamic_address
func.func @dynamic_address(%addr: i32) {
  %n = arith.constant 1048576 : i32
  // CHECK: asc.local_tensor
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<vecin, f32>
  return
}

// -----

// Queue buffers add up per memory: 2 × 65536 bytes of vecin and 2 × 32768
// bytes of vecout make 196608 bytes, exactly UB; L1 is counted apart.
// CHECK-LABEL: func.func @queues_fill_ub
func.func @queues_fill_ub(%pipe: !asc.tpipe, %qx: !asc.tque<vecin, 2>, %qz: !asc.tque<vecout, 2>,
                          %qa: !asc.tque<a1, 1>) {
  %c2 = arith.constant 2 : i32
  %c1 = arith.constant 1 : i32
  %big = arith.constant 65536 : i32
  %half = arith.constant 32768 : i32
  asc.tpipe_init_buffer %pipe, %qx, %c2, %big : !asc.tque<vecin, 2>, i32, i32
  asc.tpipe_init_buffer %pipe, %qz, %c2, %half : !asc.tque<vecout, 2>, i32, i32
  asc.tpipe_init_buffer %pipe, %qa, %c1, %big : !asc.tque<a1, 1>, i32, i32
  return
}

// -----

func.func @queues_overflow_ub(%pipe: !asc.tpipe, %qx: !asc.tque<vecin, 2>, %qz: !asc.tque_bind<vecin, vecout, 1>) {
  %c2 = arith.constant 2 : i32
  %len = arith.constant 65536 : i32
  // expected-note@+1 {{init_buffer of 2 × 65536 bytes for a TPosition.VECIN queue}}
  asc.tpipe_init_buffer %pipe, %qx, %c2, %len : !asc.tque<vecin, 2>, i32, i32
  // expected-error@+1 {{TPipe.init_buffer: init_buffer of 2 × 65536 bytes for a TPosition.VECIN-to-TPosition.VECOUT queue brings Hardware.UB use to 262144 bytes; Hardware.UB has 196608: use fewer or smaller buffers}}
  asc.tpipe_init_buffer %pipe, %qz, %c2, %len : !asc.tque_bind<vecin, vecout, 1>, i32, i32
  return
}

// -----

// Lengths round up to 32 bytes: 5 × 39300 bytes take 5 × 39328.
func.func @rounding_overflows(%pipe: !asc.tpipe, %q: !asc.tque<vecout, 1>) {
  %c5 = arith.constant 5 : i32
  %len = arith.constant 39300 : i32
  // expected-error@+1 {{TPipe.init_buffer: init_buffer of 5 × 39328 bytes for a TPosition.VECOUT queue brings Hardware.UB use to 196640 bytes; Hardware.UB has 196608}}
  asc.tpipe_init_buffer %pipe, %q, %c5, %len : !asc.tque<vecout, 1>, i32, i32
  return
}

// -----

// TBufs and pools count too; the overflow lists every earlier contributor.
func.func @mixed_overflow(%pipe: !asc.tpipe, %b: !asc.tbuf<veccalc>, %pool: !asc.tbuf_pool<vecin, 4>,
                          %q: !asc.tque<vecin, 1>) {
  %c1 = arith.constant 1 : i32
  %len = arith.constant 65536 : i32
  // expected-note@+1 {{init_buffer of 65536 bytes for a TPosition.VECCALC TBuf}}
  asc.tpipe_init_tbuf %pipe, %b, %len : !asc.tbuf<veccalc>, i32
  // expected-note@+1 {{init_buf_pool of 65536 bytes for a TPosition.VECIN TBufPool}}
  asc.tpipe_init_buf_pool %pipe, %pool, %len : !asc.tbuf_pool<vecin, 4>, i32
  // A pool sharing another pool's memory and buffers carved from a pool
  // take nothing new.
  asc.tpipe_init_buf_pool %pipe, %pool, %len, %pool : !asc.tbuf_pool<vecin, 4>, i32, !asc.tbuf_pool<vecin, 4>
  asc.tbuf_pool_init_buffer %pool, %q, %c1, %len : !asc.tbuf_pool<vecin, 4>, !asc.tque<vecin, 1>, i32, i32
  %len2 = arith.constant 65544 : i32
  // expected-error@+1 {{TPipe.init_buffer: init_buffer of 65568 bytes for a TPosition.VECCALC TBuf brings Hardware.UB use to 196640 bytes; Hardware.UB has 196608: use fewer or smaller buffers}}
  asc.tpipe_init_tbuf %pipe, %b, %len2 : !asc.tbuf<veccalc>, i32
  return
}

// -----

// A LocalMemAllocator hands out its memory from byte 0 in order, apart from
// the TPipe: each allocation is a static tensor.
func.func @allocator_overflows() {
  %n = arith.constant 16384 : i32
  %a = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
  %t0 = asc.local_mem_allocator_alloc %a, %n : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecout, f64>
  // expected-error@+1 {{LocalMemAllocator.alloc: the tensor occupies bytes [131072, 262144) of Hardware.UB (a LocalMemAllocator hands out its memory from byte 0 in order), but Hardware.UB has only 196608 bytes: use fewer or smaller tensors}}
  %t1 = asc.local_mem_allocator_alloc %a, %n : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecout, f64>
  return
}

// -----

// CHECK-LABEL: func.func @allocator_fills_ub
func.func @allocator_fills_ub() {
  %n = arith.constant 12288 : i32
  %a = asc.local_mem_allocator : !asc.local_mem_allocator<ub>
  // CHECK-COUNT-2: asc.local_mem_allocator_alloc
  %t0 = asc.local_mem_allocator_alloc %a, %n : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecin, f64>
  %t1 = asc.local_mem_allocator_alloc %a, %n : !asc.local_mem_allocator<ub>, i32 -> !asc.local_tensor<vecout, f64>
  return
}

// -----

// A TPipe places its buffers from byte 0: a static tensor above them does
// not add to them (the queues take [0, 4096), the tensor [192512, 192768)).
// CHECK-LABEL: func.func @static_above_queue
func.func @static_above_queue(%pipe: !asc.tpipe, %q: !asc.tque<vecin, 2>) {
  %c2 = arith.constant 2 : i32
  %len = arith.constant 2048 : i32
  %addr = arith.constant 192512 : i32
  %n = arith.constant 64 : i32
  // CHECK: asc.tpipe_init_buffer
  asc.tpipe_init_buffer %pipe, %q, %c2, %len : !asc.tque<vecin, 2>, i32, i32
  // CHECK: asc.local_tensor
  %t = asc.local_tensor %addr, %n : i32, i32 -> !asc.local_tensor<veccalc, f32>
  return
}

// -----

// The TPipe's buffers alone overflow; a static tensor does not add to them.
func.func @static_and_queue_overflow(%pipe: !asc.tpipe, %q: !asc.tque<vecin, 2>) {
  %c2 = arith.constant 2 : i32
  %c0 = arith.constant 196352 : i32
  %n = arith.constant 64 : i32
  %len = arith.constant 98320 : i32
  %t = asc.local_tensor %c0, %n : i32, i32 -> !asc.local_tensor<veccalc, f32>
  // expected-error@+1 {{TPipe.init_buffer: init_buffer of 2 × 98336 bytes for a TPosition.VECIN queue brings Hardware.UB use to 196672 bytes; Hardware.UB has 196608: use fewer or smaller buffers}}
  asc.tpipe_init_buffer %pipe, %q, %c2, %len : !asc.tque<vecin, 2>, i32, i32
  return
}

// -----

// A static tensor made before the buffers that share its bytes: a warning
// at the buffer, with a note at the tensor.
func.func @queue_over_static(%pipe: !asc.tpipe, %q: !asc.tque<vecin, 2>, %b: !asc.tbuf<veccalc>) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %n = arith.constant 16392 : i32
  %len = arith.constant 65536 : i32
  // expected-note@+1 {{the static local tensor}}
  %t = asc.local_tensor %c0, %n : i32, i32 -> !asc.local_tensor<veccalc, f32>
  // expected-warning@+1 {{TPipe.init_buffer: init_buffer of 2 × 65536 bytes for a TPosition.VECIN queue takes bytes [0, 131072) of Hardware.UB (a TPipe places its buffers from byte 0 of each memory), which the static local tensor at bytes [0, 65568) of Hardware.UB also uses: each may overwrite the other. Place the tensor at byte 131072 or above}}
  asc.tpipe_init_buffer %pipe, %q, %c2, %len : !asc.tque<vecin, 2>, i32, i32
  // Each tensor is warned about once.
  %c32 = arith.constant 32 : i32
  asc.tpipe_init_tbuf %pipe, %b, %c32 : !asc.tbuf<veccalc>, i32
  return
}

// -----

// A static tensor made after buffers it shares bytes with: a warning at the
// tensor, with a note at each buffer it overlaps. Other memories are apart.
func.func @static_over_queue(%pipe: !asc.tpipe, %q: !asc.tque<vecin, 2>, %b: !asc.tbuf<veccalc>,
                             %qa: !asc.tque<a1, 1>) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %len = arith.constant 1024 : i32
  %n = arith.constant 512 : i32
  asc.tpipe_init_buffer %pipe, %qa, %c1, %len : !asc.tque<a1, 1>, i32, i32
  // expected-note@+1 {{init_buffer of 2 × 1024 bytes for a TPosition.VECIN queue takes bytes [0, 2048) of Hardware.UB}}
  asc.tpipe_init_buffer %pipe, %q, %c2, %len : !asc.tque<vecin, 2>, i32, i32
  // expected-note@+1 {{init_buffer of 1024 bytes for a TPosition.VECCALC TBuf takes bytes [2048, 3072) of Hardware.UB}}
  asc.tpipe_init_tbuf %pipe, %b, %len : !asc.tbuf<veccalc>, i32
  // expected-warning@+1 {{LocalTensor: the tensor occupies bytes [1024, 3072) of Hardware.UB, which the TPipe's buffers at bytes [0, 3072) of Hardware.UB also use (a TPipe places its buffers from byte 0 of each memory): each may overwrite the other. Place the tensor at byte 3072 or above}}
  %t = asc.local_tensor %len, %n : i32, i32 -> !asc.local_tensor<vecout, f32>
  // Ends where the buffers start: no overlap.
  %t2 = asc.local_tensor %len, %n : i32, i32 -> !asc.local_tensor<a1, f32>
  return
}

// -----

// Reset and destroy give every buffer back.
// CHECK-LABEL: func.func @reset_restarts
func.func @reset_restarts(%pipe: !asc.tpipe, %q: !asc.tque<vecin, 2>) {
  %c2 = arith.constant 2 : i32
  %len = arith.constant 65536 : i32
  asc.tpipe_init_buffer %pipe, %q, %c2, %len : !asc.tque<vecin, 2>, i32, i32
  asc.tpipe_reset %pipe
  asc.tpipe_init_buffer %pipe, %q, %c2, %len : !asc.tque<vecin, 2>, i32, i32
  asc.tpipe_destroy %pipe
  asc.tpipe_init %pipe
  asc.tpipe_init_buffer %pipe, %q, %c2, %len : !asc.tque<vecin, 2>, i32, i32
  return
}

// -----

// Buffers with a dynamic size are not counted.
// CHECK-LABEL: func.func @dynamic_length
func.func @dynamic_length(%pipe: !asc.tpipe, %q: !asc.tque<vecin, 2>, %len: i32) {
  %c64 = arith.constant 64 : i32
  asc.tpipe_init_buffer %pipe, %q, %c64, %len : !asc.tque<vecin, 2>, i32, i32
  return
}
