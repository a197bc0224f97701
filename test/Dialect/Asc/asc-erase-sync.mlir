// RUN: ascir-opt %s -asc-erase-sync | FileCheck %s

// User flags and barriers go; queue operations and event ids stay.
// CHECK-LABEL: func.func @erase
// CHECK-NOT: asc.set_flag
// CHECK-NOT: asc.wait_flag
// CHECK-NOT: asc.pipe_barrier
// CHECK: asc.enque
// CHECK: asc.deque
// CHECK: return
func.func @erase(%q: !asc.tque<vecin, 1>) {
  %c0 = arith.constant 0 : i32
  asc.set_flag mte2_v, %c0 : i32
  asc.wait_flag mte2_v, %c0 : i32
  asc.pipe_barrier all
  %t = asc.alloc_tensor %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  asc.enque %q, %t : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  %u = asc.deque %q : !asc.tque<vecin, 1> -> !asc.local_tensor<vecin, f32>
  asc.free_tensor %q, %u : !asc.tque<vecin, 1>, !asc.local_tensor<vecin, f32>
  return
}
