// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false -split-input-file %s | FileCheck %s

// Whole-tensor reductions: deduced templates; ReduceMax/Min pass calIndex
// last.
// CHECK-LABEL: void reduce_forms(
// CHECK-SAME:  AscendC::LocalTensor<float> [[Z:v[0-9]+]], AscendC::LocalTensor<float> [[X:v[0-9]+]], AscendC::LocalTensor<float> [[T:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]], int32_t [[N:v[0-9]+]])
// CHECK-NEXT:    AscendC::ReduceSum([[Z]], [[X]], [[T]], [[N]]);
// CHECK-NEXT:    AscendC::ReduceMax([[Z]], [[X]], [[T]], [[N]], true);
// CHECK-NEXT:    AscendC::ReduceMin([[Z]], [[X]], [[T]], [[M]], [[R]], 8, false);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::ReduceSum([[Z]], [[X]], [[T]], [[A]], [[R]], 8);
// CHECK-NEXT:    uint64_t [[B:mask_1]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::ReduceMax([[Z]], [[X]], [[T]], [[B]], [[R]], 8, true);
func.func @reduce_forms(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>,
                        %t: !asc.local_tensor<veccalc, f32>, %m: i64, %r: i32, %n: i32) {
  %c0 = arith.constant 0 : i64
  %c8 = arith.constant 8 : i32
  asc.reduce_sum %z, %x, %t, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.reduce_max %z, %x, %t, %n {cal_index = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i32
  asc.reduce_min_l0 %z, %x, %t, %m, %r, %c8 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i64, i32, i32
  asc.reduce_sum_l1 %z, %x, %t, %m, %c0, %r, %c8 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i64, i64, i32, i32
  asc.reduce_max_l1 %z, %x, %t, %m, %c0, %r, %c8 {cal_index = true} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<veccalc, f32>, i64, i64, i32, i32
  return
}

// -----

// Per-repeat reductions: mask, repeat, dstRepStride, srcBlkStride,
// srcRepStride, then the order of WholeReduceMax/Min.
// CHECK-LABEL: void whole_reduce_forms(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], int64_t [[LO:v[0-9]+]], int64_t [[HI:v[0-9]+]], int32_t [[R:v[0-9]+]])
// CHECK-NEXT:    AscendC::WholeReduceSum<half, true>([[Z]], [[X]], 128, [[R]], 1, 1, 8);
// CHECK-NEXT:    AscendC::WholeReduceMax<half, true>([[Z]], [[X]], 128, [[R]], 1, 1, 8, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[LO]]), static_cast<uint64_t>([[HI]])};
// CHECK-NEXT:    AscendC::WholeReduceMin<half, false>([[Z]], [[X]], [[A]], [[R]], 1, 1, 8, AscendC::ReduceOrder::ORDER_ONLY_INDEX);
func.func @whole_reduce_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %lo: i64,
                              %hi: i64, %r: i32) {
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c128 = arith.constant 128 : i64
  asc.whole_reduce_sum_l0 %z, %x, %c128, %r, %c1, %c1, %c8 : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, i32, i32, i32
  asc.whole_reduce_max_l0 order_index_value, %z, %x, %c128, %r, %c1, %c1, %c8 : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i32, i32, i32, i32
  asc.whole_reduce_min_l1 order_only_index, %z, %x, %lo, %hi, %r, %c1, %c1, %c8 {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i64, i64, i32, i32, i32, i32
  return
}

// -----

// Per-block and pairwise reductions take the repeat count before the mask.
// CHECK-LABEL: void block_reduce_forms(
// CHECK-SAME:  AscendC::LocalTensor<float> [[Z:v[0-9]+]], AscendC::LocalTensor<float> [[X:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]])
// CHECK-NEXT:    AscendC::BlockReduceSum<float, true>([[Z]], [[X]], [[R]], [[M]], 1, 1, 8);
// CHECK-NEXT:    AscendC::BlockReduceMax<float, true>([[Z]], [[X]], [[R]], [[M]], 1, 1, 8);
// CHECK-NEXT:    uint64_t [[A:mask]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::BlockReduceMin<float, true>([[Z]], [[X]], [[R]], [[A]], 1, 1, 8);
// CHECK-NEXT:    AscendC::PairReduceSum<float, false>([[Z]], [[X]], [[R]], [[M]], 1, 1, 8);
// CHECK-NEXT:    uint64_t [[B:mask_1]][] = {static_cast<uint64_t>([[M]]), 0};
// CHECK-NEXT:    AscendC::PairReduceSum<float, true>([[Z]], [[X]], [[R]], [[B]], 1, 1, 8);
func.func @block_reduce_forms(%z: !asc.local_tensor<vecout, f32>, %x: !asc.local_tensor<vecin, f32>, %m: i64,
                              %r: i32) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  asc.block_reduce_sum_l0 %z, %x, %r, %m, %c1, %c1, %c8 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i32, i32, i32
  asc.block_reduce_max_l0 %z, %x, %r, %m, %c1, %c1, %c8 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i32, i32, i32
  asc.block_reduce_min_l1 %z, %x, %r, %m, %c0, %c1, %c1, %c8 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i64, i32, i32, i32
  asc.pair_reduce_sum_l0 %z, %x, %r, %m, %c1, %c1, %c8 {is_set_mask = false} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i32, i32, i32
  asc.pair_reduce_sum_l1 %z, %x, %r, %m, %c0, %c1, %c1, %c8 : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32, i64, i64, i32, i32, i32
  return
}

// -----

// RepeatReduceSum: repeat, mask, dstBlkStride, srcBlkStride, dstRepStride,
// srcRepStride; continuous mask only.
// CHECK-LABEL: void repeat_reduce_forms(
// CHECK-SAME:  AscendC::LocalTensor<half> [[Z:v[0-9]+]], AscendC::LocalTensor<half> [[X:v[0-9]+]], int64_t [[M:v[0-9]+]], int32_t [[R:v[0-9]+]])
// CHECK-NEXT:    AscendC::RepeatReduceSum<half, true>([[Z]], [[X]], [[R]], [[M]], 1, 1, 8, 8);
// CHECK-NEXT:    AscendC::RepeatReduceSum<half, false>([[Z]], [[X]], 2, 128, 0, 1, 1, 8);
func.func @repeat_reduce_forms(%z: !asc.local_tensor<vecout, f16>, %x: !asc.local_tensor<vecin, f16>, %m: i64,
                               %r: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c128 = arith.constant 128 : i64
  asc.repeat_reduce_sum %z, %x, %r, %m, %c1, %c1, %c8, %c8 : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32, i64, i32, i32, i32, i32
  asc.repeat_reduce_sum %z, %x, %c2, %c128, %c0, %c1, %c1, %c8 {is_set_mask = false} : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, i32, i64, i32, i32, i32, i32
  return
}
