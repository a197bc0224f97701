// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// The fused casts: count forms deduce <T, U>; the masked forms with
// is_set_mask pass <T, U, isSetMask>; MulCast has no isSetMask in pyasc, so
// its masked forms deduce their types too.
// CHECK-LABEL: void fused(
// CHECK-SAME:  AscendC::LocalTensor<int8_t> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], AscendC::LocalTensor<half> [[Y:v[0-9]+]], AscendC::LocalTensor<half> [[H:v[0-9]+]], AscendC::LocalTensor<int32_t> [[W:v[0-9]+]], AscendC::LocalTensor<uint8_t> [[U:v[0-9]+]], int32_t [[N:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]], AscendC::BinaryRepeatParams [[P:v[0-9]+]])
// CHECK-NEXT:    AscendC::AddReluCast([[Z]], [[X]], [[Y]], [[N]]);
// CHECK-NEXT:    AscendC::SubReluCast<int8_t, half, true>([[Z]], [[X]], [[Y]], [[M]], [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::MulCast([[U]], [[X]], [[Y]], [[A]], [[R]], [[P]]);
// CHECK-NEXT:    AscendC::MulCast([[U]], [[X]], [[Y]], [[M]], [[R]], [[P]]);
// CHECK-NEXT:    AscendC::AddDeqRelu([[H]], [[W]], [[W]], [[N]]);
// CHECK-NEXT:    AscendC::AddDeqRelu<half, int32_t, false>([[H]], [[W]], [[W]], [[M]], [[R]], [[P]]);
// CHECK-NEXT:  }
func.func @fused(%z: !asc.local_tensor<vecout, i8>, %x: !asc.local_tensor<vecin, f16>, %y: !asc.local_tensor<vecin, f16>,
                 %h: !asc.local_tensor<vecout, f16>, %w: !asc.local_tensor<vecin, i32>, %u: !asc.local_tensor<vecout, ui8>,
                 %n: i32, %m: i64, %r: i32, %p: !asc.binary_repeat_params) {
  %c0 = arith.constant 0 : i64
  asc.add_relu_cast %z, %x, %y, %n : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i32
  asc.sub_relu_cast_l0 %z, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.binary_repeat_params
  asc.mul_cast_l1 %u, %x, %y, %m, %c0, %r, %p : !asc.local_tensor<vecout, ui8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, !asc.binary_repeat_params
  asc.mul_cast_l0 %u, %x, %y, %m, %r, %p : !asc.local_tensor<vecout, ui8>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, i64, i32, !asc.binary_repeat_params
  asc.add_deq_relu %h, %w, %w, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i32
  asc.add_deq_relu_l0 %h, %w, %w, %m, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, i64, i32, !asc.binary_repeat_params
  return
}

// -----

// The three SetDeqScale forms (the scalar ones spelled as exactly half,
// float, int16_t, bool), VdeqInfo declared after its three arrays, and
// CastDeq whose every form passes <T, U[, isSetMask], isVecDeq, halfBlock>.
// CHECK-LABEL: void deq(
// CHECK-SAME:  AscendC::LocalTensor<int8_t> [[Z:v[0-9]+]], AscendC::LocalTensor<int16_t> [[X:v[0-9]+]], AscendC::LocalTensor<half> [[H:v[0-9]+]], AscendC::LocalTensor<int32_t> [[W:v[0-9]+]], AscendC::LocalTensor<uint64_t> [[T:v[0-9]+]], int32_t [[N:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]], AscendC::UnaryRepeatParams [[P:v[0-9]+]])
// CHECK-NEXT:    AscendC::SetDeqScale(static_cast<half>(0.5f));
// CHECK-NEXT:    AscendC::SetDeqScale(0.25f, static_cast<int16_t>(-3), true);
// CHECK-NEXT:    const float [[V:v[0-9]+]]_scale[16] = {0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f, 0.25f};
// CHECK-NEXT:    const int16_t [[V]]_offset[16] = {-3, -3, -3, -3, -3, -3, -3, -3, -3, -3, -3, -3, -3, -3, -3, -3};
// CHECK-NEXT:    const bool [[V]]_sign_mode[16] = {true, true, true, true, true, true, true, true, false, false, false, false, false, false, false, false};
// CHECK-NEXT:    AscendC::VdeqInfo [[V]]([[V]]_scale, [[V]]_offset, [[V]]_sign_mode);
// CHECK-NEXT:    AscendC::SetDeqScale([[T]], [[V]]);
// CHECK-NEXT:    AscendC::CastDeq<int8_t, int16_t, true, true>([[Z]], [[X]], [[N]]);
// CHECK-NEXT:    AscendC::CastDeq<half, int32_t, false, false>([[H]], [[W]], [[N]]);
// CHECK-NEXT:    AscendC::CastDeq<int8_t, int16_t, false, true, true>([[Z]], [[X]], [[M]], [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::CastDeq<int8_t, int16_t, true, true, false>([[Z]], [[X]], [[A]], [[R]], [[P]]);
// CHECK-NEXT:  }
func.func @deq(%z: !asc.local_tensor<vecout, i8>, %x: !asc.local_tensor<vecin, i16>, %h: !asc.local_tensor<vecout, f16>, %w: !asc.local_tensor<vecin, i32>, %t: !asc.local_tensor<veccalc, ui64>, %n: i32, %m: i64, %r: i32, %p: !asc.unary_repeat_params) {
  %c0 = arith.constant 0 : i64
  %s = arith.constant 0.5 : f16
  %f = arith.constant 0.25 : f32
  %o = arith.constant -3 : i16
  %b = arith.constant true
  %b0 = arith.constant false
  asc.set_deq_scale %s : f16
  asc.set_deq_scale_offset %f, %o, %b : f32, i16, i1
  %v = asc.vdeq_info %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %o, %b, %b, %b, %b, %b, %b, %b, %b, %b0, %b0, %b0, %b0, %b0, %b0, %b0, %b0 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  asc.set_deq_scale_vec %t, %v : !asc.local_tensor<veccalc, ui64>, !asc.vdeq_info
  asc.cast_deq %z, %x, %n : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i16>, i32
  asc.cast_deq %h, %w, %n {is_vec_deq = false, half_block = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, i32>, i32
  asc.cast_deq_l0 %z, %x, %m, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i16>, i64, i32, !asc.unary_repeat_params
  asc.cast_deq_l1 %z, %x, %m, %c0, %r, %p {half_block = false} : !asc.local_tensor<vecout, i8>, !asc.local_tensor<vecin, i16>, i64, i64, i32, !asc.unary_repeat_params
  return
}

// -----

// BilinearInterpolation deduces T; the bit-mask form declares its array.
// CHECK-LABEL: void bilinear(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], AscendC::LocalTensor<uint32_t> [[O:v[0-9]+]], AscendC::LocalTensor<half> [[W:v[0-9]+]], AscendC::LocalTensor<uint8_t> [[T:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[H:v[0-9]+]], bool [[RM:v[0-9]+]], int32_t [[V:v[0-9]+]])
// CHECK-NEXT:    AscendC::BilinearInterpolation([[Z]], [[X]], [[O]], [[W]], [[M]], [[H]], [[RM]], 1, 128, [[V]], [[T]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::BilinearInterpolation([[Z]], [[X]], [[O]], [[W]], [[A]], [[H]], true, 1, 128, [[V]], [[T]]);
// CHECK-NEXT:  }
func.func @bilinear(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %o: !asc.local_tensor<vecin, ui32>, %w: !asc.local_tensor<vecin, f16>, %t: !asc.local_tensor<veccalc, ui8>, %m: i64, %h: i32, %rm: i1, %v: i32) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %true = arith.constant true
  asc.bilinear_interpolation_l0 %z, %x, %o, %w, %m, %h, %rm, %c1, %c128, %v, %t : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f16>, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>
  asc.bilinear_interpolation_l1 %z, %x, %o, %w, %m, %c0, %h, %true, %c1, %c128, %v, %t : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, ui32>, !asc.local_tensor<vecin, f16>, i64, i64, i32, i1, i32, i32, i32, !asc.local_tensor<veccalc, ui8>
  return
}
