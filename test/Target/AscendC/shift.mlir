// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s
// RUN: ascir-translate --mlir-to-ascendc --asc-simulator-entry %s | c++ -std=c++17 -fsyntax-only -x c++ -I %sim_include -
// RUN: ascir-translate --mlir-to-ascendc %s | c++ -E -P -x c++ -I %S/Inputs/cann - | FileCheck %s --check-prefix=CANN

// A shift whose count is not a constant in 0 .. width - 1 goes through
// pyasc::shl/shr: Python's result (every bit shifted out) for a count of the
// width or more, where C's `a >> c` is undefined. The simulator's version
// stops the core on a negative count; on the NPU (CANN's kernel_operator.h
// defines no ASCSIM) a negative count shifts every bit out too.
// CHECK:       #include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT:  #ifdef ASCSIM
// CHECK-NEXT:  #include "ascsim/checked_shift.h"
// CHECK-NEXT:  #else
// CHECK-NEXT:  namespace pyasc {
// CHECK-NEXT:  template <typename T> __aicore__ inline T shl(T a, int64_t c) {
// CHECK-NEXT:    return c >= 0 && c < int64_t(sizeof(T) * 8) ? static_cast<T>(static_cast<uint64_t>(a) << c) : T(0);
// CHECK-NEXT:  }
// CHECK-NEXT:  template <typename T> __aicore__ inline T shr(T a, int64_t c) {
// CHECK-NEXT:    return c >= 0 && c < int64_t(sizeof(T) * 8) ? static_cast<T>(a >> c) : (a < T(0) ? T(-1) : T(0));
// CHECK-NEXT:  }
// CHECK-NEXT:  } // namespace pyasc
// CHECK-NEXT:  #endif
// CHECK-LABEL: int32_t variable_count(
// CHECK-SAME:  int32_t [[A:v[0-9]+]], int32_t [[C:v[0-9]+]])
// CHECK-NEXT:    return pyasc::shl<int32_t>([[A]] + 1, [[C]]) + pyasc::shr<int32_t>([[A]], [[C]]) + static_cast<int32_t>(pyasc::shr<uint32_t>([[A]], [[C]]));
// CANN:         template <typename T> __aicore__ inline T shl(T a, int64_t c) {
// CANN-NOT:     ascsim
func.func private @variable_count(%a: i32, %c: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.shli %0, %c : i32
  %2 = arith.shrsi %a, %c : i32
  %3 = arith.shrui %a, %c : i32
  %4 = arith.addi %1, %2 : i32
  %5 = arith.addi %4, %3 : i32
  return %5 : i32
}

// -----

// A constant count in range is the plain operator, with no helpers; one out
// of range (after folding: the frontend rewrites a literal one) is the helper.
// CHECK-NOT:   pyasc::
// CHECK-LABEL: int64_t constant_count(
// CHECK-SAME:  int64_t [[A:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT:    return ([[A]] >> 3) + ([[A]] << 63) + static_cast<int64_t>(static_cast<int32_t>(static_cast<uint32_t>([[B]]) >> static_cast<uint32_t>(31)));
func.func private @constant_count(%a: i64, %b: i32) -> i64 {
  %c3 = arith.constant 3 : i64
  %c63 = arith.constant 63 : i64
  %c31 = arith.constant 31 : i32
  %0 = arith.shrsi %a, %c3 : i64
  %1 = arith.shli %a, %c63 : i64
  %2 = arith.shrui %b, %c31 : i32
  %3 = arith.extsi %2 : i32 to i64
  %4 = arith.addi %0, %1 : i64
  %5 = arith.addi %4, %3 : i64
  return %5 : i64
}

// -----

// 8-bit shifts by a variable or by a constant out of range; the helper
// returns its T, so it needs no cast back to the narrow type.
// CHECK-LABEL: int8_t narrow(
// CHECK-SAME:  int8_t [[A:v[0-9]+]], int8_t [[C:v[0-9]+]])
// CHECK-NEXT:    return static_cast<int8_t>(pyasc::shl<int8_t>([[A]], [[C]]) + pyasc::shr<int8_t>([[A]], 8));
func.func private @narrow(%a: i8, %c: i8) -> i8 {
  %c8 = arith.constant 8 : i8
  %0 = arith.shli %a, %c : i8
  %1 = arith.shrsi %a, %c8 : i8
  %2 = arith.addi %0, %1 : i8
  return %2 : i8
}

// -----

// A signed count wider than the value, clamped by the frontend to
// [int8 min, 8] before its conversion: the helper gets the count itself (the
// same result; a negative count is reported as written, -300 and not -128).
// A clamp that is not the frontend's (the upper bound 4 is below the width)
// is printed as it is. The seen-through clamp prints nothing, not even its
// inner select, which is used twice.
// CHECK-LABEL: int8_t clamped(
// CHECK-SAME:  int8_t [[A:v[0-9]+]], int32_t [[C:v[0-9]+]])
// CHECK-NEXT:    int32_t [[HI:v[0-9]+]] = [[C]] > 4 ? 4 : [[C]];
// CHECK-NEXT:    return static_cast<int8_t>(pyasc::shl<int8_t>([[A]], [[C]]) + pyasc::shr<int8_t>([[A]], static_cast<int8_t>([[HI]] < -128 ? -128 : [[HI]])));
func.func private @clamped(%a: i8, %c: i32) -> i8 {
  %w = arith.constant 8 : i32
  %lo = arith.constant -128 : i32
  %four = arith.constant 4 : i32
  %gt = arith.cmpi sgt, %c, %w : i32
  %hi = arith.select %gt, %w, %c : i32
  %lt = arith.cmpi slt, %hi, %lo : i32
  %cl = arith.select %lt, %lo, %hi : i32
  %n = arith.trunci %cl : i32 to i8
  %0 = arith.shli %a, %n : i8
  %gt4 = arith.cmpi sgt, %c, %four : i32
  %hi4 = arith.select %gt4, %four, %c : i32
  %lt4 = arith.cmpi slt, %hi4, %lo : i32
  %cl4 = arith.select %lt4, %lo, %hi4 : i32
  %n4 = arith.trunci %cl4 : i32 to i8
  %1 = arith.shrsi %a, %n4 : i8
  %2 = arith.addi %0, %1 : i8
  return %2 : i8
}

// -----

// The frontend's clamp also used by another op is printed for that op (the
// helper still gets the count itself).
// CHECK-LABEL: int8_t clamp_used(
// CHECK-SAME:  int8_t [[A:v[0-9]+]], int32_t [[C:v[0-9]+]])
// CHECK-NEXT:    int32_t [[HI:v[0-9]+]] = [[C]] > 8 ? 8 : [[C]];
// CHECK-NEXT:    int8_t [[N:v[0-9]+]] = static_cast<int8_t>([[HI]] < -128 ? -128 : [[HI]]);
// CHECK-NEXT:    return static_cast<int8_t>(pyasc::shl<int8_t>([[A]], [[C]]) + [[N]]);
func.func private @clamp_used(%a: i8, %c: i32) -> i8 {
  %w = arith.constant 8 : i32
  %lo = arith.constant -128 : i32
  %gt = arith.cmpi sgt, %c, %w : i32
  %hi = arith.select %gt, %w, %c : i32
  %lt = arith.cmpi slt, %hi, %lo : i32
  %cl = arith.select %lt, %lo, %hi : i32
  %n = arith.trunci %cl : i32 to i8
  %0 = arith.shli %a, %n : i8
  %1 = arith.addi %0, %n : i8
  return %1 : i8
}
