// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry %s | FileCheck %s
// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry --asc-line-directives=false %s | FileCheck %s --check-prefix=NOLINE
// RUN: ascir-translate --mlir-to-ascendc %s | FileCheck %s --check-prefix=OFF
// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry %s | c++ -std=c++17 -fsyntax-only -x c++ -I %sim_include -
// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry %s | c++ -E -P -x c++ -I %S/Inputs/cann - | FileCheck %s --check-prefix=CANN

// The simulator's entry points follow the kernel, spelled by the
// ASCSIM_ENTRY macro of ascsim_entry.h (it deduces the argument types from
// the kernel), under #ifdef ASCSIM: the simulator's kernel_operator.h
// defines ASCSIM, CANN's does not, so bisheng compiles the same source
// without them. Their #line keeps diagnostics off the user's Python.
// CHECK:      #line 3 "/src/k.py"
// CHECK-NEXT: extern "C" __global__ __aicore__ void pyasc_scale(__gm__ float* x, __gm__ half* y, float k, int32_t n) {
// CHECK:      }
// CHECK-EMPTY:
// CHECK-NEXT: #ifdef ASCSIM
// CHECK-NEXT: #line 1 "<pyasc-simulator-entry>"
// CHECK-NEXT: #include "ascsim_entry.h"
// CHECK-NEXT: ASCSIM_ENTRY(pyasc_scale)
// CHECK-NEXT: #endif
// CHECK-NOT:  {{.}}

// NOLINE-LABEL: void pyasc_scale(
// NOLINE:      }
// NOLINE-EMPTY:
// NOLINE-NEXT: #ifdef ASCSIM
// NOLINE-NEXT: #include "ascsim_entry.h"
// NOLINE-NEXT: ASCSIM_ENTRY(pyasc_scale)
// NOLINE-NEXT: #endif

// OFF-NOT: ASCSIM

// CANN:     void pyasc_scale(
// CANN-NOT: ascsim
func.func @scale(%x: !asc.gm_addr<f32> loc("x"("/src/k.py":3:0)),
                 %y: !asc.gm_addr<f16> loc("y"("/src/k.py":3:0)),
                 %k: f32 loc("k"("/src/k.py":3:0)),
                 %n: i32 loc("n"("/src/k.py":3:0))) attributes {asc.kernel} {
  func.call @helper(%n) : (i32) -> () loc("/src/k.py":4:4)
  return loc("/src/k.py":3:0)
} loc("/src/k.py":3:0)
func.func private @helper(%n: i32) {
  return
} loc("/src/k.py":10:0)

