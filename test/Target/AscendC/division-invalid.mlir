// RUN: ascir-translate --mlir-to-ascendc -split-input-file -verify-diagnostics %s

// A division of constants that is undefined is an error, not `7 / 0` in C++.
func.func @zero_divisor() -> i32 {
  %c7 = arith.constant 7 : i32
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{integer division by zero: 7 / 0 with constant operands; the result is undefined}}
  %0 = arith.divsi %c7, %c0 : i32
  return %0 : i32
}

// -----

func.func @zero_remainder() -> i32 {
  %c7 = arith.constant 7 : i32
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{integer remainder by zero: 7 % 0 with constant operands; the result is undefined}}
  %0 = arith.remui %c7, %c0 : i32
  return %0 : i32
}

// -----

func.func @overflow() -> i32 {
  %min = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  // expected-error@+1 {{integer division overflows: -2147483648 / -1 does not fit in 'i32' with constant operands; the result is undefined}}
  %0 = arith.divsi %min, %m1 : i32
  return %0 : i32
}
