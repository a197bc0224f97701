// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Every struct is declared once, before the functions, after the structs it
// contains, with its own packing. A kernel copies its struct argument from
// GM; field reads are expressions.
// CHECK:      #include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT: #pragma pack(push, 8)
// CHECK-NEXT: struct Inner {
// CHECK-NEXT:   double x;
// CHECK-NEXT:   half h;
// CHECK-NEXT: };
// CHECK-NEXT: #pragma pack(pop)
// CHECK-EMPTY:
// CHECK-NEXT: #pragma pack(push, 4)
// CHECK-NEXT: struct Tiling {
// CHECK-NEXT:   int32_t total;
// CHECK-NEXT:   bool flag;
// CHECK-NEXT:   Inner inner;
// CHECK-NEXT: };
// CHECK-NEXT: #pragma pack(pop)
// CHECK-EMPTY:
// CHECK-NEXT: __aicore__ void use(int32_t, double);
// CHECK-EMPTY:
// CHECK-NEXT: extern "C" __global__ __aicore__ void pyasc_kernel(__gm__ Tiling* tiling_ptr) {
// CHECK-NEXT:   Tiling tiling = *tiling_ptr;
// CHECK-NEXT:   use(tiling.total, tiling.inner.x);
// CHECK-NEXT: }
!inner = !asc.struct<"Inner", ["x" : f64, "h" : f16]>
!tiling = !asc.struct<"Tiling", ["total" : i32, "flag" : i1, "inner" : !inner], pack = 4>
func.func @kernel(%p: !asc.gm_addr<!tiling> loc("tiling_ptr"("k.py":1:0))) attributes {asc.kernel} {
  %s = asc.struct_load %p : !asc.gm_addr<!tiling> loc("tiling"("k.py":2:4))
  %total = asc.struct_get %s["total"] : !tiling -> i32
  %inner = asc.struct_get %s["inner"] : !tiling -> !inner
  %x = asc.struct_get %inner["x"] : !inner -> f64
  func.call @use(%total, %x) : (i32, f64) -> ()
  return
}
func.func private @use(i32, f64)

// -----

// A field is assigned in place when nothing else reads the old struct, and
// on a copy otherwise. Loads through an offset pointer need parentheses.
// CHECK-LABEL: void set_fields(
// CHECK-SAME:  __gm__ S* [[P:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    S [[A:v[0-9]+]] = *([[P]] + 1);
// CHECK-NEXT:    [[A]].n = [[N]];
// CHECK-NEXT:    [[A]].m = [[N]] + 1;
// CHECK-NEXT:    S [[B:v[0-9]+]] = [[A]];
// CHECK-NEXT:    [[B]].n = 0;
// CHECK-NEXT:    use([[A]], [[B]]);
!s = !asc.struct<"S", ["n" : i32, "m" : i32]>
func.func @set_fields(%p: !asc.gm_addr<!s>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %q = asc.ptr_offset %p, %c1 : !asc.gm_addr<!s>, i32
  %a = asc.struct_load %q : !asc.gm_addr<!s>
  %a1 = asc.struct_set %a["n"], %n : !s, i32
  %m = arith.addi %n, %c1 : i32
  %a2 = asc.struct_set %a1["m"], %m : !s, i32
  %b = asc.struct_set %a2["n"], %c0 : !s, i32
  func.call @use(%a2, %b) : (!s, !s) -> ()
  return
}
func.func private @use(!s, !s)

// -----

// A loop-carried struct is updated in its loop variable, also when the new
// field value reads the struct; a struct defined outside the loop is copied
// before each in-loop update.
// CHECK-LABEL: S loop(
// CHECK-SAME:  S [[INIT:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    S [[ACC:v[0-9]+]] = [[INIT]];
// CHECK-NEXT:    for (int32_t i = 0; i < [[N]]; i += 1) {
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      [[ACC]].n = [[ACC]].n + i;
// CHECK-NEXT:      S [[TMP:v[0-9]+]] = [[INIT]];
// CHECK-NEXT:      [[TMP]].m = i;
// CHECK-NEXT:      use([[TMP]]);
// CHECK-NEXT:    }
// CHECK-NEXT:    return [[ACC]];
!s = !asc.struct<"S", ["n" : i32, "m" : i32]>
func.func @loop(%init: !s, %n: i32) -> !s {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!s) : i32 {
    %old = asc.struct_get %acc["n"] : !s -> i32
    %sum = arith.addi %old, %i : i32
    %next = asc.struct_set %acc["n"], %sum : !s, i32
    %tmp = asc.struct_set %init["m"], %i : !s, i32
    func.call @use(%tmp) : (!s) -> ()
    scf.yield %next : !s
  }
  return %r : !s
}
func.func private @use(!s)

// -----

// A struct updated in place still swaps correctly with another loop-carried
// value (the update is seen as a read of the shared variable).
// CHECK-LABEL: S swap(
// CHECK-SAME:  S [[A0:v[0-9]+]], S [[B0:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK:         for (int32_t i = 0; i < [[N]]; i += 1) {
// CHECK-NEXT:           pyasc::loop_tick();
// CHECK-NEXT:      [[A:v[0-9]+]].n = i;
// CHECK-NEXT:      S [[A]]_next = [[B:v[0-9]+]];
// CHECK-NEXT:      S [[B]]_next = [[A]];
// CHECK-NEXT:      [[A]] = [[A]]_next;
// CHECK-NEXT:      [[B]] = [[B]]_next;
!s = !asc.struct<"S", ["n" : i32, "m" : i32]>
func.func @swap(%a0: !s, %b0: !s, %n: i32) -> !s {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!s, !s) : i32 {
    %a2 = asc.struct_set %a["n"], %i : !s, i32
    scf.yield %b, %a2 : !s, !s
  }
  return %r#0 : !s
}
