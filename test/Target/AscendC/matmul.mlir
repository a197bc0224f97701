// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// The Matmul API: the header, the file-scope config (the fields that differ
// from GetNormalConfig(), named by a hash of the type), the object, the
// registration with the tiling by address and the method calls with their
// template arguments; TCubeTiling is the header's (not declared here).

// CHECK: #include "kernel_operator.h"
// CHECK-NEXT: #include "lib/matmul_intf.h"
// CHECK-NOT: struct TCubeTiling
// CHECK: constexpr static AscendC::MatmulConfig [[$CFG:PYASC_MM_CFG_[0-9a-f]+]] = [] {
// CHECK-NEXT:   AscendC::MatmulConfig c = AscendC::GetNormalConfig();
// CHECK-NEXT:   c.doNorm = false;
// CHECK-NEXT:   c.iterateOrder = static_cast<decltype(c.iterateOrder)>(1);
// CHECK-NEXT:   return c;
// CHECK-NEXT: }();
// CHECK-LABEL: void pyasc_mm(
// CHECK: AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float, false, LayoutMode::NONE>, [[$CFG]]> [[MM:v[0-9]+]];
// CHECK: REGIST_MATMUL_OBJ(&[[PIPE:v[0-9]+]], (GM_ADDR)([[WS:v[0-9]+]]), [[MM]], &[[T:v[0-9]+]]);
// CHECK: [[MM]].SetTensorA([[A:v[0-9]+]], false);
// CHECK: [[MM]].SetTail(
// CHECK: while (true) {
// CHECK: bool [[MORE:v[0-9]+]] = [[MM]].Iterate<true>(false);
// CHECK: if (![[MORE]]) {
// CHECK: [[MM]].GetTensorC<true>([[C:v[0-9]+]], 0, true);
// CHECK: AscendC::MatrixOffset [[OFF:v[0-9]+]] = [[MM]].GetOffsetC();
// CHECK: [[MM]].SetUserDefInfo(reinterpret_cast<uint64_t>([[WS]]));
// CHECK: [[MM]].End();
func.func @mm(%a: !asc.global_tensor<f16>, %c: !asc.local_tensor<veccalc, f32>, %w: !asc.gm_addr<ui8>,
              %t: !asc.struct<"TCubeTiling", ["f0" : i32, "f1" : i32, "f2" : i32, "f3" : i32, "f4" : i32, "f5" : i32, "f6" : i32, "f7" : i32, "f8" : i32, "f9" : i32, "f10" : i32, "f11" : i32, "f12" : i32, "f13" : i32, "f14" : i32, "f15" : i32, "f16" : i32, "f17" : i32, "f18" : i32, "f19" : i32, "f20" : i32, "f21" : i32, "f22" : i32, "f23" : i32, "f24" : i32, "f25" : i32, "f26" : i32, "f27" : i32, "f28" : i32, "f29" : i32, "f30" : i32, "f31" : i32, "f32" : i32, "f33" : i32, "f34" : i32, "f35" : i32, "f36" : i32, "f37" : i32, "f38" : i32, "f39" : i32, "f40" : i32, "f41" : i32, "f42" : i32, "f43" : i32, "f44" : i32, "f45" : i32, "f46" : i32, "f47" : i32, "f48" : i32], pack = 4>) attributes {asc.kernel} {
  %p = asc.tpipe : !asc.tpipe
  %m = asc.matmul : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, true, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {doNorm = false, iterateOrder = 1 : i64}>
  asc.regist_matmul %p, %w, %m, %t : !asc.tpipe, !asc.gm_addr<ui8>, !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, true, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {doNorm = false, iterateOrder = 1 : i64}>, !asc.struct<"TCubeTiling", ["f0" : i32, "f1" : i32, "f2" : i32, "f3" : i32, "f4" : i32, "f5" : i32, "f6" : i32, "f7" : i32, "f8" : i32, "f9" : i32, "f10" : i32, "f11" : i32, "f12" : i32, "f13" : i32, "f14" : i32, "f15" : i32, "f16" : i32, "f17" : i32, "f18" : i32, "f19" : i32, "f20" : i32, "f21" : i32, "f22" : i32, "f23" : i32, "f24" : i32, "f25" : i32, "f26" : i32, "f27" : i32, "f28" : i32, "f29" : i32, "f30" : i32, "f31" : i32, "f32" : i32, "f33" : i32, "f34" : i32, "f35" : i32, "f36" : i32, "f37" : i32, "f38" : i32, "f39" : i32, "f40" : i32, "f41" : i32, "f42" : i32, "f43" : i32, "f44" : i32, "f45" : i32, "f46" : i32, "f47" : i32, "f48" : i32], pack = 4>
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : i8
  %c16 = arith.constant 16 : i32
  asc.matmul_call %m, "SetTensorA"(%a, %false : !asc.global_tensor<f16>, i1) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, true, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {doNorm = false, iterateOrder = 1 : i64}>
  asc.matmul_call %m, "SetTail"(%c16, %c16, %c16 : i32, i32, i32) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, true, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {doNorm = false, iterateOrder = 1 : i64}>
  scf.while : () -> () {
    %more = asc.matmul_call %m, "Iterate"(%false : i1) {sync = true} : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, true, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {doNorm = false, iterateOrder = 1 : i64}> -> i1
    scf.condition(%more)
  } do {
    asc.matmul_call %m, "GetTensorC"(%c, %c0, %true : !asc.local_tensor<veccalc, f32>, i8, i1) {sync = true} : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, true, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {doNorm = false, iterateOrder = 1 : i64}>
    scf.yield
  }
  %off = asc.matmul_call %m, "GetOffsetC" : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, true, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {doNorm = false, iterateOrder = 1 : i64}> -> !asc.struct<"MatrixOffset", ["offset" : i32, "row" : i32, "col" : i32, "height" : i32, "width" : i32], pack = 4>
  asc.matmul_call %m, "SetUserDefInfo"(%w : !asc.gm_addr<ui8>) : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, true, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {doNorm = false, iterateOrder = 1 : i64}>
  asc.matmul_call %m, "End" : !asc.matmul<gm, nd, f16, false, none, gm, nd, f16, true, none, veccalc, nd, f32, false, none, veccalc, nd, f32, false, none, {doNorm = false, iterateOrder = 1 : i64}>
  return
}
