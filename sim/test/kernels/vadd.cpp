//===- vadd.cpp - Seed static-tensor vector add ------------------*- C++ -*-===//
//
// The tutorial 01 kernel as the emitter produces it (minus #line directives),
// plus its entry stub, for the element type VADD_T (built three times: float,
// half, int32_t - sim/test/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#include "kernel_operator.h"

#ifndef VADD_T
#error "build with -DVADD_T=<element type>"
#endif

extern "C" __global__ __aicore__ void vadd_kernel(__gm__ VADD_T* x, __gm__ VADD_T* y, __gm__ VADD_T* z, int32_t block_length) {
  int32_t offset = static_cast<int32_t>(AscendC::GetBlockIdx()) * block_length;
  AscendC::GlobalTensor<VADD_T> x_gm;
  AscendC::GlobalTensor<VADD_T> y_gm;
  AscendC::GlobalTensor<VADD_T> z_gm;
  x_gm.SetGlobalBuffer(x + offset, block_length);
  y_gm.SetGlobalBuffer(y + offset, block_length);
  z_gm.SetGlobalBuffer(z + offset, block_length);
  int32_t tile_length = block_length / 8 / 2;
  int32_t buffer_size = tile_length * 2 * static_cast<int32_t>(sizeof(VADD_T));
  AscendC::LocalTensor<VADD_T> x_local(AscendC::TPosition::VECIN, 0, tile_length * 2);
  AscendC::LocalTensor<VADD_T> y_local(AscendC::TPosition::VECIN, buffer_size, tile_length * 2);
  AscendC::LocalTensor<VADD_T> z_local(AscendC::TPosition::VECOUT, buffer_size + buffer_size, tile_length * 2);
  for (int32_t i = 0; i < 16; i += 1) {
    int32_t buf_id = i % 2;
    AscendC::DataCopy(x_local[buf_id * tile_length], x_gm[i * tile_length], tile_length);
    AscendC::DataCopy(y_local[buf_id * tile_length], y_gm[i * tile_length], tile_length);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(buf_id);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(buf_id);
    AscendC::Add(z_local[buf_id * tile_length], x_local[buf_id * tile_length], y_local[buf_id * tile_length], tile_length);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(buf_id);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(buf_id);
    AscendC::DataCopy(z_gm[i * tile_length], z_local[buf_id * tile_length], tile_length);
    AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(buf_id);
    AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(buf_id);
  }
}

#include "ascsim_entry.h"
extern "C" void ascsim_entry(const uint64_t* a) {
  vadd_kernel(ascsim::arg<__gm__ VADD_T*>(a[0]), ascsim::arg<__gm__ VADD_T*>(a[1]), ascsim::arg<__gm__ VADD_T*>(a[2]), ascsim::arg<int32_t>(a[3]));
}
