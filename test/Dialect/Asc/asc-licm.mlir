// RUN: ascir-opt %s -asc-licm | FileCheck %s
// RUN: ascir-opt %s -loop-invariant-code-motion | FileCheck %s --check-prefix=UPSTREAM

// A remainder by a value that may be 0 stays in its loop (our remainder is
// checked: hoisted, it would fault in a loop that makes no iteration); one by
// a non-zero constant, and other pure ops, are hoisted as upstream does.
// Upstream hoists every remainder.
// CHECK-LABEL: func.func @remainders
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG:     %[[K:.*]] = arith.remsi %arg0, %[[C7]] : i32
// CHECK-DAG:     %[[SUM:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK:         scf.for
// CHECK-NEXT:      %[[R:.*]] = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT:      %[[U:.*]] = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT:      %[[Z:.*]] = arith.remsi %arg0, %{{.*}} : i32
// CHECK-NEXT:      func.call @use(%[[R]], %[[U]], %[[Z]], %[[K]], %[[SUM]])
// UPSTREAM-LABEL: func.func @remainders
// UPSTREAM-COUNT-5: arith.{{remsi|remui|addi}}
// UPSTREAM:         scf.for
// UPSTREAM-NEXT:      func.call @use
func.func @remainders(%c: i32, %x: i32, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %zero = arith.constant 0 : i32
  scf.for %k = %c0 to %m step %c1 {
    %r = arith.remsi %c, %x : i32
    %u = arith.remui %c, %x : i32
    %z = arith.remsi %c, %zero : i32
    %k7 = arith.remsi %c, %c7 : i32
    %sum = arith.addi %c, %x : i32
    func.call @use(%r, %u, %z, %k7, %sum) : (i32, i32, i32, i32, i32) -> ()
  }
  return
}

// Nested loops: an invariant remainder stays in the inner loop, the loop's
// other invariant ops leave both loops.
// CHECK-LABEL: func.func @nested
// CHECK:         arith.muli %arg0, %arg1
// CHECK:         scf.for
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        arith.remsi %arg0, %arg1
func.func @nested(%c: i32, %x: i32, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %m step %c1 {
      %p = arith.muli %c, %x : i32
      %r = arith.remsi %c, %x : i32
      func.call @use(%r, %p, %p, %p, %p) : (i32, i32, i32, i32, i32) -> ()
    }
  }
  return
}
func.func private @use(i32, i32, i32, i32, i32)

// A shift by a count that may be negative stays in its loop (pyasc::shl/shr
// stop the core on a negative count: hoisted, the shift would fault in a loop
// that makes no iteration); one by a constant count in range is hoisted.
// Upstream hoists every shift.
// CHECK-LABEL: func.func @shifts
// CHECK-DAG:     %[[K:.*]] = arith.shrsi %arg0, %{{.*}} : i32
// CHECK:         scf.for
// CHECK-NEXT:      %[[L:.*]] = arith.shli %arg0, %arg1 : i32
// CHECK-NEXT:      %[[R:.*]] = arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT:      %[[U:.*]] = arith.shrui %arg0, %arg1 : i32
// CHECK-NEXT:      %[[W:.*]] = arith.shli %arg0, %{{.*}} : i32
// CHECK-NEXT:      func.call @use(%[[L]], %[[R]], %[[U]], %[[W]], %[[K]])
// UPSTREAM-LABEL: func.func @shifts
// UPSTREAM-COUNT-5: arith.sh{{li|rsi|rui}}
// UPSTREAM:         scf.for
// UPSTREAM-NEXT:      func.call @use
func.func @shifts(%c: i32, %x: i32, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : i32
  %c32 = arith.constant 32 : i32
  scf.for %k = %c0 to %m step %c1 {
    %l = arith.shli %c, %x : i32
    %r = arith.shrsi %c, %x : i32
    %u = arith.shrui %c, %x : i32
    %w = arith.shli %c, %c32 : i32
    %k3 = arith.shrsi %c, %c3 : i32
    func.call @use(%l, %r, %u, %w, %k3) : (i32, i32, i32, i32, i32) -> ()
  }
  return
}
