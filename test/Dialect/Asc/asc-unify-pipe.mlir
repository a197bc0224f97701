// RUN: ascir-opt %s -asc-unify-pipe | FileCheck %s

// CHECK-LABEL: func.func @two_pipes
// CHECK-NEXT: %[[P:.*]] = asc.tpipe
// CHECK-NOT: asc.tpipe :
// CHECK: asc.tpipe_init_buffer %[[P]]
// CHECK: asc.tpipe_init_buffer %[[P]]
func.func @two_pipes(%q: !asc.tque<vecin, 1>, %r: !asc.tque<vecout, 1>) {
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %p = asc.tpipe : !asc.tpipe
  asc.tpipe_init_buffer %p, %q, %c1, %c256 : !asc.tque<vecin, 1>, i32, i32
  %p2 = asc.tpipe : !asc.tpipe
  asc.tpipe_init_buffer %p2, %r, %c1, %c256 : !asc.tque<vecout, 1>, i32, i32
  return
}
