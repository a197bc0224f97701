// RUN: ascir-translate --mlir-to-ascendc -verify-diagnostics %s

// A step that folded to 0 (`range(a, b, n * 0)`) is Python's error at the
// line, not a kernel that always stops in the simulator.
func.func @zero_step(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{range() arg 3 must not be zero: the loop's step is 0; use a positive step to count up or a negative one to count down}}
  %n = asc.range_count %a, %b, %c0 : i32
  return %n : i32
}
