// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// The mask setters take the element type and mode as template arguments;
// vector calls with isSetMask = false then use the mask register.
// CHECK-LABEL: void masks(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], int64_t [[HI:v[0-9]+]], int64_t [[LO:v[0-9]+]], int32_t [[N:v[0-9]+]], AscendC::UnaryRepeatParams [[P:v[0-9]+]])
// CHECK-NEXT:    AscendC::SetVectorMask<half, AscendC::MaskMode::NORMAL>([[HI]], [[LO]]);
// CHECK-NEXT:    AscendC::Exp<half, false>([[Z]], [[X]], static_cast<uint64_t>(0), 1, [[P]]);
// CHECK-NEXT:    AscendC::SetMaskCount();
// CHECK-NEXT:    AscendC::SetVectorMask<half, AscendC::MaskMode::COUNTER>(0, [[LO]]);
// CHECK-NEXT:    AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>([[N]]);
// CHECK-NEXT:    AscendC::Exp<half, false>([[Z]], [[X]], static_cast<uint64_t>(0), 1, [[P]]);
// CHECK-NEXT:    AscendC::SetMaskNorm();
// CHECK-NEXT:    AscendC::ResetMask();
func.func @masks(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %hi: i64, %lo: i64, %n: i32,
                 %p: !asc.unary_repeat_params) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i32
  asc.set_vector_mask f16, normal, %hi, %lo : i64, i64
  asc.exp_l0 %z, %x, %c0, %c1, %p {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.unary_repeat_params
  asc.set_mask_count
  asc.set_vector_mask f16, counter, %c0, %lo : i64, i64
  asc.set_vector_mask_len f32, counter, %n : i32
  asc.exp_l0 %z, %x, %c0, %c1, %p {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.unary_repeat_params
  asc.set_mask_norm
  asc.reset_mask
  return
}
