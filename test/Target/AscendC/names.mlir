// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Python names (NameLoc) name parameters and variables; a name taken in an
// enclosing scope gets a suffix, sibling scopes reuse it.
// CHECK-LABEL: extern "C" __global__ __aicore__ void pyasc_scopes(int32_t n) {
// CHECK-NEXT:    int32_t x = n * 2;
// CHECK-NEXT:    for (int32_t i = 0; i < n; i += 1) {
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      int32_t x_1 = x + i;
// CHECK-NEXT:      use(x_1, x_1);
// CHECK-NEXT:    }
// CHECK-NEXT:    for (int32_t i = 0; i < n; i += 1) {
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      int32_t x_1 = x - i;
func.func @scopes(%n: i32 loc("n"(unknown))) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %x = arith.muli %n, %c2 : i32 loc("x"(unknown))
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%i: i32 loc("i"(unknown))):
    %x1 = arith.addi %x, %i : i32 loc("x"(unknown))
    func.call @use(%x1, %x1) : (i32, i32) -> ()
    scf.yield
  }) : (i32, i32, i32) -> ()
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%i: i32 loc("i"(unknown))):
    %x2 = arith.subi %x, %i : i32 loc("x"(unknown))
    func.call @use(%x2, %x2) : (i32, i32) -> ()
    scf.yield
  }) : (i32, i32, i32) -> ()
  return
}
func.func private @use(i32, i32)

// -----

// Names never shadow C++ keywords, Ascend C types or function names, and
// are made valid identifiers.
// CHECK-LABEL: __aicore__ inline void reserved(
// CHECK-SAME:  int32_t int_1, float half_1, int32_t reserved_1, int32_t a_b, int32_t _2d)
func.func @reserved(%a: i32 loc("int"(unknown)), %b: f32 loc("half"(unknown)),
                    %c: i32 loc("reserved"(unknown)), %d: i32 loc("a.b"(unknown)),
                    %e: i32 loc("2d"(unknown))) {
  return
}

// -----

// A name reserved by its prefix stays reserved with any suffix: it gets a `v`
// in front (suffixing it looped forever, hanging the Python process).
// CHECK-LABEL: __aicore__ inline void prefixed(
// CHECK-SAME:  int32_t v__x, int32_t v_Tmp, int32_t vPIPE_n, int32_t vEVENT_ID1, int32_t vASCEND_IS_A, int32_t v_Tmp_1)
func.func @prefixed(%a: i32 loc("__x"(unknown)), %b: i32 loc("_Tmp"(unknown)),
                    %c: i32 loc("PIPE_n"(unknown)), %d: i32 loc("EVENT_ID1"(unknown)),
                    %e: i32 loc("ASCEND_IS_A"(unknown)), %f: i32 loc("_Tmp"(unknown))) {
  return
}

// -----

// Generated names skip names the frontend already used.
// CHECK-LABEL: __aicore__ inline int32_t generated(
// CHECK-SAME:  int32_t v1, int32_t v2)
// CHECK-NEXT:    int32_t v3 = side(v1);
// CHECK-NEXT:    return v3 + v2;
func.func @generated(%a: i32 loc("v1"(unknown)), %b: i32) -> i32 {
  %0 = func.call @side(%a) : (i32) -> i32
  %1 = arith.addi %0, %b : i32
  return %1 : i32
}
func.func private @side(i32) -> i32

// -----

// A named value is a variable even when used once; CSE fuses locations and
// the first name wins.
// CHECK-LABEL: __aicore__ inline int32_t fused(
// CHECK-SAME:  int32_t [[A:v[0-9]+]])
// CHECK-NEXT:    int32_t offset = [[A]] * 4;
// CHECK-NEXT:    return offset;
func.func @fused(%a: i32) -> i32 {
  %c4 = arith.constant 4 : i32
  %0 = arith.muli %a, %c4 : i32 loc(fused["offset"(unknown), "start"(unknown)])
  return %0 : i32
}

// -----

// Loop-carried values take the name of the block argument or the result.
// CHECK-LABEL: __aicore__ inline int32_t carried(
// CHECK-SAME:  int32_t n)
// CHECK-NEXT:    int32_t total = 0;
// CHECK-NEXT:    for (int32_t k = 0; k < n; k += 1) {
// CHECK-NEXT:      pyasc::loop_tick();
// CHECK-NEXT:      total = total + k;
// CHECK-NEXT:    }
// CHECK-NEXT:    return total;
func.func @carried(%n: i32 loc("n"(unknown))) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = "scf.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%k: i32 loc("k"(unknown)), %acc: i32 loc("total"(unknown))):
    %s = arith.addi %acc, %k : i32
    scf.yield %s : i32
  }) : (i32, i32, i32, i32) -> i32
  return %r : i32
}

// -----

// Ops inlined from a device function keep their names: the inliner wraps
// their locations in call sites, which are looked through.
// CHECK-LABEL: int32_t inlined(
// CHECK-NEXT:    int32_t tile = static_cast<int32_t>(AscendC::GetBlockIdx());
// CHECK-NEXT:    int32_t tile_1 = tile * 2;
func.func @inlined() -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = asc.get_block_idx : i32 loc(callsite("tile"("lib.py":3:4) at "k.py":9:4))
  %1 = arith.muli %0, %c2 : i32 loc("tile"("k.py":10:4))
  return %1 : i32
}
