// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// The round mode is an argument after the tensors; the masked forms name
// the destination type before the source type.
// CHECK-LABEL: void cast_forms(
// CHECK-SAME:  AscendC::LocalTensor<half> [[H:v[0-9]+]], AscendC::LocalTensor<float> [[F:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]], AscendC::UnaryRepeatParams [[P:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Cast([[H]], [[F]], AscendC::RoundMode::CAST_RINT, [[N]]);
// CHECK-NEXT:    AscendC::Cast([[F]], [[H]], AscendC::RoundMode::CAST_NONE, [[N]]);
// CHECK-NEXT:    AscendC::Cast<half, float, true>([[H]], [[F]], AscendC::RoundMode::CAST_ODD, [[M]], [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::Cast<half, float, false>([[H]], [[F]], AscendC::RoundMode::CAST_TRUNC, [[A]], [[R]], [[P]]);
func.func @cast_forms(%h: !asc.local_tensor<vecout, f16>, %f: !asc.local_tensor<vecin, f32>, %m: i64, %r: i32,
                      %p: !asc.unary_repeat_params, %n: i32) {
  %c0 = arith.constant 0 : i64
  asc.cast cast_rint, %h, %f, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f32>, i32
  asc.cast cast_none, %f, %h, %n : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecout, f16>, i32
  asc.cast_l0 cast_odd, %h, %f, %m, %r, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f32>, i64, i32, !asc.unary_repeat_params
  asc.cast_l1 cast_trunc, %h, %f, %m, %c0, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f32>, i64, i64, i32, !asc.unary_repeat_params
  return
}

// -----

// Integer and bfloat16 conversions.
// CHECK-LABEL: void cast_types(
// CHECK-SAME:  AscendC::LocalTensor<bfloat16_t> [[B:v[0-9]+]], AscendC::LocalTensor<int32_t> [[I:v[0-9]+]], AscendC::LocalTensor<uint8_t> [[U:v[0-9]+]], AscendC::LocalTensor<half> [[H:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::Cast([[I]], [[B]], AscendC::RoundMode::CAST_FLOOR, [[N]]);
// CHECK-NEXT:    AscendC::Cast([[U]], [[H]], AscendC::RoundMode::CAST_CEIL, [[N]]);
// CHECK-NEXT:    AscendC::Cast([[H]], [[U]], AscendC::RoundMode::CAST_NONE, [[N]]);
func.func @cast_types(%b: !asc.local_tensor<vecin, bf16>, %i: !asc.local_tensor<vecout, i32>,
                      %u: !asc.local_tensor<veccalc, ui8>, %h: !asc.local_tensor<vecout, f16>, %n: i32) {
  asc.cast cast_floor, %i, %b, %n : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, bf16>, i32
  asc.cast cast_ceil, %u, %h, %n : !asc.local_tensor<veccalc, ui8>, !asc.local_tensor<vecout, f16>, i32
  asc.cast cast_none, %h, %u, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, ui8>, i32
  return
}
