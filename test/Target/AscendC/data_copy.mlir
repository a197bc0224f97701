// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// DataCopy with DataCopyParams in every direction, including UB to UB.
// CHECK-LABEL: void params_form(
// CHECK-SAME:  AscendC::GlobalTensor<half> [[G:v[0-9]+]], AscendC::LocalTensor<half> [[I:v[0-9]+]], AscendC::LocalTensor<half> [[O:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::DataCopyParams [[P:v[0-9]+]](pyasc::param_field<uint16_t>([[N]], "DataCopyParams", "block_count", 0, 4095), 2, 0, 0);
// CHECK-NEXT:    AscendC::DataCopy([[I]], [[G]], [[P]]);
// CHECK-NEXT:    AscendC::DataCopy([[O]], [[I]], [[P]]);
// CHECK-NEXT:    AscendC::DataCopy([[G]], [[O]], [[P]]);
// CHECK-NEXT:    AscendC::DataCopy([[O]], [[I]], 128);
func.func @params_form(%g: !asc.global_tensor<f16>, %in: !asc.local_tensor<vecin, f16>,
                       %out: !asc.local_tensor<vecout, f16>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %p = asc.data_copy_params %n, %c2, %c0, %c0 : i32, i32, i32, i32
  asc.data_copy_params_form %in, %g, %p : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>, !asc.data_copy_params
  asc.data_copy_params_form %out, %in, %p : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.data_copy_params
  asc.data_copy_params_form %g, %out, %p : !asc.global_tensor<f16>, !asc.local_tensor<vecout, f16>, !asc.data_copy_params
  asc.data_copy %out, %in, %c128 : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32
  return
}

// -----

// DataCopyPad with the extended parameters: padding of the element type
// into UB, none back to GM.
// CHECK-LABEL: void pad_ext(
// CHECK-SAME:  AscendC::GlobalTensor<float> [[G:v[0-9]+]], AscendC::LocalTensor<float> [[I:v[0-9]+]], int32_t [[LEN:v[0-9]+]])
// CHECK-NEXT:    AscendC::DataCopyExtParams [[P:v[0-9]+]](1, pyasc::param_field<uint32_t>([[LEN]], "DataCopyExtParams", "block_len", 1, 2097151), 0, 0, 0);
// CHECK-NEXT:    AscendC::DataCopyPadExtParams<float> [[PAD:v[0-9]+]](true, 0, 2, 0.0f);
// CHECK-NEXT:    AscendC::DataCopyPad([[I]], [[G]], [[P]], [[PAD]]);
// CHECK-NEXT:    AscendC::DataCopyPad([[G]], [[I]], [[P]]);
func.func @pad_ext(%g: !asc.global_tensor<f32>, %in: !asc.local_tensor<vecin, f32>, %len: i32) {
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant 0.0 : f32
  %p = asc.data_copy_ext_params %c1, %len, %c0, %c0, %c0 : i32, i32, i32, i32, i32
  %pad = asc.data_copy_pad_ext_params %true, %c0, %c2, %zero : i1, i32, i32, f32 -> !asc.data_copy_pad_ext_params<f32>
  asc.data_copy_pad %in, %g, %p, %pad : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, !asc.data_copy_ext_params, !asc.data_copy_pad_ext_params<f32>
  asc.data_copy_pad %g, %in, %p : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>, !asc.data_copy_ext_params
  return
}

// -----

// DataCopyPad with DataCopyParams and DataCopyPadParams; the unsigned
// padding value of the template struct is converted from its signless
// scalar.
// CHECK-LABEL: void pad_params(
// CHECK-SAME:  AscendC::GlobalTensor<uint16_t> [[G:v[0-9]+]], AscendC::LocalTensor<uint16_t> [[I:v[0-9]+]], bool [[IS:v[0-9]+]], int16_t [[V:v[0-9]+]])
// CHECK-NEXT:    AscendC::DataCopyParams [[P:v[0-9]+]](1, 64, 0, 0);
// CHECK-NEXT:    AscendC::DataCopyPadParams [[PAD:v[0-9]+]]([[IS]], 1, 1, 0);
// CHECK-NEXT:    AscendC::DataCopyPad([[I]], [[G]], [[P]], [[PAD]]);
// CHECK-NEXT:    AscendC::DataCopyPad([[G]], [[I]], [[P]]);
// CHECK-NEXT:    AscendC::DataCopyPadExtParams<uint16_t> [[EXT:v[0-9]+]]([[IS]], 1, 1, static_cast<uint16_t>([[V]]));
func.func @pad_params(%g: !asc.global_tensor<ui16>, %in: !asc.local_tensor<vecin, ui16>, %is_pad: i1, %v: i16) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %p = asc.data_copy_params %c1, %c64, %c0, %c0 : i32, i32, i32, i32
  %pad = asc.data_copy_pad_params %is_pad, %c1, %c1, %c0 : i1, i32, i32, i32
  asc.data_copy_pad %in, %g, %p, %pad : !asc.local_tensor<vecin, ui16>, !asc.global_tensor<ui16>, !asc.data_copy_params, !asc.data_copy_pad_params
  asc.data_copy_pad %g, %in, %p : !asc.global_tensor<ui16>, !asc.local_tensor<vecin, ui16>, !asc.data_copy_params
  %ext = asc.data_copy_pad_ext_params %is_pad, %c1, %c1, %v : i1, i32, i32, i16 -> !asc.data_copy_pad_ext_params<ui16>
  func.call @use(%ext) : (!asc.data_copy_pad_ext_params<ui16>) -> ()
  return
}
func.func private @use(!asc.data_copy_pad_ext_params<ui16>)

// -----

// Copy between UB tensors on the vector unit: template arguments T and
// isSetMask, strides in CopyRepeatParams.
// CHECK-LABEL: void vector_copy(
// CHECK-SAME:  AscendC::LocalTensor<bfloat16_t> [[O:v[0-9]+]], AscendC::LocalTensor<bfloat16_t> [[I:v[0-9]+]], AscendC::LocalTensor<uint32_t> [[OU:v[0-9]+]], AscendC::LocalTensor<uint32_t> [[IU:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]])
// CHECK-NEXT:    AscendC::CopyRepeatParams [[P:v[0-9]+]](1, 1, 8, 8);
// CHECK-NEXT:    AscendC::Copy<bfloat16_t, true>([[O]], [[I]], [[M]], [[R]], [[P]]);
// CHECK-NEXT:    AscendC::Copy<bfloat16_t, false>([[O]], [[I]], static_cast<uint64_t>(0), [[R]], [[P]]);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::Copy<uint32_t, true>([[OU]], [[IU]], [[A]], 4, [[P]]);
func.func @vector_copy(%out: !asc.local_tensor<vecout, bf16>, %in: !asc.local_tensor<vecin, bf16>,
                       %outu: !asc.local_tensor<vecout, ui32>, %inu: !asc.local_tensor<vecin, ui32>,
                       %m: i64, %r: i32) {
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c8 = arith.constant 8 : i32
  %c0 = arith.constant 0 : i64
  %p = asc.copy_repeat_params %c1, %c1, %c8, %c8 : i32, i32, i32, i32
  asc.copy_l0 %out, %in, %m, %r, %p : !asc.local_tensor<vecout, bf16>, !asc.local_tensor<vecin, bf16>, i64, i32, !asc.copy_repeat_params
  asc.copy_l0 %out, %in, %c0, %r, %p {is_set_mask = false} : !asc.local_tensor<vecout, bf16>, !asc.local_tensor<vecin, bf16>, i64, i32, !asc.copy_repeat_params
  asc.copy_l1 %outu, %inu, %m, %c0, %c4, %p : !asc.local_tensor<vecout, ui32>, !asc.local_tensor<vecin, ui32>, i64, i64, i32, !asc.copy_repeat_params
  return
}

// -----

// SetPadValue deduces T from the value, spelled as exactly its type; a
// position adds both template arguments.
// CHECK-LABEL: void pad_value(
// CHECK-SAME:  half [[H:v[0-9]+]], int16_t [[S:v[0-9]+]])
// CHECK-NEXT:    AscendC::SetPadValue([[H]]);
// CHECK-NEXT:    AscendC::SetPadValue(static_cast<int16_t>(-1));
// CHECK-NEXT:    AscendC::SetPadValue<int16_t, AscendC::TPosition::VECIN>([[S]]);
// CHECK-NEXT:    AscendC::SetPadValue<double, AscendC::TPosition::VECOUT>(0.0);
// CHECK-NEXT:    AscendC::SetPadValue(static_cast<int64_t>(0));
func.func @pad_value(%h: f16, %s: i16) {
  %m1 = arith.constant -1 : i16
  %zf = arith.constant 0.0 : f64
  %zi = arith.constant 0 : i64
  asc.set_pad_value %h : f16
  asc.set_pad_value %m1 : i16
  asc.set_pad_value %s {position = #asc<position vecin>} : i16
  asc.set_pad_value %zf {position = #asc<position vecout>} : f64
  asc.set_pad_value %zi : i64
  return
}
