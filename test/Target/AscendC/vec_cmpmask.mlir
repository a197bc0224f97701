// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Compare into CMPMASK names the source type and isSetMask; GetCmpMask and
// SetCmpMask deduce the element type; the select forms without a selection
// mask take the mode as a template argument (mode 0/2) or deduce (mode 1).
// CHECK-LABEL: void cmp_mask_register(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<uint16_t> [[B:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], AscendC::LocalTensor<half> [[Y:v[0-9]+]], int64_t [[M:v[0-9]+]], int64_t [[LO:v[0-9]+]], int64_t [[HI:v[0-9]+]], int32_t [[R:v[0-9]+]], AscendC::BinaryRepeatParams [[P:v[0-9]+]])
// CHECK-NEXT:    AscendC::Compare<half, true>([[X]], [[Y]], AscendC::CMPMODE::LT, [[M]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask[_0-9]*]][] = {static_cast<uint64_t>([[LO]]), static_cast<uint64_t>([[HI]])};
// CHECK-NEXT:    AscendC::Compare<half, false>([[X]], [[Y]], AscendC::CMPMODE::GE, [[A]], [[P]]);
// CHECK-NEXT:    AscendC::GetCmpMask([[B]]);
// CHECK-NEXT:    AscendC::SetCmpMask([[B]]);
// CHECK-NEXT:    AscendC::Select<half, AscendC::SELMODE::VSEL_CMPMASK_SPR>([[Z]], [[X]], [[Y]], [[R]], [[P]]);
// CHECK-NEXT:    AscendC::Select<half, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE>([[Z]], [[X]], [[Y]], [[R]], [[P]]);
// CHECK-NEXT:    AscendC::Select([[Z]], [[B]], [[X]], [[R]], [[P]]);
func.func @cmp_mask_register(%z: !asc.local_tensor<vecout, f16>, %b: !asc.local_tensor<veccalc, ui16>,
                             %x: !asc.local_tensor<vecin, f16>, %y: !asc.local_tensor<vecin, f16>,
                             %m: i64, %lo: i64, %hi: i64, %r: i32, %p: !asc.binary_repeat_params) {
  asc.compare_cmpmask_l0 lt, %x, %y, %m, %p : !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, !asc.binary_repeat_params
  asc.compare_cmpmask_l1 ge, %x, %y, %lo, %hi, %p {is_set_mask = false} : !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i64, !asc.binary_repeat_params
  asc.get_cmp_mask %b : !asc.local_tensor<veccalc, ui16>
  asc.set_cmp_mask %b : !asc.local_tensor<veccalc, ui16>
  asc.select_cmpmask vsel_cmpmask_spr, %z, %x, %y, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32, !asc.binary_repeat_params
  asc.select_cmpmask vsel_tensor_tensor_mode, %z, %x, %y, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32, !asc.binary_repeat_params
  asc.select_cmpmask_scalar %z, %b, %x, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<vecin, f16>, i32, !asc.binary_repeat_params
  return
}

// -----

// The mask forms of select name the data and mask types and isSetMask; the
// mode follows src1, a scalar is passed as the element type.
// CHECK-LABEL: void select_mask_forms(
// CHECK-SAME:  AscendC::LocalTensor<float> [[Z:v[0-9]+]], AscendC::LocalTensor<uint8_t> [[B:v[0-9]+]], AscendC::LocalTensor<float> [[X:v[0-9]+]], float [[S:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]], AscendC::BinaryRepeatParams [[P:v[0-9]+]])
// CHECK-NEXT:    AscendC::Select<float, uint8_t, true>([[Z]], [[B]], [[X]], [[X]], AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, [[M]], [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask[_0-9]*]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::Select<float, uint8_t, false>([[Z]], [[B]], [[X]], [[X]], AscendC::SELMODE::VSEL_CMPMASK_SPR, [[A]], [[R]], [[P]]);
// CHECK-NEXT:    AscendC::Select<float, uint8_t, true>([[Z]], [[B]], [[X]], [[S]], AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, [[M]], [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[C:mask[_0-9]*]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::Select<float, uint8_t, true>([[Z]], [[B]], [[X]], 1.5f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, [[C]], [[R]], [[P]]);
func.func @select_mask_forms(%z: !asc.local_tensor<vecout, f32>, %b: !asc.local_tensor<veccalc, ui8>,
                             %x: !asc.local_tensor<vecin, f32>, %s: f32, %m: i64, %r: i32,
                             %p: !asc.binary_repeat_params) {
  %c0 = arith.constant 0 : i64
  %h = arith.constant 1.5 : f32
  asc.select_l0 vsel_tensor_tensor_mode, %z, %b, %x, %x, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.binary_repeat_params
  asc.select_l1 vsel_cmpmask_spr, %z, %b, %x, %x, %m, %c0, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i64, i32, !asc.binary_repeat_params
  asc.select_scalar_l0 vsel_tensor_scalar_mode, %z, %b, %x, %s, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, f32, i64, i32, !asc.binary_repeat_params
  asc.select_scalar_l1 vsel_tensor_scalar_mode, %z, %b, %x, %h, %m, %c0, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, f32, i64, i64, i32, !asc.binary_repeat_params
  return
}
