// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// CHECK-LABEL: void count_forms(
// CHECK-SAME:  AscendC::LocalTensor<float> [[Z:v[0-9]+]], AscendC::LocalTensor<float> [[X:v[0-9]+]], AscendC::LocalTensor<uint16_t> [[U:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Abs([[Z]], [[X]], [[N]]);
// CHECK-NEXT:    AscendC::Exp([[Z]], [[X]], [[N]]);
// CHECK-NEXT:    AscendC::Ln([[Z]], [[X]], [[N]]);
// CHECK-NEXT:    AscendC::Sqrt([[Z]], [[X]], [[N]]);
// CHECK-NEXT:    AscendC::Rsqrt([[Z]], [[X]], [[N]]);
// CHECK-NEXT:    AscendC::Reciprocal([[Z]], [[X]], [[N]]);
// CHECK-NEXT:    AscendC::Relu([[Z]], [[X]], [[N]]);
// CHECK-NEXT:    AscendC::Not([[U]], [[U]], [[N]]);
func.func @count_forms(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>,
                       %u: !asc.local_tensor<veccalc, ui16>, %n: i32) {
  asc.abs %z, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.exp %z, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.ln %z, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.sqrt %z, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.rsqrt %z, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.reciprocal %z, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.relu %z, %x, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.bitwise_not %u, %u, %n : !asc.local_tensor<veccalc, ui16>, !asc.local_tensor<veccalc, ui16>, i32
  return
}

// -----

// Repeat-parameter fields that are not literals of the field type are
// converted: UnaryRepeatParams(uint16_t, uint16_t, uint8_t, uint8_t).
// CHECK-LABEL: void masked_forms(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[STRIDE:v[0-9]+]])
// CHECK-NEXT:    AscendC::UnaryRepeatParams [[P:v[0-9]+]](1, 1, pyasc::param_field<uint8_t>([[STRIDE]], "UnaryRepeatParams", "dst_rep_stride", 0, -1), pyasc::param_field<uint8_t>([[STRIDE]] * 2, "UnaryRepeatParams", "src_rep_stride", 0, -1));
// CHECK-NEXT:    AscendC::Exp<half, true>([[Z]], [[X]], 128, 4, [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), static_cast<uint64_t>([[M]])};
// CHECK-NEXT:    AscendC::Ln<half, true>([[Z]], [[X]], [[A]], 4, [[P]]);
func.func @masked_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %m: i64,
                        %stride: i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c128 = arith.constant 128 : i64
  %double = arith.muli %stride, %c2 : i32
  %p = asc.unary_repeat_params %c1, %c1, %stride, %double : i32, i32, i32, i32
  asc.exp_l0 %z, %x, %c128, %c4, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.unary_repeat_params
  asc.ln_l1 %z, %x, %m, %m, %c4, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.unary_repeat_params
  return
}
