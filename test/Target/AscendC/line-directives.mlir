// RUN: ascir-translate --mlir-to-ascendc -split-input-file %s | FileCheck %s

// A directive precedes a statement only when the compiler would otherwise
// attribute it to another line: not when Python and C++ lines advance
// together, but after a gap and when a line repeats.
// CHECK:      #line 30 "/src/k.py"
// CHECK-NEXT: __aicore__ int32_t f(int32_t);
// CHECK-EMPTY:
// CHECK-NEXT: #line 3 "/src/k.py"
// CHECK-NEXT: extern "C" __global__ __aicore__ void pyasc_lines(int32_t [[N:v[0-9]+]]) {
// CHECK-NEXT:   int32_t [[A:v[0-9]+]] = f([[N]]);
// CHECK-NEXT: #line 7 "/src/k.py"
// CHECK-NEXT:   int32_t [[B:v[0-9]+]] = f([[A]]);
// CHECK-NEXT: #line 7 "/src/k.py"
// CHECK-NEXT:   f([[B]]);
// CHECK-NEXT: }
func.func @lines(%n: i32) attributes {asc.kernel} {
  %a = func.call @f(%n) : (i32) -> i32 loc("/src/k.py":4:4)
  %b = func.call @f(%a) : (i32) -> i32 loc("/src/k.py":7:4)
  %c = func.call @f(%b) : (i32) -> i32 loc("/src/k.py":7:10)
  return loc("/src/k.py":3:0)
} loc("/src/k.py":3:0)
func.func private @f(i32) -> i32 loc("/src/k.py":30:0)

// -----

// Names and call sites are looked through (the callee location wins); file
// names are escaped.
// CHECK:      #line 2 "/src/a \"b\".py"
// CHECK-NEXT: extern "C" __global__ __aicore__ void pyasc_files(int32_t x) {
// CHECK-NEXT: #line 20 "/src/lib.py"
// CHECK-NEXT:   g(x);
func.func @files(%x: i32 loc("x"("/src/a \"b\".py":2:0))) attributes {asc.kernel} {
  func.call @g(%x) : (i32) -> () loc(callsite("/src/lib.py":20:4 at "/src/a \"b\".py":3:4))
  return
} loc("/src/a \"b\".py":2:0)
func.func private @g(i32)

// -----

// The module's own location gives no directive; struct declarations come
// before the first one.
// CHECK:      #include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT: #pragma pack(push, 8)
// CHECK:      #pragma pack(pop)
// CHECK-EMPTY:
// CHECK-NEXT: #line 2 "/src/s.py"
// CHECK-NEXT: extern "C" __global__ __aicore__ void pyasc_with_struct(
module {
  func.func @with_struct(%p: !asc.gm_addr<!asc.struct<"T", ["n" : i32]>>) attributes {asc.kernel} {
    return
  } loc("/src/s.py":2:0)
} loc("/src/s.py":1:0)

// -----

// A call with a bit mask takes two C++ lines: the array declaration and
// the call are both attributed to the op's line.
// CHECK:      #line 6 "/src/m.py"
// CHECK-NEXT: __aicore__ inline void masked(
// CHECK-NEXT:   uint64_t [[M:mask]][] = {
// CHECK-NEXT: #line 7 "/src/m.py"
// CHECK-NEXT:   AscendC::Exp<half, true>({{.*}}, [[M]], {{.*}});
// CHECK-NEXT:   uint64_t [[M1:mask_1]][] = {
// CHECK-NEXT: #line 8 "/src/m.py"
// CHECK-NEXT:   AscendC::Exp<half, true>({{.*}}, [[M1]], {{.*}});
func.func @masked(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %m: i64, %r: i32,
                  %p: !asc.unary_repeat_params) {
  asc.exp_l1 %z, %x, %m, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params loc("/src/m.py":7:4)
  asc.exp_l1 %z, %x, %m, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params loc("/src/m.py":8:4)
  return
} loc("/src/m.py":6:0)

// -----

// A statement printed before a control-flow header (the variable of an
// scf.if result, a loop-carried variable) takes a line: the header gets the
// op's line again, so that a fault in its condition or bounds (a checked
// division) is reported at the `if`/`for`/`while` line, not the next one.
// CHECK-LABEL: void pyasc_headers(
// CHECK-NEXT:   int32_t [[R:v[0-9]+]];
// CHECK-NEXT: #line 11 "/src/h.py"
// CHECK-NEXT:   if (pyasc::div<int32_t>([[A:v[0-9]+]], [[B:v[0-9]+]]) != [[A]]) {
// CHECK:      #line 14 "/src/h.py"
// CHECK-NEXT:   int32_t [[C:v[0-9]+]] = [[A]];
// CHECK-NEXT: #line 14 "/src/h.py"
// CHECK-NEXT:   for (int32_t
// CHECK:      #line 16 "/src/h.py"
// CHECK-NEXT:   int32_t [[W:v[0-9]+]] = [[A]];
// CHECK-NEXT:   int32_t [[X:v[0-9]+]];
// CHECK-NEXT: #line 16 "/src/h.py"
// CHECK-NEXT:   while (true) {
// CHECK-NEXT: #line 16 "/src/h.py"
// CHECK-NEXT:     pyasc::loop_tick();
// CHECK-NEXT:     [[X]] = [[W]];
// CHECK-NEXT: #line 16 "/src/h.py"
// CHECK-NEXT:     if (!(pyasc::div<int32_t>([[W]], [[B]]) != [[A]])) {
func.func @headers(%a: i32, %b: i32) attributes {asc.kernel} {
  %q = arith.divsi %a, %b : i32 loc("/src/h.py":11:7)
  %c = arith.cmpi ne, %q, %a : i32 loc("/src/h.py":11:7)
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32 loc("/src/h.py":12:8)
  } else {
    scf.yield %b : i32 loc("/src/h.py":13:8)
  } loc("/src/h.py":11:4)
  %lb = arith.constant 0 : i32 loc("/src/h.py":14:4)
  %one = arith.constant 1 : i32 loc("/src/h.py":14:4)
  %s = scf.for %i = %lb to %r step %one iter_args(%acc = %a) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32 loc("/src/h.py":15:8)
    scf.yield %n : i32 loc("/src/h.py":15:8)
  } loc("/src/h.py":14:4)
  %w = scf.while (%x = %a) : (i32) -> i32 {
    %d = arith.divsi %x, %b : i32 loc("/src/h.py":16:10)
    %t = arith.cmpi ne, %d, %a : i32 loc("/src/h.py":16:10)
    scf.condition(%t) %x : i32 loc("/src/h.py":16:4)
  } do {
  ^bb0(%y: i32):
    %z = arith.addi %y, %s : i32 loc("/src/h.py":18:8)
    scf.yield %z : i32 loc("/src/h.py":18:8)
  } loc("/src/h.py":16:4)
  func.call @use(%w) : (i32) -> () loc("/src/h.py":19:4)
  return loc("/src/h.py":10:0)
} loc("/src/h.py":10:0)
func.func private @use(i32)

// -----

// A value yielded by a branch or a loop body is printed in the assignment to
// the result variable, at the line of the op that makes it: for a
// conditional expression, the line of the `if` (not the one after it).
// CHECK-LABEL: void pyasc_yields(
// CHECK:      #line 21 "/src/y.py"
// CHECK-NEXT:   if ([[C:v[0-9]+]]) {
// CHECK-NEXT: #line 21 "/src/y.py"
// CHECK-NEXT:     [[R:v[0-9]+]] = pyasc::div<int32_t>([[A:v[0-9]+]], [[B:v[0-9]+]]);
// CHECK-NEXT:   } else {
// CHECK-NEXT:     [[R]] = [[B]];
func.func @yields(%c: i1, %a: i32, %b: i32) attributes {asc.kernel} {
  %r = scf.if %c -> (i32) {
    %q = arith.divsi %a, %b : i32 loc("/src/y.py":21:10)
    scf.yield %q : i32 loc("/src/y.py":21:4)
  } else {
    scf.yield %b : i32 loc("/src/y.py":21:4)
  } loc("/src/y.py":21:4)
  func.call @use(%r) : (i32) -> () loc("/src/y.py":23:4)
  return loc("/src/y.py":20:0)
} loc("/src/y.py":20:0)
func.func private @use(i32)

// -----

// An inline expression that may fault (a checked division or shift) is not
// printed in a user at another line: the fault names the line of the C++
// statement, so the expression is a variable under its own #line. A
// division in a loop-carried variable's initial value (the `while` line)
// and one passed to an inlined device function (the callee's line) were
// reported at the user's line. An expression at its user's line stays
// inline, as does one around a faulting op at the same line.
// CHECK:      #line 8 "/src/f.py"
// CHECK-NEXT: extern "C" __global__ __aicore__ void pyasc_fault_lines(
// CHECK-NEXT:   int32_t [[Q:v[0-9]+]] = pyasc::div<int32_t>([[A:v[0-9]+]], [[B:v[0-9]+]]);
// CHECK-NEXT: #line 11 "/src/f.py"
// CHECK-NEXT:   int32_t [[W:v[0-9]+]] = [[Q]];
// CHECK:      #line 15 "/src/f.py"
// CHECK-NEXT:   int32_t [[D:v[0-9]+]] = pyasc::rem<int32_t>([[A]], [[B]]);
// CHECK-NEXT: #line 7 "/src/f.py"
// CHECK-NEXT:   use([[D]] + 1);
// CHECK-NEXT: #line 20 "/src/f.py"
// CHECK-NEXT:   int32_t [[S:v[0-9]+]] = pyasc::shl<int32_t>([[A]], [[B]]) + 1;
// CHECK-NEXT:   use([[S]]);
// CHECK-NEXT:   use(pyasc::div<int32_t>([[A]], [[B]]) + 2);
// CHECK-NEXT: }
func.func @fault_lines(%a: i32, %b: i32) attributes {asc.kernel} {
  %q = arith.divsi %a, %b : i32 loc("/src/f.py":9:8)
  %w = scf.while (%x = %q) : (i32) -> i32 {
    %zero = arith.constant 0 : i32 loc("/src/f.py":11:10)
    %t = arith.cmpi ne, %x, %zero : i32 loc("/src/f.py":11:10)
    scf.condition(%t) %x : i32 loc("/src/f.py":11:4)
  } do {
  ^bb0(%y: i32):
    %zero = arith.constant 0 : i32 loc("/src/f.py":12:8)
    scf.yield %zero : i32 loc("/src/f.py":12:8)
  } loc("/src/f.py":11:4)
  %r = arith.remsi %a, %b : i32 loc("/src/f.py":15:8)
  %one = arith.constant 1 : i32 loc(callsite("/src/f.py":7:8 at "/src/f.py":15:4))
  %h = arith.addi %r, %one : i32 loc(callsite("/src/f.py":7:8 at "/src/f.py":15:4))
  func.call @use(%h) : (i32) -> () loc(callsite("/src/f.py":7:4 at "/src/f.py":15:4))
  %s = arith.shli %a, %b : i32 loc("/src/f.py":20:8)
  %s1 = arith.addi %s, %one : i32 loc("/src/f.py":20:8)
  func.call @use(%s1) : (i32) -> () loc("/src/f.py":21:4)
  %d = arith.divsi %a, %b : i32 loc("/src/f.py":22:8)
  %two = arith.constant 2 : i32 loc("/src/f.py":22:8)
  %d2 = arith.addi %d, %two : i32 loc("/src/f.py":22:8)
  func.call @use(%d2) : (i32) -> () loc("/src/f.py":22:4)
  return loc("/src/f.py":8:0)
} loc("/src/f.py":8:0)
func.func private @use(i32)
