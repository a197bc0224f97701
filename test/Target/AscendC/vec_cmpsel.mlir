// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Compare writes a bit mask; the masked forms name the source type before
// the mask type.
// CHECK-LABEL: void compare_forms(
// CHECK-SAME:  AscendC::LocalTensor<uint8_t> [[B:v[0-9]+]], AscendC::LocalTensor<float> [[X:v[0-9]+]], AscendC::LocalTensor<float> [[Y:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]], AscendC::BinaryRepeatParams [[P:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Compare([[B]], [[X]], [[Y]], AscendC::CMPMODE::LT, [[N]]);
// CHECK-NEXT:    AscendC::Compare<float, uint8_t, true>([[B]], [[X]], [[Y]], AscendC::CMPMODE::GE, [[M]], [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::Compare<float, uint8_t, true>([[B]], [[X]], [[Y]], AscendC::CMPMODE::NE, [[A]], [[R]], [[P]]);
// CHECK-NEXT:    AscendC::CompareScalar([[B]], [[X]], 0.5f, AscendC::CMPMODE::GT, 64);
func.func @compare_forms(%b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f32>,
                         %y: !asc.local_tensor<vecin, f32>, %m: i64, %r: i32, %p: !asc.binary_repeat_params,
                         %n: i32) {
  %c0 = arith.constant 0 : i64
  %c64 = arith.constant 64 : i32
  %half = arith.constant 0.5 : f32
  asc.compare lt, %b, %x, %y, %n : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.compare_l0 ge, %b, %x, %y, %m, %r, %p : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.binary_repeat_params
  asc.compare_l1 ne, %b, %x, %y, %m, %c0, %r, %p : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i64, i32, !asc.binary_repeat_params
  asc.compare_scalar gt, %b, %x, %half, %c64 : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f32>, f32, i32
  return
}

// -----

// The masked CompareScalar forms: source type, mask type, isSetMask.
// CHECK-LABEL: void compare_scalar_forms(
// CHECK-SAME:  AscendC::LocalTensor<uint8_t> [[B:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], half [[S:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]], AscendC::UnaryRepeatParams [[P:v[0-9]+]])
// CHECK-NEXT:    AscendC::CompareScalar<half, uint8_t, true>([[B]], [[X]], [[S]], AscendC::CMPMODE::LE, [[M]], [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), static_cast<uint64_t>([[M]])};
// CHECK-NEXT:    AscendC::CompareScalar<half, uint8_t, false>([[B]], [[X]], [[S]], AscendC::CMPMODE::GT, [[A]], [[R]], [[P]]);
func.func @compare_scalar_forms(%b: !asc.local_tensor<veccalc, ui8>, %x: !asc.local_tensor<vecin, f16>, %s: f16,
                                %m: i64, %r: i32, %p: !asc.unary_repeat_params) {
  asc.compare_scalar_l0 le, %b, %x, %s, %m, %r, %p : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  asc.compare_scalar_l1 gt, %b, %x, %s, %m, %m, %r, %p {is_set_mask = false} : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  return
}

// -----

// int32 sources compare for equality.
// CHECK-LABEL: void compare_int32(
// CHECK-SAME:  AscendC::LocalTensor<int8_t> [[B:v[0-9]+]], AscendC::LocalTensor<int32_t> [[X:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Compare([[B]], [[X]], [[X]], AscendC::CMPMODE::EQ, [[N]]);
func.func @compare_int32(%b: !asc.local_tensor<veccalc, i8>, %x: !asc.local_tensor<vecin, i32>, %n: i32) {
  asc.compare eq, %b, %x, %x, %n : !asc.local_tensor<veccalc, i8>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i32
  return
}

// -----

// Select between two tensors or a tensor and a scalar of the element type.
// CHECK-LABEL: void select_forms(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<uint16_t> [[B:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], half [[S:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Select([[Z]], [[B]], [[X]], [[X]], AscendC::SELMODE::VSEL_CMPMASK_SPR, [[N]]);
// CHECK-NEXT:    AscendC::Select([[Z]], [[B]], [[X]], [[X]], AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, [[N]]);
// CHECK-NEXT:    AscendC::Select([[Z]], [[B]], [[X]], [[S]], AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, [[N]]);
// CHECK-NEXT:    AscendC::Select([[Z]], [[B]], [[X]], static_cast<half>(0.0f), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, [[N]]);
func.func @select_forms(%z: !asc.local_tensor<vecout, f16>, %b: !asc.local_tensor<veccalc, ui16>,
                        %x: !asc.local_tensor<vecin, f16>, %s: f16, %n: i32) {
  %zero = arith.constant 0.0 : f16
  asc.select vsel_cmpmask_spr, %z, %b, %x, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32
  asc.select vsel_tensor_tensor_mode, %z, %b, %x, %x, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32
  asc.select_scalar vsel_tensor_scalar_mode, %z, %b, %x, %s, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<vecin, f16>, f16, i32
  asc.select_scalar vsel_tensor_scalar_mode, %z, %b, %x, %zero, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<vecin, f16>, f16, i32
  return
}
