// RUN: ascir-translate --mlir-to-ascendc --asc-line-directives=false %s | FileCheck %s
// RUN: ascir-translate --mlir-to-ascendc %s | FileCheck %s --check-prefix=LINE

// The seed vector-add kernel (static tensors, double buffering, manual
// flags) as the frontend builds it: Python variable names on results,
// kernel parameters and the loop variable; Python source lines everywhere.

func.func @vadd_kernel(%x: !asc.gm_addr<f32> loc(#x), %y: !asc.gm_addr<f32> loc(#y),
                       %z: !asc.gm_addr<f32> loc(#z), %block_length: i32 loc(#bl))
    attributes {asc.kernel} {
  %idx = asc.get_block_idx : i32 loc(#l6)
  %offset = arith.muli %idx, %block_length : i32 loc(#offset)
  %x_gm = asc.global_tensor : !asc.global_tensor<f32> loc(#x_gm)
  %y_gm = asc.global_tensor : !asc.global_tensor<f32> loc(#y_gm)
  %z_gm = asc.global_tensor : !asc.global_tensor<f32> loc(#z_gm)
  %xp = asc.ptr_offset %x, %offset : !asc.gm_addr<f32>, i32 loc(#l10)
  asc.set_global_buffer %x_gm, %xp, %block_length : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32 loc(#l10)
  %yp = asc.ptr_offset %y, %offset : !asc.gm_addr<f32>, i32 loc(#l11)
  asc.set_global_buffer %y_gm, %yp, %block_length : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32 loc(#l11)
  %zp = asc.ptr_offset %z, %offset : !asc.gm_addr<f32>, i32 loc(#l12)
  asc.set_global_buffer %z_gm, %zp, %block_length : !asc.global_tensor<f32>, !asc.gm_addr<f32>, i32 loc(#l12)
  %c8 = arith.constant 8 : i32 loc(#l13)
  %c2 = arith.constant 2 : i32 loc(#l13)
  %t0 = arith.divsi %block_length, %c8 : i32 loc(#l13)
  %tile_length = arith.divsi %t0, %c2 : i32 loc(#tile_length)
  %c4 = arith.constant 4 : i32 loc(#l15)
  %b0 = arith.muli %tile_length, %c2 : i32 loc(#l15)
  %buffer_size = arith.muli %b0, %c4 : i32 loc(#buffer_size)
  %c0 = arith.constant 0 : i32 loc(#l16)
  %n0 = arith.muli %tile_length, %c2 : i32 loc(#l16)
  %x_local = asc.local_tensor %c0, %n0 : i32, i32 -> !asc.local_tensor<vecin, f32> loc(#x_local)
  %n1 = arith.muli %tile_length, %c2 : i32 loc(#l17)
  %y_local = asc.local_tensor %buffer_size, %n1 : i32, i32 -> !asc.local_tensor<vecin, f32> loc(#y_local)
  %a2 = arith.addi %buffer_size, %buffer_size : i32 loc(#l18)
  %n2 = arith.muli %tile_length, %c2 : i32 loc(#l18)
  %z_local = asc.local_tensor %a2, %n2 : i32, i32 -> !asc.local_tensor<vecout, f32> loc(#z_local)
  %c16 = arith.constant 16 : i32 loc(#l19)
  %c1 = arith.constant 1 : i32 loc(#l19)
  // Generic form: the custom scf.for syntax has no place for the location
  // of the induction variable.
  "scf.for"(%c0, %c16, %c1) ({
  ^bb0(%i: i32 loc(#i)):
    %buf_id = arith.remsi %i, %c2 : i32 loc(#buf_id)
    %o0 = arith.muli %buf_id, %tile_length : i32 loc(#l21)
    %xl0 = asc.subview %x_local[%o0] : !asc.local_tensor<vecin, f32>, i32 loc(#l21)
    %o1 = arith.muli %i, %tile_length : i32 loc(#l21)
    %xg0 = asc.subview %x_gm[%o1] : !asc.global_tensor<f32>, i32 loc(#l21)
    asc.data_copy %xl0, %xg0, %tile_length : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32 loc(#l21)
    %o2 = arith.muli %buf_id, %tile_length : i32 loc(#l22)
    %yl0 = asc.subview %y_local[%o2] : !asc.local_tensor<vecin, f32>, i32 loc(#l22)
    %o3 = arith.muli %i, %tile_length : i32 loc(#l22)
    %yg0 = asc.subview %y_gm[%o3] : !asc.global_tensor<f32>, i32 loc(#l22)
    asc.data_copy %yl0, %yg0, %tile_length : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>, i32 loc(#l22)
    asc.set_flag mte2_v, %buf_id : i32 loc(#l23)
    asc.wait_flag mte2_v, %buf_id : i32 loc(#l24)
    %o4 = arith.muli %buf_id, %tile_length : i32 loc(#l25)
    %zl0 = asc.subview %z_local[%o4] : !asc.local_tensor<vecout, f32>, i32 loc(#l25)
    %o5 = arith.muli %buf_id, %tile_length : i32 loc(#l25)
    %xl1 = asc.subview %x_local[%o5] : !asc.local_tensor<vecin, f32>, i32 loc(#l25)
    %o6 = arith.muli %buf_id, %tile_length : i32 loc(#l25)
    %yl1 = asc.subview %y_local[%o6] : !asc.local_tensor<vecin, f32>, i32 loc(#l25)
    asc.add %zl0, %xl1, %yl1, %tile_length : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>, i32 loc(#l25)
    asc.set_flag v_mte3, %buf_id : i32 loc(#l26)
    asc.wait_flag v_mte3, %buf_id : i32 loc(#l27)
    %o7 = arith.muli %i, %tile_length : i32 loc(#l28)
    %zg0 = asc.subview %z_gm[%o7] : !asc.global_tensor<f32>, i32 loc(#l28)
    %o8 = arith.muli %buf_id, %tile_length : i32 loc(#l28)
    %zl1 = asc.subview %z_local[%o8] : !asc.local_tensor<vecout, f32>, i32 loc(#l28)
    asc.data_copy %zg0, %zl1, %tile_length : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32 loc(#l28)
    asc.set_flag mte3_mte2, %buf_id : i32 loc(#l29)
    asc.wait_flag mte3_mte2, %buf_id : i32 loc(#l30)
    scf.yield loc(#l19)
  }) : (i32, i32, i32) -> () loc(#l19)
  return loc(#l5)
} loc(#l5)

#l5 = loc("/home/user/vadd.py":5:0)
#l6 = loc("/home/user/vadd.py":6:4)
#l7 = loc("/home/user/vadd.py":7:4)
#l8 = loc("/home/user/vadd.py":8:4)
#l9 = loc("/home/user/vadd.py":9:4)
#l10 = loc("/home/user/vadd.py":10:4)
#l11 = loc("/home/user/vadd.py":11:4)
#l12 = loc("/home/user/vadd.py":12:4)
#l13 = loc("/home/user/vadd.py":13:4)
#l15 = loc("/home/user/vadd.py":15:4)
#l16 = loc("/home/user/vadd.py":16:4)
#l17 = loc("/home/user/vadd.py":17:4)
#l18 = loc("/home/user/vadd.py":18:4)
#l19 = loc("/home/user/vadd.py":19:4)
#l20 = loc("/home/user/vadd.py":20:8)
#l21 = loc("/home/user/vadd.py":21:8)
#l22 = loc("/home/user/vadd.py":22:8)
#l23 = loc("/home/user/vadd.py":23:8)
#l24 = loc("/home/user/vadd.py":24:8)
#l25 = loc("/home/user/vadd.py":25:8)
#l26 = loc("/home/user/vadd.py":26:8)
#l27 = loc("/home/user/vadd.py":27:8)
#l28 = loc("/home/user/vadd.py":28:8)
#l29 = loc("/home/user/vadd.py":29:8)
#l30 = loc("/home/user/vadd.py":30:8)
#x = loc("x"(#l5))
#y = loc("y"(#l5))
#z = loc("z"(#l5))
#bl = loc("block_length"(#l5))
#offset = loc("offset"(#l6))
#x_gm = loc("x_gm"(#l7))
#y_gm = loc("y_gm"(#l8))
#z_gm = loc("z_gm"(#l9))
#tile_length = loc("tile_length"(#l13))
#buffer_size = loc("buffer_size"(#l15))
#x_local = loc("x_local"(#l16))
#y_local = loc("y_local"(#l17))
#z_local = loc("z_local"(#l18))
#i = loc("i"(#l19))
#buf_id = loc("buf_id"(#l20))

// CHECK:      // Generated by pyasc (ascir-translate --mlir-to-ascendc)
// CHECK-NEXT: #include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT: #ifdef ASCSIM
// CHECK-NEXT: #include "ascsim/watchdog.h"
// CHECK-NEXT: #else
// CHECK-NEXT: namespace pyasc {
// CHECK-NEXT: __aicore__ inline void loop_tick() {}
// CHECK-NEXT: } // namespace pyasc
// CHECK-NEXT: #endif
// CHECK-EMPTY:
// CHECK-NEXT: extern "C" __global__ __aicore__ void pyasc_vadd_kernel(__gm__ float* x, __gm__ float* y, __gm__ float* z, int32_t block_length) {
// CHECK-NEXT:   int32_t offset = static_cast<int32_t>(AscendC::GetBlockIdx()) * block_length;
// CHECK-NEXT:   AscendC::GlobalTensor<float> x_gm;
// CHECK-NEXT:   AscendC::GlobalTensor<float> y_gm;
// CHECK-NEXT:   AscendC::GlobalTensor<float> z_gm;
// CHECK-NEXT:   x_gm.SetGlobalBuffer(x + offset, block_length);
// CHECK-NEXT:   y_gm.SetGlobalBuffer(y + offset, block_length);
// CHECK-NEXT:   z_gm.SetGlobalBuffer(z + offset, block_length);
// CHECK-NEXT:   int32_t tile_length = block_length / 8 / 2;
// CHECK-NEXT:   int32_t buffer_size = tile_length * 2 * 4;
// CHECK-NEXT:   AscendC::LocalTensor<float> x_local(AscendC::TPosition::VECIN, 0, tile_length * 2);
// CHECK-NEXT:   AscendC::LocalTensor<float> y_local(AscendC::TPosition::VECIN, buffer_size, tile_length * 2);
// CHECK-NEXT:   AscendC::LocalTensor<float> z_local(AscendC::TPosition::VECOUT, buffer_size + buffer_size, tile_length * 2);
// CHECK-NEXT:   for (int32_t i = 0; i < 16; i += 1) {
// CHECK-NEXT:     pyasc::loop_tick();
// CHECK-NEXT:     int32_t buf_id = i % 2;
// CHECK-NEXT:     AscendC::DataCopy(x_local[buf_id * tile_length], x_gm[i * tile_length], tile_length);
// CHECK-NEXT:     AscendC::DataCopy(y_local[buf_id * tile_length], y_gm[i * tile_length], tile_length);
// CHECK-NEXT:     AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(buf_id);
// CHECK-NEXT:     AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(buf_id);
// CHECK-NEXT:     AscendC::Add(z_local[buf_id * tile_length], x_local[buf_id * tile_length], y_local[buf_id * tile_length], tile_length);
// CHECK-NEXT:     AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(buf_id);
// CHECK-NEXT:     AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(buf_id);
// CHECK-NEXT:     AscendC::DataCopy(z_gm[i * tile_length], z_local[buf_id * tile_length], tile_length);
// CHECK-NEXT:     AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(buf_id);
// CHECK-NEXT:     AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(buf_id);
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NOT:  {{.}}

// One directive where the kernel starts; statements whose Python line is
// the next C++ line need none.
// LINE:      #include "kernel_operator.h"
// LINE-EMPTY:
// LINE-NEXT: #ifdef ASCSIM
// LINE-NEXT: #include "ascsim/watchdog.h"
// LINE-NEXT: #else
// LINE-NEXT: namespace pyasc {
// LINE-NEXT: __aicore__ inline void loop_tick() {}
// LINE-NEXT: } // namespace pyasc
// LINE-NEXT: #endif
// LINE-EMPTY:
// LINE-NEXT: #line 5 "/home/user/vadd.py"
// LINE-NEXT: extern "C" __global__ __aicore__ void pyasc_vadd_kernel(
// LINE-NEXT:   int32_t offset =
// LINE-NEXT:   AscendC::GlobalTensor<float> x_gm;
// LINE-NEXT:   AscendC::GlobalTensor<float> y_gm;
// LINE-NEXT:   AscendC::GlobalTensor<float> z_gm;
// LINE-NEXT:   x_gm.SetGlobalBuffer(
// LINE-NEXT:   y_gm.SetGlobalBuffer(
// LINE-NEXT:   z_gm.SetGlobalBuffer(
// LINE-NEXT:   int32_t tile_length =
// LINE-NEXT: #line 15 "/home/user/vadd.py"
// LINE-NEXT:   int32_t buffer_size =
// LINE:        for (int32_t i = 0; i < 16; i += 1) {
// LINE-NEXT: #line 19 "/home/user/vadd.py"
// LINE-NEXT:     pyasc::loop_tick();
// LINE-NEXT:     int32_t buf_id = i % 2;
// LINE:          AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(buf_id);
// LINE-NEXT:   }
// LINE-NEXT: }
