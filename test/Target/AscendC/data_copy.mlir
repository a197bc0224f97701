// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// DataCopy with DataCopyParams in every direction, including UB to UB.
// CHECK-LABEL: void params_form(
// CHECK-SAME:  AscendC::GlobalTensor<half> [[G:v[0-9]+]], AscendC::LocalTensor<half> [[I:v[0-9]+]], AscendC::LocalTensor<half> [[O:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::DataCopyParams [[P:v[0-9]+]](static_cast<uint16_t>([[N]]), 2, 0, 0);
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
// CHECK-NEXT:    AscendC::DataCopyExtParams [[P:v[0-9]+]](1, static_cast<uint32_t>([[LEN]]), 0, 0, 0);
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
