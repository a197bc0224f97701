// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// The scalar binds a deduced `const T&`: values of exactly the element type
// pass as they are, everything else is converted to it.
// CHECK-LABEL: void count_forms(
// CHECK-SAME:  AscendC::LocalTensor<float> [[Z:v[0-9]+]], AscendC::LocalTensor<float> [[X:v[0-9]+]], float [[S:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Adds([[Z]], [[X]], [[S]], [[N]]);
// CHECK-NEXT:    AscendC::Muls([[Z]], [[X]], 2.5f, [[N]]);
// CHECK-NEXT:    AscendC::Maxs([[Z]], [[X]], [[S]], [[N]]);
// CHECK-NEXT:    AscendC::Mins([[Z]], [[X]], [[S]], [[N]]);
// CHECK-NEXT:    AscendC::LeakyRelu([[Z]], [[X]], [[S]] * 2.5f, [[N]]);
// CHECK-NEXT:    AscendC::Axpy([[Z]], [[X]], [[S]], [[N]]);
func.func @count_forms(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %s: f32, %n: i32) {
  %k = arith.constant 2.5 : f32
  asc.adds %z, %x, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, f32, i32
  asc.muls %z, %x, %k, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, f32, i32
  asc.maxs %z, %x, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, f32, i32
  asc.mins %z, %x, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, f32, i32
  %slope = arith.mulf %s, %k : f32
  asc.leaky_relu %z, %x, %slope, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, f32, i32
  asc.axpy %z, %x, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, f32, i32
  return
}

// -----

// Narrow integers are promoted to int in C++ expressions, and unsigned
// elements take signless scalars: both are cast to the element type.
// CHECK-LABEL: void converted_scalars(
// CHECK-SAME:  AscendC::LocalTensor<int16_t> [[A:v[0-9]+]], AscendC::LocalTensor<uint32_t> [[U:v[0-9]+]], int16_t [[S:v[0-9]+]], int32_t [[T:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Adds([[A]], [[A]], static_cast<int16_t>(3), [[N]]);
// CHECK-NEXT:    AscendC::Muls([[A]], [[A]], static_cast<int16_t>([[S]] + [[S]]), [[N]]);
// CHECK-NEXT:    AscendC::Mins([[A]], [[A]], [[S]], [[N]]);
// CHECK-NEXT:    AscendC::ShiftLeft([[U]], [[U]], static_cast<uint32_t>([[T]]), [[N]]);
// CHECK-NEXT:    AscendC::ShiftRight([[U]], [[U]], static_cast<uint32_t>(1), [[N]]);
func.func @converted_scalars(%a: !asc.local_tensor<veccalc, i16>, %u: !asc.local_tensor<veccalc, ui32>, %s: i16,
                             %t: i32, %n: i32) {
  %c3 = arith.constant 3 : i16
  %c1 = arith.constant 1 : i32
  asc.adds %a, %a, %c3, %n : !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, i16>, i16, i32
  %twice = arith.addi %s, %s : i16
  asc.muls %a, %a, %twice, %n : !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, i16>, i16, i32
  asc.mins %a, %a, %s, %n : !asc.local_tensor<veccalc, i16>, !asc.local_tensor<veccalc, i16>, i16, i32
  asc.shift_left %u, %u, %t, %n : !asc.local_tensor<veccalc, ui32>, !asc.local_tensor<veccalc, ui32>, i32, i32
  asc.shift_right %u, %u, %c1, %n : !asc.local_tensor<veccalc, ui32>, !asc.local_tensor<veccalc, ui32>, i32, i32
  return
}

// -----

// Masked forms take UnaryRepeatParams; half literals are cast already.
// CHECK-LABEL: void masked_forms(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]])
// CHECK-NEXT:    AscendC::UnaryRepeatParams [[P:v[0-9]+]](1, 1, 8, 8);
// CHECK-NEXT:    AscendC::Adds<half, true>([[Z]], [[X]], static_cast<half>(1.5f), [[M]], [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::LeakyRelu<half, false>([[Z]], [[X]], static_cast<half>(1.5f), [[A]], [[R]], [[P]]);
func.func @masked_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %m: i64, %r: i32) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %h = arith.constant 1.5 : f16
  %p = asc.unary_repeat_params %c1, %c1, %c8, %c8 : i32, i32, i32, i32
  asc.adds_l0 %z, %x, %h, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  asc.leaky_relu_l1 %z, %x, %h, %m, %c0, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  return
}

// -----

// Axpy may accumulate half sources into a float destination: T is the
// destination type, U the source type.
// CHECK-LABEL: void axpy_widening(
// CHECK-SAME:  AscendC::LocalTensor<float> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], half [[S:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]], AscendC::UnaryRepeatParams [[P:v[0-9]+]])
// CHECK-NEXT:    AscendC::Axpy<float, half, true>([[Z]], [[X]], [[S]], [[M]], [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), static_cast<uint64_t>([[M]])};
// CHECK-NEXT:    AscendC::Axpy<float, half, true>([[Z]], [[X]], [[S]], [[A]], [[R]], [[P]]);
func.func @axpy_widening(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f16>, %s: f16, %m: i64,
                         %r: i32, %p: !asc.unary_repeat_params) {
  asc.axpy_l0 %z, %x, %s, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, f16, i64, i32, !asc.unary_repeat_params
  asc.axpy_l1 %z, %x, %s, %m, %m, %r, %p : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>, f16, i64, i64, i32, !asc.unary_repeat_params
  return
}
