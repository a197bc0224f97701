// RUN: ascir-opt %s -split-input-file -verify-diagnostics

// One case per verifier rule of the inter-block sync ops (GM flag area).

func.func @ib_set_ub_position(%gm: !asc.global_tensor<i32>, %b: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %l1 = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<a1, i32>
  // expected-error@+1 {{ib_set: 'ub_workspace'}}
  asc.ib_set %gm, %l1, %b, %c0 : !asc.global_tensor<i32>, !asc.local_tensor<a1, i32>, i32, i32
  return
}

// -----

func.func @ib_wait_element_type(%gm: !asc.global_tensor<f32>, %b: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %ub = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<veccalc, f32>
  // expected-error@+1 {{ib_wait: 'ub_workspace'}}
  asc.ib_wait %gm, %ub, %b, %c0 : !asc.global_tensor<f32>, !asc.local_tensor<veccalc, f32>, i32, i32
  return
}

// -----

func.func @ib_set_negative_event(%gm: !asc.global_tensor<i32>, %b: i32) {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %c64 = arith.constant 64 : i32
  %ub = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<veccalc, i32>
  // expected-error@+1 {{ib_set: 'event_id' must not be negative, but got -1}}
  asc.ib_set %gm, %ub, %b, %cm1 : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32, i32
  return
}

// -----

func.func @ib_wait_negative_block(%gm: !asc.global_tensor<i32>) {
  %c0 = arith.constant 0 : i32
  %cm2 = arith.constant -2 : i32
  %c64 = arith.constant 64 : i32
  %ub = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<veccalc, i32>
  // expected-error@+1 {{ib_wait: 'block_idx' must not be negative, but got -2}}
  asc.ib_wait %gm, %ub, %cm2, %c0 : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32, i32
  return
}

// -----

func.func @ib_set_not_aiv_only(%gm: !asc.global_tensor<i32>, %b: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %ub = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<veccalc, i32>
  // expected-error@+1 {{ib_set: 'is_aiv_only' must be True: the GM-flag form synchronises the vector cores (AIVs), which stage the flags through the Unified Buffer; use sync_all(is_aiv_only=False) (the hardware form) to include the cube cores}}
  asc.ib_set %gm, %ub, %b, %c0 {is_aiv_only = false} : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32, i32
  return
}

// -----

func.func @sync_all_soft_negative(%gm: !asc.global_tensor<i32>) {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %c64 = arith.constant 64 : i32
  %ub = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<veccalc, i32>
  // expected-error@+1 {{sync_all: 'used_cores' must not be negative, but got -1}}
  asc.sync_all_soft %gm, %ub, %cm1 : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32
  return
}

// -----

func.func @sync_all_soft_not_aiv_only(%gm: !asc.global_tensor<i32>) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %ub = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<veccalc, i32>
  // expected-error@+1 {{sync_all: 'is_aiv_only' must be True}}
  asc.sync_all_soft %gm, %ub, %c0 {is_aiv_only = false} : !asc.global_tensor<i32>, !asc.local_tensor<veccalc, i32>, i32
  return
}

// -----

func.func @notify_ub_position(%gm: !asc.global_tensor<i32>) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %l1 = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<b1, i32>
  // expected-error@+1 {{notify_next_block: 'ub_workspace'}}
  asc.notify_next_block %gm, %l1 : !asc.global_tensor<i32>, !asc.local_tensor<b1, i32>
  return
}
