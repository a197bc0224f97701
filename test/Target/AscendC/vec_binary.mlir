// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Count forms print through the generic API-call printer; template
// arguments are deduced.
// CHECK-LABEL: void count_forms(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], AscendC::LocalTensor<half> [[Y:v[0-9]+]], AscendC::LocalTensor<int16_t> [[ZI:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Add([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::Sub([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::Mul([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::Div([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::Max([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::Min([[Z]][128], [[X]][128], [[Y]], [[N]] - 128);
// CHECK-NEXT:    AscendC::AddRelu([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::SubRelu([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::And([[ZI]], [[ZI]], [[ZI]], [[N]]);
// CHECK-NEXT:    AscendC::Or([[ZI]], [[ZI]], [[ZI]], [[N]]);
// CHECK-NEXT:    AscendC::FusedMulAdd([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::FusedMulAddRelu([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::MulAddDst([[Z]], [[X]], [[Y]], [[N]]);
func.func @count_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                       %y: !asc.local_tensor<veccalc, f16>, %zi: !asc.local_tensor<veccalc, i16>, %n: i32) {
  asc.add %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.sub %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.mul %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.div %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.max %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  %c128 = arith.constant 128 : i32
  %zv = asc.subview %z[%c128] : !asc.local_tensor<vecout, f16>, i32
  %xv = asc.subview %x[%c128] : !asc.local_tensor<vecin, f16>, i32
  %rest = arith.subi %n, %c128 : i32
  asc.min %zv, %xv, %y, %rest : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.add_relu %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.sub_relu %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.bitwise_and %zi, %zi, %zi, %n : !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, i16>, i32
  asc.bitwise_or %zi, %zi, %zi, %n : !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, i16>, i32
  asc.fused_mul_add %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.fused_mul_add_relu %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  asc.mul_add_dst %z, %x, %y, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>, i32
  return
}

// -----

// The continuous-mask form passes the element type and isSetMask; the
// repeat parameters are declared before their use. A literal 0 mask is
// typed: bare, it would also match the mask-array overload.
// CHECK-LABEL: void continuous_mask(
// CHECK-SAME:  AscendC::LocalTensor<float> [[Z:v[0-9]+]], AscendC::LocalTensor<float> [[X:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]])
// CHECK-NEXT:    AscendC::BinaryRepeatParams [[P:v[0-9]+]](1, 1, 1, 8, 8, 8);
// CHECK-NEXT:    AscendC::Add<float, true>([[Z]], [[X]], [[X]], [[M]], [[R]], [[P]]);
// CHECK-NEXT:    AscendC::FusedMulAddRelu<float, false>([[Z]], [[X]], [[X]], static_cast<uint64_t>(0), 1, [[P]]);
func.func @continuous_mask(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %m: i64, %r: i32) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %p = asc.binary_repeat_params %c1, %c1, %c1, %c8, %c8, %c8 : i32, i32, i32, i32, i32, i32
  asc.add_l0 %z, %x, %x, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.binary_repeat_params
  asc.fused_mul_add_relu_l0 %z, %x, %x, %c0, %c1, %p {is_set_mask = false} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.binary_repeat_params
  return
}

// -----

// The bit-mask form declares a uint64_t[2] first (low word first); braces
// reject narrowing, so only non-negative literals go in unconverted. Each
// array gets its own name.
// CHECK-LABEL: void bit_mask(
// CHECK-SAME:  AscendC::LocalTensor<int16_t> [[Z:v[0-9]+]], AscendC::LocalTensor<int16_t> [[X:v[0-9]+]], int64_t [[HI:v[0-9]+]], AscendC::BinaryRepeatParams [[P:v[0-9]+]])
// CHECK-NEXT:    uint64_t [[M1:mask]][] = {static_cast<uint64_t>(-1), static_cast<uint64_t>([[HI]])};
// CHECK-NEXT:    AscendC::Sub<int16_t, true>([[Z]], [[X]], [[X]], [[M1]], 2, [[P]]);
// CHECK-NEXT:    uint64_t [[M2:mask_1]][] = {255, 0};
// CHECK-NEXT:    AscendC::And<int16_t, false>([[Z]], [[X]], [[X]], [[M2]], 2, [[P]]);
func.func @bit_mask(%z: !asc.local_tensor<vecout, i16>, %x: !asc.local_tensor<vecin, i16>, %hi: i64,
                    %p: !asc.binary_repeat_params) {
  %all = arith.constant -1 : i64
  %low = arith.constant 255 : i64
  %zero = arith.constant 0 : i64
  %r = arith.constant 2 : i32
  asc.sub_l1 %z, %x, %x, %all, %hi, %r, %p : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i64, i64, i32, !asc.binary_repeat_params
  asc.bitwise_and_l1 %z, %x, %x, %low, %zero, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, i64, i64, i32, !asc.binary_repeat_params
  return
}

// -----

// MulAddDst passes the destination and source element types.
// CHECK-LABEL: void mul_add_dst_widening(
// CHECK-SAME:  AscendC::LocalTensor<float> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], int64_t [[M:v[0-9]+]], int64_t [[HI:v[0-9]+]], int32_t [[R:v[0-9]+]], AscendC::BinaryRepeatParams [[P:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::MulAddDst([[Z]], [[X]], [[X]], [[N]]);
// CHECK-NEXT:    AscendC::MulAddDst<float, half, true>([[Z]], [[X]], [[X]], [[M]], [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), static_cast<uint64_t>([[HI]])};
// CHECK-NEXT:    AscendC::MulAddDst<float, half, true>([[Z]], [[X]], [[X]], [[A]], [[R]], [[P]]);
func.func @mul_add_dst_widening(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f16>, %m: i64, %hi: i64,
                                %r: i32, %p: !asc.binary_repeat_params, %n: i32) {
  asc.mul_add_dst %z, %x, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32
  asc.mul_add_dst_l0 %z, %x, %x, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.binary_repeat_params
  asc.mul_add_dst_l1 %z, %x, %x, %m, %hi, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.binary_repeat_params
  return
}
