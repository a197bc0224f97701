// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s
// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry %s | c++ -std=c++17 -fsyntax-only -x c++ -I %sim_include -
// RUN: ascir-translate --mlir-to-ascendc %s | c++ -E -P -x c++ -I %S/Inputs/cann - | FileCheck %s --check-prefix=CANN

// An integer division or remainder whose divisor may be 0 (or -1 when signed:
// INT_MIN / -1) goes through pyasc::div/rem. The simulator's version reports
// the fault at the Python line instead of raising SIGFPE in the Python
// process; on the NPU (CANN's kernel_operator.h defines no ASCSIM) it is
// plain division.
// CHECK:       #include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT:  #ifdef ASCSIM
// CHECK-NEXT:  #include "ascsim/checked_division.h"
// CHECK-NEXT:  #else
// CHECK-NEXT:  namespace pyasc {
// CHECK-NEXT:  template <typename T> __aicore__ inline T div(T a, T b) { return a / b; }
// CHECK-NEXT:  template <typename T> __aicore__ inline T rem(T a, T b) { return a % b; }
// CHECK-NEXT:  } // namespace pyasc
// CHECK-NEXT:  #endif
// CHECK-LABEL: int32_t variable_divisor(
// CHECK-SAME:  int32_t [[A:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT:    return pyasc::div<int32_t>([[A]] + 1, [[B]]) + pyasc::rem<int32_t>([[A]], -1);
// CANN:         template <typename T> __aicore__ inline T div(T a, T b) { return a / b; }
// CANN-NOT:     ascsim
func.func private @variable_divisor(%a: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.divsi %0, %b : i32
  %2 = arith.remsi %a, %m1 : i32
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}

// -----

// A constant divisor that cannot trap is plain division, with no helpers.
// CHECK-NOT:   pyasc::
// CHECK-LABEL: int64_t constant_divisor(
// CHECK-SAME:  int64_t [[A:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT:    return [[A]] / 8 % -3 + static_cast<int64_t>(static_cast<int32_t>(static_cast<uint32_t>([[B]]) / static_cast<uint32_t>(-1)));
func.func private @constant_divisor(%a: i64, %b: i32) -> i64 {
  %c8 = arith.constant 8 : i64
  %m3 = arith.constant -3 : i64
  %m1 = arith.constant -1 : i32
  %0 = arith.divsi %a, %c8 : i64
  %1 = arith.remsi %0, %m3 : i64
  %2 = arith.divui %b, %m1 : i32
  %3 = arith.extsi %2 : i32 to i64
  %4 = arith.addi %1, %3 : i64
  return %4 : i64
}

// -----

// 64-bit and 8-bit divisions by a variable.
// CHECK-LABEL: int64_t wide_and_narrow(
// CHECK-SAME:  int64_t [[A:v[0-9]+]], int8_t [[B:v[0-9]+]])
// CHECK-NEXT:    return pyasc::rem<int64_t>([[A]], [[A]]) + static_cast<int64_t>(pyasc::div<int8_t>([[B]], [[B]]));
func.func private @wide_and_narrow(%a: i64, %b: i8) -> i64 {
  %0 = arith.remsi %a, %a : i64
  %1 = arith.divsi %b, %b : i8
  %2 = arith.extsi %1 : i8 to i64
  %3 = arith.addi %0, %2 : i64
  return %3 : i64
}
