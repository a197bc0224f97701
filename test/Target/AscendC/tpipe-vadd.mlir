// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s
// RUN: ascir-opt %s -asc-privatize-device-functions -inline -symbol-dce -canonicalize -asc-verify-capacity -cse -mlir-print-debuginfo \
// RUN:   | ascir-translate --mlir-to-ascendc --asc-line-directives=false | FileCheck %s --check-prefix=INLINED

// The TPipe/TQue vector-add kernel as the frontend builds it: a tiling struct
// passed through GM, double-buffered queues, and device functions for the
// three stages. Emitted as it is, the device functions take the queues by
// reference; after the frontend's pipeline they are inlined into the kernel
// and keep their variable names (made unique: `x` is also a parameter).

!tiling = !asc.struct<"VaddTiling", ["block_length" : i32, "tile_num" : i32]>

func.func @copy_in(%qx: !asc.tque<vecin, 2>, %x_gm: !asc.global_tensor<f32>, %i: i32, %tile: i32) {
  %x_local = asc.alloc_tensor %qx : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32> loc("x_local"("vadd.py":20:8))
  %off = arith.muli %i, %tile : i32
  %src = asc.subview %x_gm[%off] : !asc.global_tensor<f32>, i32
  asc.data_copy %x_local, %src, %tile : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32
  asc.enque %qx, %x_local : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  return
}

func.func @compute(%qx: !asc.tque<vecin, 2>, %qz: !asc.tque<vecout, 2>, %tile: i32) {
  %x = asc.deque %qx : !asc.tque<vecin, 2> -> !asc.local_tensor<vecin, f32> loc("x"("vadd.py":26:8))
  %z = asc.alloc_tensor %qz : !asc.tque<vecout, 2> -> !asc.local_tensor<vecout, f32> loc("z"("vadd.py":27:8))
  asc.add %z, %x, %x, %tile : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32
  asc.enque %qz, %z : !asc.tque<vecout, 2>, !asc.local_tensor<vecout, f32>
  asc.free_tensor %qx, %x : !asc.tque<vecin, 2>, !asc.local_tensor<vecin, f32>
  return
}

func.func @copy_out(%qz: !asc.tque<vecout, 2>, %z_gm: !asc.global_tensor<f32>, %i: i32, %tile: i32) {
  %z = asc.deque %qz : !asc.tque<vecout, 2> -> !asc.local_tensor<vecout, f32> loc("z"("vadd.py":33:8))
  %off = arith.muli %i, %tile : i32
  %dst = asc.subview %z_gm[%off] : !asc.global_tensor<f32>, i32
  asc.data_copy %dst, %z, %tile : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32
  asc.free_tensor %qz, %z : !asc.tque<vecout, 2>, !asc.local_tensor<vecout, f32>
  return
}

func.func @vadd_kernel(%x: !asc.gm_addr<f32> loc("x"("vadd.py":5:0)), %z: !asc.gm_addr<f32> loc("z"("vadd.py":5:0)),
                       %t: !asc.gm_addr<!tiling> loc("tiling_ptr"("vadd.py":5:0))) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %tiling = asc.struct_load %t : !asc.gm_addr<!tiling> loc("tiling"("vadd.py":6:4))
  %block_length = asc.struct_get %tiling["block_length"] : !tiling -> i32 loc("block_length"("vadd.py":7:4))
  %tile_num = asc.struct_get %tiling["tile_num"] : !tiling -> i32
  %idx = asc.get_block_idx : i32
  %offset = arith.muli %idx, %block_length : i32 loc("offset"("vadd.py":8:4))
  %x_gm = asc.global_tensor : !asc.global_tensor<f32> loc("x_gm"("vadd.py":9:4))
  %xp = asc.ptr_offset %x, %offset : !asc.gm_addr<f32>, i32
  asc.set_global_buffer %x_gm, %xp, %block_length : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  %z_gm = asc.global_tensor : !asc.global_tensor<f32> loc("z_gm"("vadd.py":10:4))
  %zp = asc.ptr_offset %z, %offset : !asc.gm_addr<f32>, i32
  asc.set_global_buffer %z_gm, %zp, %block_length : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32
  %pipe = asc.tpipe : !asc.tpipe loc("pipe"("vadd.py":11:4))
  %qx = asc.tque : !asc.tque<vecin, 2> loc("qx"("vadd.py":12:4))
  %qz = asc.tque : !asc.tque<vecout, 2> loc("qz"("vadd.py":13:4))
  asc.tpipe_init_buffer %pipe, %qx, %c2, %c1024 : !asc.tque<vecin, 2>, i32, i32
  asc.tpipe_init_buffer %pipe, %qz, %c2, %c1024 : !asc.tque<vecout, 2>, i32, i32
  %loops = arith.muli %tile_num, %c2 : i32
  scf.for %i = %c0 to %loops step %c1 : i32 {
    func.call @copy_in(%qx, %x_gm, %i, %c256) : (!asc.tque<vecin, 2>, !asc.global_tensor<f32>, i32, i32) -> ()
    func.call @compute(%qx, %qz, %c256) : (!asc.tque<vecin, 2>, !asc.tque<vecout, 2>, i32) -> ()
    func.call @copy_out(%qz, %z_gm, %i, %c256) : (!asc.tque<vecout, 2>, !asc.global_tensor<f32>, i32, i32) -> ()
  }
  return
}

// CHECK:      struct VaddTiling {
// CHECK-NEXT:   int32_t block_length;
// CHECK-NEXT:   int32_t tile_num;
// CHECK-NEXT: };
// CHECK:      __aicore__ inline void copy_in(AscendC::TQue<AscendC::TPosition::VECIN, 2>& [[QX:v[0-9]+]], AscendC::GlobalTensor<float> [[XG:v[0-9]+]], int32_t [[I:v[0-9]+]], int32_t [[T:v[0-9]+]]) {
// CHECK-NEXT:   AscendC::LocalTensor<float> x_local = [[QX]].AllocTensor<float>();
// CHECK-NEXT:   AscendC::DataCopy(x_local, [[XG]][[[I]] * [[T]]], [[T]]);
// CHECK-NEXT:   [[QX]].EnQue(x_local);
// CHECK-NEXT: }
// CHECK:      __aicore__ inline void compute(AscendC::TQue<AscendC::TPosition::VECIN, 2>& [[QX:v[0-9]+]], AscendC::TQue<AscendC::TPosition::VECOUT, 2>& [[QZ:v[0-9]+]], int32_t [[T:v[0-9]+]]) {
// CHECK-NEXT:   AscendC::LocalTensor<float> x = [[QX]].DeQue<float>();
// CHECK-NEXT:   AscendC::LocalTensor<float> z = [[QZ]].AllocTensor<float>();
// CHECK-NEXT:   AscendC::Add(z, x, x, [[T]]);
// CHECK-NEXT:   [[QZ]].EnQue(z);
// CHECK-NEXT:   [[QX]].FreeTensor(x);
// CHECK-NEXT: }
// CHECK:      extern "C" __global__ __aicore__ void pyasc_vadd_kernel(__gm__ float* x, __gm__ float* z, __gm__ VaddTiling* tiling_ptr) {
// CHECK-NEXT:   VaddTiling tiling = *tiling_ptr;
// CHECK-NEXT:   int32_t block_length = tiling.block_length;
// CHECK-NEXT:   int32_t offset = static_cast<int32_t>(AscendC::GetBlockIdx()) * block_length;
// CHECK:        AscendC::TPipe pipe;
// CHECK-NEXT:   AscendC::TQue<AscendC::TPosition::VECIN, 2> qx;
// CHECK-NEXT:   AscendC::TQue<AscendC::TPosition::VECOUT, 2> qz;
// CHECK-NEXT:   pipe.InitBuffer(qx, 2, 1024);
// CHECK-NEXT:   pipe.InitBuffer(qz, 2, 1024);
// CHECK-NEXT:   for (int32_t i = 0; i < tiling.tile_num * 2; i += 1) {
// CHECK-NEXT:     pyasc::loop_tick();
// CHECK-NEXT:     copy_in(qx, x_gm, i, 256);
// CHECK-NEXT:     compute(qx, qz, 256);
// CHECK-NEXT:     copy_out(qz, z_gm, i, 256);
// CHECK-NEXT:   }
// CHECK-NEXT: }

// INLINED-NOT:  copy_in
// INLINED:      extern "C" __global__ __aicore__ void pyasc_vadd_kernel(
// INLINED:        for (int32_t i = 0; i < tiling.tile_num * 2; i += 1) {
// INLINED-NEXT:          pyasc::loop_tick();
// INLINED-NEXT:     AscendC::LocalTensor<float> x_local = qx.AllocTensor<float>();
// INLINED-NEXT:     int32_t [[OFF:v[0-9]+]] = i * 256;
// INLINED-NEXT:     AscendC::DataCopy(x_local, x_gm[[[OFF]]], 256);
// INLINED-NEXT:     qx.EnQue(x_local);
// INLINED-NEXT:     AscendC::LocalTensor<float> x_1 = qx.DeQue<float>();
// INLINED-NEXT:     AscendC::LocalTensor<float> z_1 = qz.AllocTensor<float>();
// INLINED-NEXT:     AscendC::Add(z_1, x_1, x_1, 256);
// INLINED-NEXT:     qz.EnQue(z_1);
// INLINED-NEXT:     qx.FreeTensor(x_1);
// INLINED-NEXT:     AscendC::LocalTensor<float> z_2 = qz.DeQue<float>();
// INLINED-NEXT:     AscendC::DataCopy(z_gm[[[OFF]]], z_2, 256);
// INLINED-NEXT:     qz.FreeTensor(z_2);
// INLINED-NEXT:   }
// INLINED-NEXT: }
