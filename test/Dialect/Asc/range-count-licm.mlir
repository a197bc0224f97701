// RUN: ascir-opt %s -loop-invariant-code-motion | FileCheck %s
// RUN: ascir-opt %s -asc-licm | FileCheck %s

// asc.range_count stops the core when its step is 0 (in the simulator), so it
// is hoisted out of a loop (which may make no iterations) only when its step
// is a non-zero constant; a runtime step stays where the user's loop is.
// CHECK-LABEL: func.func @hoist
// CHECK:         %[[M1:.*]] = arith.constant -1 : i32
// CHECK:         %[[CONST:.*]] = asc.range_count %{{.*}}, %{{.*}}, %[[M1]] : i32
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %[[RT:.*]] = asc.range_count %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      func.call @use(%[[RT]], %[[CONST]])
func.func @hoist(%a: i32, %b: i32, %s: i32, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : i32
  scf.for %k = %c0 to %m step %c1 {
    %n = asc.range_count %a, %b, %s : i32
    %n2 = asc.range_count %a, %b, %cm1 : i32
    func.call @use(%n, %n2) : (i32, i32) -> ()
  }
  return
}
func.func private @use(i32, i32)
