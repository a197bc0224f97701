// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s

// LoadImageToLocalParams is declared with its constructor; LoadImageToLocal
// deduces T from the destination.

// CHECK-LABEL: void load_image(
// CHECK:         AscendC::LoadImageToLocalParams [[P:v[0-9]+]](2, pyasc::param_field<uint16_t>(v1, "LoadImageToLocalParams", "vert_size", 0, -1), 0, 1, 8, 1, 2, 3, 4);
// CHECK:         AscendC::LoadImageToLocal([[T:v[0-9]+]], [[P]]);
// CHECK:         AscendC::LoadImageToLocal({{v[0-9]+}}, [[P]]);
func.func @load_image(%h: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %p = asc.load_image_to_local_params %c2, %h, %c0, %c1, %c8, %c1, %c2, %c3, %c4 : i32, i32, i32, i32, i32, i32, i32, i32, i32
  %a1 = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<a1, f16>
  %b1 = asc.local_tensor %c0, %c64 : i32, i32 -> !asc.local_tensor<b1, i8>
  asc.load_image_to_local %a1, %p : !asc.local_tensor<a1, f16>, !asc.load_image_to_local_params
  asc.load_image_to_local %b1, %p : !asc.local_tensor<b1, i8>, !asc.load_image_to_local_params
  return
}
