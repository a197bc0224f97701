// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// GatherMask returns its count through a uint64_t& out-parameter: the
// emitter declares it, passes it, then defines the result from it. The
// built-in pattern is passed as uint8_t.
// CHECK-LABEL: int64_t gather_mask_forms(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], AscendC::LocalTensor<uint16_t> [[P:v[0-9]+]], AscendC::GatherMaskParams [[G:v[0-9]+]], int32_t [[M:v[0-9]+]])
// CHECK-NEXT:    uint64_t [[C0:rsvd_cnt[_0-9]*]] = 0;
// CHECK-NEXT:    AscendC::GatherMask([[Z]], [[X]], [[P]], false, [[M]], [[G]], [[C0]]);
// CHECK-NEXT:    int64_t [[N0:v[0-9]+]] = static_cast<int64_t>([[C0]]);
// CHECK-NEXT:    uint64_t [[C1:rsvd_cnt[_0-9]*]] = 0;
// CHECK-NEXT:    AscendC::GatherMask([[Z]], [[X]], static_cast<uint8_t>(3), true, 100, [[G]], [[C1]]);
// CHECK-NEXT:    int64_t [[N1:v[0-9]+]] = static_cast<int64_t>([[C1]]);
// CHECK-NEXT:    int64_t [[R:v[0-9]+]] = static_cast<int64_t>(AscendC::GetGatherMaskRemainCount());
// CHECK-NEXT:    return [[N0]] + [[N1]] + [[R]];
func.func @gather_mask_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                             %p: !asc.local_tensor<veccalc, ui16>, %g: !asc.gather_mask_params,
                             %m: i32) -> i64 {
  %false = arith.constant false
  %true = arith.constant true
  %c3 = arith.constant 3 : i32
  %c100 = arith.constant 100 : i32
  %0 = asc.gather_mask %z, %x, %p, %false, %m, %g : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui16>, i1, i32, !asc.gather_mask_params -> i64
  %1 = asc.gather_mask %z, %x, %c3, %true, %c100, %g : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32, i1, i32, !asc.gather_mask_params -> i64
  %2 = asc.get_gather_mask_remain_count : i64
  %3 = arith.addi %0, %1 : i64
  %4 = arith.addi %3, %2 : i64
  return %4 : i64
}
