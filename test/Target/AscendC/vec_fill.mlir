// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Duplicate fills with a scalar of the element type; the masked forms take
// the destination block and repeat strides directly.
// CHECK-LABEL: void duplicate_forms(
// CHECK-SAME:  AscendC::LocalTensor<int32_t> [[Z:v[0-9]+]], AscendC::LocalTensor<bfloat16_t> [[B:v[0-9]+]], bfloat16_t [[S:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Duplicate([[Z]], 7, [[N]]);
// CHECK-NEXT:    AscendC::Duplicate<bfloat16_t, true>([[B]], [[S]], [[M]], 2, 1, 8);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), static_cast<uint64_t>([[M]])};
// CHECK-NEXT:    AscendC::Duplicate<bfloat16_t, false>([[B]], static_cast<bfloat16_t>(1.0f), [[A]], 2, 1, 8);
func.func @duplicate_forms(%z: !asc.local_tensor<vecout, i32>, %b: !asc.local_tensor<veccalc, bf16>, %s: bf16,
                           %m: i64, %n: i32) {
  %c7 = arith.constant 7 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %one = arith.constant 1.0 : bf16
  asc.duplicate %z, %c7, %n : !asc.local_tensor<vecout, i32>, i32, i32
  asc.duplicate_l0 %b, %s, %m, %c2, %c1, %c8 : !asc.local_tensor<veccalc, bf16>, bf16, i64, i32, i32, i32
  asc.duplicate_l1 %b, %one, %m, %m, %c2, %c1, %c8 {is_set_mask = false} : !asc.local_tensor<veccalc, bf16>, bf16, i64, i64, i32, i32, i32
  return
}

// -----

// Brcb broadcasts with its own repeat parameters.
// CHECK-LABEL: void brcb(
// CHECK-SAME:  AscendC::LocalTensor<uint32_t> [[Z:v[0-9]+]], AscendC::LocalTensor<uint32_t> [[X:v[0-9]+]], int32_t [[R:v[0-9]+]])
// CHECK-NEXT:    AscendC::BrcbRepeatParams [[P:v[0-9]+]](1, 8);
// CHECK-NEXT:    AscendC::Brcb([[Z]], [[X]], [[R]], [[P]]);
func.func @brcb(%z: !asc.local_tensor<vecout, ui32>, %x: !asc.local_tensor<vecin, ui32>, %r: i32) {
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %p = asc.brcb_repeat_params %c1, %c8 : i32, i32
  asc.brcb %z, %x, %r, %p : !asc.local_tensor<vecout, ui32>, !asc.local_tensor<vecin, ui32>, i32, !asc.brcb_repeat_params
  return
}
