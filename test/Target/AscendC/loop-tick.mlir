// RUN: ascir-translate --mlir-to-ascendc -split-input-file %s | FileCheck %s
// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry %s | c++ -std=c++17 -fsyntax-only -x c++ -I %sim_include -
// RUN: ascir-translate --mlir-to-ascendc %s | c++ -E -P -x c++ -I %S/Inputs/cann - | FileCheck %s --check-prefix=CANN

// Every loop body starts with pyasc::loop_tick() at the loop's line: in the
// simulator a step of the block's watchdog budget and a point where Ctrl-C
// stops the block (ascsim/watchdog.h), so a loop that never ends is reported
// at its Python line even when its body makes no API call; on the NPU (CANN's
// kernel_operator.h defines no ASCSIM) an empty function.
// CHECK:       #include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT:  #ifdef ASCSIM
// CHECK-NEXT:  #include "ascsim/watchdog.h"
// CHECK-NEXT:  #else
// CHECK-NEXT:  namespace pyasc {
// CHECK-NEXT:  __aicore__ inline void loop_tick() {}
// CHECK-NEXT:  } // namespace pyasc
// CHECK-NEXT:  #endif
// CHECK:       #line 3 "loops.py"
// CHECK-NEXT:    for (int64_t i = 0; i < static_cast<int64_t>([[N:v[0-9]+]]); i += 1) {
// CHECK-NEXT:  #line 3 "loops.py"
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      use(static_cast<int32_t>(i));
// CHECK-NEXT:    }
// CHECK:         while (true) {
// CHECK-NEXT:  #line 6 "loops.py"
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      [[R:v[0-9]+]] = [[V:v[0-9]+]];
// CHECK-NEXT:  #line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:      if (!([[V]] < [[N]])) {
// CHECK-NEXT:        break;
// CHECK-NEXT:      }
// CANN:        __aicore__ inline void loop_tick() {}
// CANN-NOT:    ascsim
func.func private @use(i32)
func.func private @loops(%n: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ni = arith.index_cast %n : i32 to index
  scf.for %i = %c0 to %ni step %c1 {
    %ii = arith.index_cast %i : index to i32
    func.call @use(%ii) : (i32) -> () loc("loops.py":4:5)
  } loc("loops.py":3:3)
  %z = arith.constant 0 : i32
  %r = scf.while (%v = %z) : (i32) -> i32 {
    %lt = arith.cmpi slt, %v, %n : i32
    scf.condition(%lt) %v : i32
  } do {
  ^bb0(%v: i32):
    %c = arith.constant 1 : i32
    %w = arith.addi %v, %c : i32
    scf.yield %w : i32
  } loc("loops.py":6:3)
  return %r : i32
}

// -----

// No loop, no helper.
// CHECK-NOT:   loop_tick
func.func private @straight(%n: i32) -> i32 {
  return %n : i32
}
