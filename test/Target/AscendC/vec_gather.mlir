// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Gather in its three call forms: the offsets are a ui32 tensor, the base
// and the count plain integers; the masked forms end with the destination
// repeat stride and take no isSetMask template argument.
// CHECK-LABEL: void gather_forms(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], AscendC::LocalTensor<uint32_t> [[O:v[0-9]+]], int32_t [[B:v[0-9]+]], int32_t [[N:v[0-9]+]], int64_t [[M:v[0-9]+]])
// CHECK-NEXT:    AscendC::Gather([[Z]], [[X]], [[O]], [[B]], [[N]]);
// CHECK-NEXT:    AscendC::Gather([[Z]], [[X]], [[O]], 0, [[M]], 2, 8);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::Gather([[Z]], [[X]], [[O]], [[B]], [[A]], 2, 8);
func.func @gather_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>,
                        %o: !asc.local_tensor<veccalc, ui32>, %b: i32, %n: i32, %m: i64) {
  %c0 = arith.constant 0 : i32
  %c0_64 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  asc.gather %z, %x, %o, %b, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui32>, i32, i32
  asc.gather_l0 %z, %x, %o, %c0, %m, %c2, %c8 : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui32>, i32, i64, i32, i32
  asc.gather_l1 %z, %x, %o, %b, %m, %c0_64, %c2, %c8 : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, ui32>, i32, i64, i64, i32, i32
  return
}

// -----

// 32-bit elements: bit-mask form with a literal low word; a mask above the
// lanes of a repeat is an element count once counter mode is on.
// CHECK-LABEL: void gather_b32(
// CHECK-SAME:  AscendC::LocalTensor<int32_t> [[Z:v[0-9]+]], AscendC::LocalTensor<int32_t> [[X:v[0-9]+]], AscendC::LocalTensor<uint32_t> [[O:v[0-9]+]], int32_t [[R:v[0-9]+]])
// CHECK-NEXT:    uint64_t [[A:mask]][] = {255, 0};
// CHECK-NEXT:    AscendC::Gather([[Z]], [[X]], [[O]], 64, [[A]], [[R]], 8);
// CHECK-NEXT:    AscendC::SetMaskCount();
// CHECK-NEXT:    AscendC::Gather([[Z]], [[X]], [[O]], 64, 1000, 1, 8);
func.func @gather_b32(%z: !asc.local_tensor<vecout, i32>, %x: !asc.local_tensor<vecin, i32>,
                      %o: !asc.local_tensor<veccalc, ui32>, %r: i32) {
  %c64 = arith.constant 64 : i32
  %c255 = arith.constant 255 : i64
  %c0 = arith.constant 0 : i64
  %c1000 = arith.constant 1000 : i64
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  asc.gather_l1 %z, %x, %o, %c64, %c255, %c0, %r, %c8 : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<veccalc, ui32>, i32, i64, i64, i32, i32
  asc.set_mask_count
  asc.gather_l0 %z, %x, %o, %c64, %c1000, %c1, %c8 : !asc.local_tensor<vecout, i32>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<veccalc, ui32>, i32, i64, i32, i32
  return
}

// -----

// Gatherb copies 32-byte blocks of ui16 or ui32 by the block offsets.
// CHECK-LABEL: void gatherb(
// CHECK-SAME:  AscendC::LocalTensor<uint16_t> [[Z:v[0-9]+]], AscendC::LocalTensor<uint16_t> [[X:v[0-9]+]], AscendC::LocalTensor<uint32_t> [[O:v[0-9]+]], int32_t [[R:v[0-9]+]])
// CHECK-NEXT:    AscendC::GatherRepeatParams [[P:v[0-9]+]](1, 8);
// CHECK-NEXT:    AscendC::Gatherb([[Z]], [[X]], [[O]], [[R]], [[P]]);
func.func @gatherb(%z: !asc.local_tensor<vecout, ui16>, %x: !asc.local_tensor<vecin, ui16>,
                   %o: !asc.local_tensor<veccalc, ui32>, %r: i32) {
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %p = asc.gather_repeat_params %c1, %c8 : i32, i32
  asc.gatherb %z, %x, %o, %r, %p : !asc.local_tensor<vecout, ui16>, !asc.local_tensor<vecin, ui16>, !asc.local_tensor<veccalc, ui32>, i32, !asc.gather_repeat_params
  return
}
