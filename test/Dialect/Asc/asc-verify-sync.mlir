// RUN: ascir-opt %s -split-input-file -asc-verify-sync -verify-diagnostics

func.func @correct(%p: !asc.tpipe, %q: !asc.tque<vecin, 1>) {
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  asc.enque %q, %t : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  %u = asc.deque %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %u : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @no_free(%q: !asc.tque<vecin, 1>) {
  // expected-warning@+1 {{verify_sync: a tensor is allocated and never freed (free_tensor) in this block}}
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @double_free(%q: !asc.tque<vecin, 1>) {
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %t : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  // expected-warning@+1 {{verify_sync: free_tensor of a tensor that was already freed (double free)}}
  asc.free_tensor %q, %t : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @no_deque(%q: !asc.tque<vecin, 1>) {
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  // expected-warning@+1 {{verify_sync: a tensor is enqueued and never dequeued in this block}}
  asc.enque %q, %t : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @deque_first(%q: !asc.tque<vecin, 1>) {
  // expected-warning@+1 {{verify_sync: deque from a queue that nothing was enqueued to in this block (enque before deque)}}
  %u = asc.deque %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @use_while_queued(%q: !asc.tque<vecin, 1>) {
  %c64 = arith.constant 64 : i32
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  asc.enque %q, %t : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  // expected-warning@+1 {{verify_sync: a tensor is used between its enque and its deque; use the tensor deque returns}}
  asc.add %t, %t, %t, %c64 : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  %u = asc.deque %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %u : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @user_positions_match(%q: !asc.tque_bind<vecin, vecout, 1>) {
  %t = asc.alloc_tensor %q : !asc.tque_bind<vecin, vecout, 1> -> !asc.local_tensor<vecin, f32>
  asc.enque %q, %t {src_user_pos = #asc<position vecin>, dst_user_pos = #asc<position vecout>} : !asc.tque_bind<vecin, vecout, 1>, !asc.local_tensor<vecin, f32>
  %u = asc.deque %q {src_user_pos = #asc<position vecin>, dst_user_pos = #asc<position vecout>} : !asc.tque_bind<vecin, vecout, 1> -> !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %u : !asc.tque_bind<vecin, vecout, 1>, !asc.local_tensor<vecin, f32>
  return
}

// -----

func.func @user_positions_differ(%q: !asc.tque<vecin, 1>) {
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  asc.enque %q, %t {src_user_pos = #asc<position vecout>, dst_user_pos = #asc<position gm>} : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32> loc("k.py":7:0)
  // expected-warning@+1 {{verify_sync: deque without user positions of a tensor enqueued with user positions (TPosition.VECOUT, TPosition.GM) (line 7): a deque waits the event of its own positions, not always the one the enque set; give deque the user positions of its enque}}
  %u = asc.deque %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %u : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}

// -----

// The in-place DeQue(t) of a depth-0 queue takes no user positions: the
// warning's advice is about the enque.
func.func @depth_zero_user_positions(%q: !asc.tque<vecin, 0>) {
  %t = asc.alloc_tensor %q {in_place} : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  asc.enque %q, %t {src_user_pos = #asc<position veccalc>, dst_user_pos = #asc<position gm>} : !asc.tque<vecin, 0>, !asc.local_tensor<vecin, f32> loc("k.py":9:0)
  // expected-warning@+1 {{verify_sync: in-place deque of a tensor enqueued with user positions (TPosition.VECCALC, TPosition.GM) (line 9): it waits the event of the queue's own positions, not always the one the enque set; enque the tensor without user positions, or use a queue of depth 1 or more and give its deque the user positions of the enque}}
  %d = asc.deque %q from %t : !asc.local_tensor<vecin, f32> : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %d : !asc.tque<vecin, 0>, !asc.local_tensor<vecin, f32>
  return
}

// -----

// A depth-0 queue's DeQue(t) takes t's buffer, not the oldest: the buffer
// left in the queue is the first one.
func.func @depth_zero_deque_takes_its_tensor(%q: !asc.tque<vecin, 0>) {
  %a = asc.alloc_tensor %q {in_place} : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  %b = asc.alloc_tensor %q {in_place} : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  // expected-warning@+1 {{verify_sync: a tensor is enqueued and never dequeued in this block}}
  asc.enque %q, %a : !asc.tque<vecin, 0>, !asc.local_tensor<vecin, f32>
  asc.enque %q, %b : !asc.tque<vecin, 0>, !asc.local_tensor<vecin, f32>
  %d = asc.deque %q from %b : !asc.local_tensor<vecin, f32> : !asc.tque<vecin, 0> -> !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %d : !asc.tque<vecin, 0>, !asc.local_tensor<vecin, f32>
  return
}
