// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Constants are literals; pure single-use values are inlined into their user
// with the parentheses C++ precedence needs.
// CHECK-LABEL: int32_t precedence(
// CHECK-SAME:  int32_t [[A:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT:    return ([[A]] + [[B]]) * ([[A]] - -3) / 4 % 5;
func.func @precedence(%a: i32, %b: i32) -> i32 {
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %m3 = arith.constant -3 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %m3 : i32
  %2 = arith.muli %0, %1 : i32
  %3 = arith.divsi %2, %c4 : i32
  %4 = arith.remsi %3, %c5 : i32
  return %4 : i32
}

// -----

// A value used twice gets a variable.
// CHECK-LABEL: int32_t shared(
// CHECK-SAME:  int32_t [[A:v[0-9]+]])
// CHECK-NEXT:    int32_t [[S:v[0-9]+]] = [[A]] << 2;
// CHECK-NEXT:    return [[S]] * [[S]];
func.func @shared(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.shli %a, %c2 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}

// -----

// Bitwise and shift operands are parenthesised for clarity.
// CHECK-LABEL: int32_t bitwise(
// CHECK-SAME:  int32_t [[A:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT:    return ([[A]] & [[B]]) | (([[A]] ^ [[B]]) >> 1);
func.func @bitwise(%a: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.andi %a, %b : i32
  %1 = arith.xori %a, %b : i32
  %2 = arith.shrsi %1, %c1 : i32
  %3 = arith.ori %0, %2 : i32
  return %3 : i32
}

// -----

// Unsigned operations go through the unsigned type of the same width (a
// division by a variable through pyasc::div/rem, division.mlir).
// CHECK-LABEL: bool unsigned_ops(
// CHECK-SAME:  int32_t [[A:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT:    return static_cast<uint32_t>(static_cast<int32_t>(pyasc::div<uint32_t>([[A]], [[B]]))) < static_cast<uint32_t>(static_cast<int32_t>(pyasc::rem<uint32_t>([[A]], [[B]])));
func.func @unsigned_ops(%a: i32, %b: i32) -> i1 {
  %0 = arith.divui %a, %b : i32
  %1 = arith.remui %a, %b : i32
  %2 = arith.cmpi ult, %0, %1 : i32
  return %2 : i1
}

// -----

// CHECK-LABEL: int32_t shift_right_unsigned(
// CHECK-SAME:  int32_t [[A:v[0-9]+]])
// CHECK-NEXT:    return static_cast<int32_t>(static_cast<uint32_t>([[A]]) >> static_cast<uint32_t>(3));
func.func @shift_right_unsigned(%a: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = arith.shrui %a, %c3 : i32
  return %0 : i32
}

// -----

// CHECK-LABEL: bool compare_signed(
// CHECK-SAME:  int32_t [[A:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT:    return (([[A]] == [[B]]) | ([[A]] != [[B]])) & (([[A]] <= [[B]]) ^ ([[A]] > [[B]]));
func.func @compare_signed(%a: i32, %b: i32) -> i1 {
  %eq = arith.cmpi eq, %a, %b : i32
  %ne = arith.cmpi ne, %a, %b : i32
  %le = arith.cmpi sle, %a, %b : i32
  %gt = arith.cmpi sgt, %a, %b : i32
  %0 = arith.ori %eq, %ne : i1
  %1 = arith.xori %le, %gt : i1
  %2 = arith.andi %0, %1 : i1
  return %2 : i1
}

// -----

// Ordered predicates are C++ comparisons; unordered ones negate the
// opposite ordered comparison.
// CHECK-LABEL: void compare_float(
// CHECK-SAME:  float [[X:v[0-9]+]], float [[Y:v[0-9]+]])
// CHECK-NEXT:    use([[X]] < [[Y]], !([[X]] >= [[Y]]), [[X]] != [[Y]],
// CHECK-SAME:        [[X]] < [[Y]] || [[X]] > [[Y]], [[X]] != [[X]] || [[Y]] != [[Y]],
// CHECK-SAME:        [[X]] == [[X]] && [[Y]] == [[Y]]);
func.func @compare_float(%x: f32, %y: f32) {
  %0 = arith.cmpf olt, %x, %y : f32
  %1 = arith.cmpf ult, %x, %y : f32
  %2 = arith.cmpf une, %x, %y : f32
  %3 = arith.cmpf one, %x, %y : f32
  %4 = arith.cmpf uno, %x, %y : f32
  %5 = arith.cmpf ord, %x, %y : f32
  func.call @use(%0, %1, %2, %3, %4, %5) : (i1, i1, i1, i1, i1, i1) -> ()
  return
}
func.func private @use(i1, i1, i1, i1, i1, i1)

// -----

// Float literals are the shortest text that reads back exactly.
// CHECK-LABEL: float float_math(
// CHECK-SAME:  float [[X:v[0-9]+]], half [[H:v[0-9]+]])
// CHECK-NEXT:    return -([[X]] + 0.1f) / 3.0f - static_cast<float>([[H]] * static_cast<half>(0.5f));
func.func @float_math(%x: f32, %h: f16) -> f32 {
  %c01 = arith.constant 0.1 : f32
  %c3 = arith.constant 3.0 : f32
  %half = arith.constant 0.5 : f16
  %0 = arith.mulf %h, %half : f16
  %s = arith.extf %0 : f16 to f32
  %1 = arith.addf %x, %c01 : f32
  %2 = arith.negf %1 : f32
  %3 = arith.divf %2, %c3 : f32
  %4 = arith.subf %3, %s : f32
  return %4 : f32
}

// -----

// Max and min print an operand twice, so operands stay variables.
// CHECK-LABEL: int32_t max_min(
// CHECK-SAME:  int32_t [[A:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT:    int32_t [[S:v[0-9]+]] = [[A]] + [[B]];
// CHECK-NEXT:    int32_t [[M:v[0-9]+]] = [[S]] > [[B]] ? [[S]] : [[B]];
// CHECK-NEXT:    return [[M]] < [[A]] ? [[M]] : [[A]];
func.func @max_min(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.maxsi %0, %b : i32
  %2 = arith.minsi %1, %a : i32
  return %2 : i32
}

// -----

// CHECK-LABEL: int32_t select_value(
// CHECK-SAME:  bool [[C:v[0-9]+]], int32_t [[A:v[0-9]+]], int32_t [[B:v[0-9]+]])
// CHECK-NEXT:    return [[C]] ? [[A]] + 1 : [[B]];
func.func @select_value(%c: i1, %a: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.select %c, %0, %b : i32
  return %1 : i32
}

// -----

// Conversions are static_casts; zero extension goes through the unsigned
// type, sign extension of i1 negates.
// CHECK-LABEL: void casts(
// CHECK-SAME:  int32_t [[A:v[0-9]+]], bool [[P:v[0-9]+]], float [[X:v[0-9]+]])
// CHECK-NEXT:    use(static_cast<int64_t>([[A]]),
// CHECK-SAME:        static_cast<int64_t>(static_cast<uint32_t>([[A]])),
// CHECK-SAME:        -static_cast<int32_t>([[P]]), static_cast<int8_t>([[A]]),
// CHECK-SAME:        static_cast<float>([[A]]), static_cast<int32_t>([[X]]),
// CHECK-SAME:        static_cast<int64_t>([[A]]));
func.func @casts(%a: i32, %p: i1, %x: f32) {
  %0 = arith.extsi %a : i32 to i64
  %1 = arith.extui %a : i32 to i64
  %2 = arith.extsi %p : i1 to i32
  %3 = arith.trunci %a : i32 to i8
  %4 = arith.sitofp %a : i32 to f32
  %5 = arith.fptosi %x : f32 to i32
  %6 = arith.index_cast %a : i32 to index
  func.call @use(%0, %1, %2, %3, %4, %5, %6) : (i64, i64, i32, i8, f32, i32, index) -> ()
  return
}
func.func private @use(i64, i64, i32, i8, f32, i32, index)

// -----

// CHECK-LABEL: void literals()
// CHECK-NEXT:    use(true, 10000000000LL, -7, static_cast<bfloat16_t>(1.5f), 2.5);
func.func @literals() {
  %t = arith.constant true
  %big = arith.constant 10000000000 : i64
  %neg = arith.constant -7 : i16
  %bf = arith.constant 1.5 : bf16
  %d = arith.constant 2.5 : f64
  func.call @use(%t, %big, %neg, %bf, %d) : (i1, i64, i16, bf16, f64) -> ()
  return
}
func.func private @use(i1, i64, i16, bf16, f64)

// -----

// INT32_MIN is no int literal in C++ (`-2147483648` negates the long
// 2147483648), which broke template deduction next to an int32 (Muls).
// CHECK-LABEL: void int32_min()
// CHECK-NEXT:    use((-2147483647 - 1), -2147483648, (-9223372036854775807LL - 1));
func.func @int32_min() {
  %a = arith.constant -2147483648 : i32
  %b = arith.constant -2147483648 : i64
  %c = arith.constant -9223372036854775808 : i64
  func.call @use(%a, %b, %c) : (i32, i64, i64) -> ()
  return
}
func.func private @use(i32, i64, i64)

// -----

// A 64-bit operation whose operands are int literals only (a select between
// constants) casts its left operand, so that C++ computes in 64 bits: the
// literal 21327718 is an int, and `(c ? 21327718 : 5) << 16` overflowed it.
// A variable, or another operand of 64 bits, gives the type already.
// CHECK-LABEL: void pyasc_untyped64(
// CHECK:  f(static_cast<int64_t>([[C:v[0-9]+]] ? 21327718 : 5) << 16);
// CHECK:  f(static_cast<int64_t>([[C]] ? 2000000000 : 5) * 3);
// CHECK:  f(([[C]] ? 21327718 : 5) + [[X:v[0-9]+]]);
// CHECK:  int64_t [[V:v[0-9]+]] = [[C]] ? 6 : 5;
// CHECK:  f([[V]] << 16);
// CHECK:  g(([[C]] ? 7 : 5) << 3);
func.func @untyped64(%c: i1, %x: i64, %y: i32) attributes {asc.kernel} {
  %a = arith.constant 21327718 : i64
  %b = arith.constant 5 : i64
  %s = arith.select %c, %a, %b : i64
  %k = arith.constant 16 : i64
  %r = arith.shli %s, %k : i64
  func.call @f(%r) : (i64) -> ()
  %big = arith.constant 2000000000 : i64
  %s2 = arith.select %c, %big, %b : i64
  %three = arith.constant 3 : i64
  %m = arith.muli %s2, %three : i64
  func.call @f(%m) : (i64) -> ()
  %s1 = arith.select %c, %a, %b : i64
  %p = arith.addi %s1, %x : i64
  func.call @f(%p) : (i64) -> ()
  %six = arith.constant 6 : i64
  %v = arith.select %c, %six, %b : i64
  %r2 = arith.shli %v, %k : i64
  func.call @f(%r2) : (i64) -> ()
  func.call @f(%v) : (i64) -> ()
  %seven = arith.constant 7 : i32
  %five = arith.constant 5 : i32
  %s3 = arith.select %c, %seven, %five : i32
  %t = arith.constant 3 : i32
  %q = arith.shli %s3, %t : i32
  func.call @g(%q) : (i32) -> ()
  return
}
func.func private @f(i64)
func.func private @g(i32)

// -----

// C++ computes 8- and 16-bit integers in int; an op inside an expression is
// cast back to its width, as the IR's op wraps (`(a * b) / 7` on int8 with
// a = b = 100 is 16 / 7, not 10000 / 7). A variable truncates when assigned.
// CHECK-LABEL: void pyasc_narrow(
// CHECK:  h(static_cast<int8_t>(static_cast<int8_t>([[A:v[0-9]+]] * [[B:v[0-9]+]]) / 7));
// CHECK:  int16_t [[S:v[0-9]+]] = [[C:v[0-9]+]] + [[C]];
// CHECK:  k(static_cast<int16_t>([[S]] - [[C]]));
func.func @narrow(%a: i8, %b: i8, %c: i16) attributes {asc.kernel} {
  %m = arith.muli %a, %b : i8
  %seven = arith.constant 7 : i8
  %d = arith.divsi %m, %seven : i8
  func.call @h(%d) : (i8) -> ()
  %s = arith.addi %c, %c : i16
  %t = arith.subi %s, %c : i16
  func.call @k(%t) : (i16) -> ()
  func.call @k(%s) : (i16) -> ()
  return
}
func.func private @h(i8)
func.func private @k(i16)
